import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { set, useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { addDays } from '@shared/dates/dates.ts';
import type { TInvoice, TQuote } from '@shared/invoicing/contracts.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { toast } from '@web/ui/toast.ts';
import {
  editorPath,
  editorValuesOf,
  liveTotals,
  newEditorValues,
  parseDocument,
  type DocumentKind,
  type EditorValues,
  type InvoiceExtra,
  type ParsedDocument,
} from './editor-values.ts';
import { useInvoicingContext, type InvoicingContext } from './invoicing-api.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from './invoicing-ui.tsx';

/**
 * The editor's form: values checked by parseDocument, the invoicing context of the chosen client, dates that
 * follow the issue date until set by hand, the live totals, and a submit that puts the server's field problems
 * on their fields.
 */
export function useDocumentForm({
  kind,
  initial,
  extra,
  firstContext,
  onSubmit,
}: {
  kind: DocumentKind;
  initial?: TQuote | TInvoice;
  extra?: InvoiceExtra;
  firstContext: InvoicingContext;
  onSubmit: (parsed: ParsedDocument) => Promise<void>;
}) {
  const { t } = useTranslation(['invoices', 'common']);
  const { orgId } = useInvoicingPermissions();
  const lang = currentLanguage();

  const defaultValues = useMemo(
    () =>
      initial ? editorValuesOf(initial, lang) : newEditorValues(kind, todayIsoDate(), firstContext, lang),
    // Computed once: the form owns the values afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = useMemo<Resolver<EditorValues, unknown, ParsedDocument>>(
    () => async (values) => {
      const result = parseDocument(values, kind, lang, extra);
      if (result.success) return { values: result.data, errors: {} };
      const errors: FieldErrors<EditorValues> = {};
      for (const issue of result.issues) {
        set(errors, issue.path, { type: 'validate', message: issue.message });
      }
      return { values: {}, errors };
    },
    [kind, lang, extra],
  );
  const form = useForm<EditorValues, unknown, ParsedDocument>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const values = useWatch({ control: form.control }) as EditorValues;
  const clientId = values.client?.id ?? null;
  const contextQuery = useInvoicingContext(orgId, clientId);
  const context = contextQuery.data ?? firstContext;

  // Dates follow the issue date and the client's terms until the user sets them by hand (a stored document's
  // dates are the user's already).
  const datesTouched = useRef(!!initial);
  useEffect(() => {
    if (datesTouched.current || !values.issueDate) return;
    if (kind === 'quote') {
      form.setValue('validUntil', addDays(values.issueDate, context.quoteValidityDays));
    } else {
      form.setValue('dueDate', addDays(values.issueDate, context.paymentTermsDays));
    }
  }, [form, kind, values.issueDate, context.quoteValidityDays, context.paymentTermsDays]);

  const live = useMemo(() => liveTotals(values, context, lang), [values, context, lang]);
  // Lines left out of the totals that the user has started (an untouched empty line needs no remark).
  const startedButExcluded = values.lines.filter(
    (line, i) => live.lineTotals[i] === null && (line.description.trim() || line.price.trim()),
  ).length;

  const submit = form.handleSubmit(
    async (parsed) => {
      try {
        await onSubmit(parsed);
      } catch (error) {
        const issues = serverFieldIssues(error);
        issues.forEach((issue, i) =>
          form.setError(
            editorPath(issue.path) as FieldPath<EditorValues>,
            { message: issue.message },
            { shouldFocus: i === 0 },
          ),
        );
        toast.error(invoicingErrorMessage(error, t));
      }
    },
    () => toast.error(t('invoices:editor.invalid')),
  );

  return { form, values, context, datesTouched, live, startedButExcluded, submit };
}
