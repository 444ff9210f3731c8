import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Controller,
  set,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { ArrowLeft, Info, Save } from 'lucide-react';
import { addDays } from '@shared/dates/dates.ts';
import { isIsoDate } from '@shared/imports/dates.ts';
import { PDF_TEMPLATES, type TInvoice, type TQuote } from '@shared/invoicing/contracts.ts';
import { PENSION_FUND_TYPES, WITHHOLDING_TYPES } from '@shared/invoicing/document.ts';
import { PAYMENT_METHODS } from '@shared/transactions/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { ClientPicker } from './client-picker.tsx';
import {
  editorPath,
  editorValuesOf,
  isForfettario,
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
import { LineEditor } from './line-editor.tsx';
import { ReferencesFields } from './references-fields.tsx';
import { TotalsPanel } from './totals-panel.tsx';

export interface DocumentEditorProps {
  kind: DocumentKind;
  title: string;
  description?: string;
  backTo: string;
  backLabel: string;
  /** The stored document when editing. */
  initial?: TQuote | TInvoice;
  /** Invoice: type and corrected invoice (credit notes). */
  extra?: InvoiceExtra;
  /** Shown above the form (e.g. "credit note for invoice 12/2026"). */
  notice?: ReactNode;
  submitLabel: string;
  /** Saves; throws the API error so field problems land on their fields. */
  onSubmit: (parsed: ParsedDocument) => Promise<void>;
}

/**
 * The one editor of quotes and invoices: client, dates, lines, withholding and pension fund, notes, terms and
 * PDF template, with the live totals computed by the same computeDocument the server runs. A new document waits
 * for the organization's invoicing context to fill its defaults.
 */
export function DocumentEditor(props: DocumentEditorProps) {
  const { t } = useTranslation(['invoices', 'common']);
  const { orgId } = useInvoicingPermissions();
  const context = useInvoicingContext(orgId, props.initial?.client.id ?? null);

  if (context.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (context.isError) {
    return (
      <div>
        <PageHeader title={props.title} />
        <Alert tone="error" title={t('invoices:editor.contextError')}>
          {invoicingErrorMessage(context.error, t)}
        </Alert>
      </div>
    );
  }
  return <EditorForm {...props} firstContext={context.data} />;
}

function EditorForm({
  kind,
  title,
  description,
  backTo,
  backLabel,
  initial,
  extra,
  notice,
  submitLabel,
  onSubmit,
  firstContext,
}: DocumentEditorProps & { firstContext: InvoicingContext }) {
  const { t } = useTranslation(['invoices', 'quotes', 'buttons', 'forms', 'common']);
  const { orgId } = useInvoicingPermissions();
  const lang = currentLanguage();
  const locale = localeOf(lang);

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
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as EditorValues;
  const clientId = values.client?.id ?? null;
  const contextQuery = useInvoicingContext(orgId, clientId);
  const context = contextQuery.data ?? firstContext;
  const flat = isForfettario(context.regime);

  // Dates follow the issue date and the client's terms until the user sets them by hand (a stored document's
  // dates are the user's already).
  const datesTouched = useRef(!!initial);
  useEffect(() => {
    if (datesTouched.current || !isIsoDate(values.issueDate)) return;
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

  const saving = form.formState.isSubmitting;
  const optional = t('forms:optional');

  return (
    <div>
      <Link
        to={backTo}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
      <PageHeader title={title} description={description} />
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
        <fieldset disabled={saving} className="grid min-w-0 gap-6">
          <legend className="sr-only">{title}</legend>
          {notice}
          <Card>
            <CardHeader title={t('invoices:editor.details')} />
            <CardContent className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              <Field
                label={t('invoices:editor.client')}
                error={fieldText(errors.client?.message)}
                required
                className="sm:col-span-2"
                hint={
                  values.client ? (
                    <span className="flex flex-wrap items-center gap-2">
                      {t(`invoices:editor.documentIn.${context.language}`)}
                      {context.splitPayment && !flat ? (
                        <Badge tone="warning">{t('invoices:editor.splitPaymentClient')}</Badge>
                      ) : null}
                    </span>
                  ) : undefined
                }
              >
                {(props) => (
                  <Controller
                    control={form.control}
                    name="client"
                    render={({ field }) => (
                      <ClientPicker
                        orgId={orgId}
                        value={field.value}
                        onChange={(client) => field.onChange(client)}
                        controlProps={props}
                        inputRef={field.ref}
                      />
                    )}
                  />
                )}
              </Field>
              <Field
                label={t('invoices:editor.issueDate')}
                error={fieldText(errors.issueDate?.message)}
                required
              >
                {(props) => <Input {...props} type="date" {...form.register('issueDate')} />}
              </Field>
              {kind === 'quote' ? (
                <Field
                  label={t('quotes:fields.validUntil')}
                  hint={t('quotes:editor.validUntilHint', { count: context.quoteValidityDays })}
                  error={fieldText(errors.validUntil?.message)}
                >
                  {(props) => (
                    <Input
                      {...props}
                      type="date"
                      {...form.register('validUntil', { onChange: () => (datesTouched.current = true) })}
                    />
                  )}
                </Field>
              ) : (
                <Field
                  label={t('invoices:fields.dueDate')}
                  hint={t('invoices:editor.dueDateHint', { count: context.paymentTermsDays })}
                  error={fieldText(errors.dueDate?.message)}
                >
                  {(props) => (
                    <Input
                      {...props}
                      type="date"
                      {...form.register('dueDate', { onChange: () => (datesTouched.current = true) })}
                    />
                  )}
                </Field>
              )}
              {kind === 'invoice' ? (
                <Field
                  label={t('invoices:fields.paymentMethod')}
                  error={fieldText(errors.paymentMethod?.message)}
                  className="sm:col-span-2"
                >
                  {(props) => (
                    <Select {...props} {...form.register('paymentMethod')}>
                      {PAYMENT_METHODS.map((method) => (
                        <option key={method} value={method}>
                          {t(`invoices:paymentMethods.${method}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              ) : null}
              <Field
                label={t('invoices:editor.pdfTemplate')}
                error={fieldText(errors.pdfTemplate?.message)}
                className="sm:col-span-2"
              >
                {(props) => (
                  <Select {...props} {...form.register('pdfTemplate')}>
                    <option value="">{t('invoices:editor.pdfTemplateDefault')}</option>
                    {PDF_TEMPLATES.map((name) => (
                      <option key={name} value={name}>
                        {t(`invoices:templates.${name}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </CardContent>
          </Card>

          {flat ? (
            <Alert tone="info" title={t('invoices:editor.forfettarioTitle')}>
              {t('invoices:editor.forfettarioText')}
            </Alert>
          ) : null}

          <Card>
            <CardHeader title={t('invoices:lines.title')} description={t('invoices:lines.intro')} />
            <LineEditor form={form} orgId={orgId} regime={context.regime} lineTotals={live.lineTotals} />
          </Card>

          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)]">
            <div className="grid min-w-0 gap-6">
              {flat ? null : (
                <Card>
                  <CardHeader
                    title={t('invoices:editor.withholdingTitle')}
                    description={t('invoices:editor.withholdingDescription')}
                  />
                  <CardContent className="grid gap-5">
                    <WithholdingFields form={form} values={values} />
                  </CardContent>
                </Card>
              )}
              {flat ? (
                <Card>
                  <CardHeader title={t('invoices:editor.pensionFundTitle')} />
                  <CardContent className="grid gap-5">
                    <PensionFundFields form={form} values={values} withholdingOn={false} />
                  </CardContent>
                </Card>
              ) : null}
              {kind === 'invoice' ? (
                <Card>
                  <CardHeader
                    title={t('invoices:references.title')}
                    description={t('invoices:references.description')}
                  />
                  <CardContent>
                    <ReferencesFields
                      form={form}
                      values={values}
                      documentType={extra?.documentType ?? 'TD01'}
                      amountDueCents={live.totals.amountDueCents}
                    />
                  </CardContent>
                </Card>
              ) : null}
              <Card>
                <CardHeader title={t('invoices:editor.notesTitle')} />
                <CardContent className="grid gap-5">
                  <Field
                    label={t('invoices:fields.notes')}
                    hint={t('invoices:editor.notesHint')}
                    error={fieldText(errors.notes?.message)}
                    optionalText={optional}
                  >
                    {(props) => <Textarea {...props} rows={3} maxLength={2000} {...form.register('notes')} />}
                  </Field>
                  <Field
                    label={t('invoices:fields.terms')}
                    hint={t('invoices:editor.termsHint')}
                    error={fieldText(errors.terms?.message)}
                    optionalText={optional}
                  >
                    {(props) => <Textarea {...props} rows={3} maxLength={2000} {...form.register('terms')} />}
                  </Field>
                </CardContent>
              </Card>
            </div>
            <Card className="lg:sticky lg:top-20">
              <CardHeader title={t('invoices:totals.title')} description={t('invoices:totals.liveHint')} />
              <CardContent className="grid gap-3">
                {startedButExcluded > 0 ? (
                  <p className="flex gap-2 text-xs text-muted-foreground">
                    <Info aria-hidden="true" className="size-4 shrink-0" />
                    {t('invoices:totals.excluded', { count: startedButExcluded })}
                  </p>
                ) : null}
                {live.incompleteOptions ? (
                  <p className="flex gap-2 text-xs text-muted-foreground">
                    <Info aria-hidden="true" className="size-4 shrink-0" />
                    {t('invoices:totals.incompleteOptions')}
                  </p>
                ) : null}
                <TotalsPanel totals={live.totals} documentLanguage={context.language} />
              </CardContent>
            </Card>
          </div>

          <div
            data-action-bar
            className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-border bg-surface px-4 py-3 shadow-pop sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
          >
            <div className="mr-auto min-w-0">
              <p className="text-xs text-muted-foreground">{t('invoices:totals.amountDue')}</p>
              <p
                className="truncate text-base font-semibold text-foreground tabular-nums"
                data-testid="editor-amount-due"
              >
                {formatEuroCents(live.totals.amountDueCents, locale)}
              </p>
            </div>
            <Link to={backTo} className={buttonClasses('outline', 'md', 'hidden sm:inline-flex')}>
              {t('buttons:cancel')}
            </Link>
            <Button type="submit" loading={saving}>
              {saving ? null : <Save aria-hidden="true" className="size-4" />}
              {submitLabel}
            </Button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}

type EditorFormApi = ReturnType<typeof useForm<EditorValues, unknown, ParsedDocument>>;

function WithholdingFields({ form, values }: { form: EditorFormApi; values: EditorValues }) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('withholdingOn')}
        />
        <span>
          <span className="block font-medium text-foreground">{t('invoices:editor.withholdingOn')}</span>
          <span className="block text-xs text-muted-foreground">{t('invoices:editor.withholdingHint')}</span>
        </span>
      </label>
      {values.withholdingOn ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            label={t('invoices:editor.withholdingType')}
            error={fieldText(errors.withholding?.type?.message)}
          >
            {(props) => (
              <Select {...props} {...form.register('withholding.type')}>
                {WITHHOLDING_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`invoices:withholdingTypes.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('invoices:editor.ratePercent')}
            error={fieldText(errors.withholding?.ratePercent?.message)}
          >
            {(props) => (
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                {...form.register('withholding.ratePercent')}
              />
            )}
          </Field>
          <Field
            label={t('invoices:editor.causale')}
            hint={t('invoices:editor.causaleHint')}
            error={fieldText(errors.withholding?.causale?.message)}
          >
            {(props) => (
              <Input
                {...props}
                maxLength={3}
                autoComplete="off"
                className="uppercase"
                {...form.register('withholding.causale', {
                  setValueAs: (v: string) => v.toUpperCase(),
                })}
              />
            )}
          </Field>
        </div>
      ) : null}
      <PensionFundFields form={form} values={values} withholdingOn={values.withholdingOn} />
    </>
  );
}

function PensionFundFields({
  form,
  values,
  withholdingOn,
}: {
  form: EditorFormApi;
  values: EditorValues;
  withholdingOn: boolean;
}) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors;
  return (
    <>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...form.register('pensionFundOn')}
        />
        <span>
          <span className="block font-medium text-foreground">{t('invoices:editor.pensionFundOn')}</span>
          <span className="block text-xs text-muted-foreground">{t('invoices:editor.pensionFundHint')}</span>
        </span>
      </label>
      {values.pensionFundOn ? (
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            label={t('invoices:editor.pensionFundType')}
            error={fieldText(errors.pensionFund?.type?.message)}
            className="sm:col-span-2"
          >
            {(props) => (
              <Select {...props} {...form.register('pensionFund.type')}>
                {PENSION_FUND_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {`${type} – ${t(`invoices:pensionFunds.${type}`)}`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('invoices:editor.ratePercent')}
            error={fieldText(errors.pensionFund?.ratePercent?.message)}
          >
            {(props) => (
              <Input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                {...form.register('pensionFund.ratePercent')}
              />
            )}
          </Field>
          {withholdingOn ? (
            <label className="flex items-center gap-2 text-sm text-foreground sm:col-span-3">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                {...form.register('pensionFund.subjectToWithholding')}
              />
              {t('invoices:editor.pensionFundWithholding')}
            </label>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
