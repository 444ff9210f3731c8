import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { TInvoice, TQuote } from '@shared/invoicing/contracts.ts';
import { fieldText } from '@web/app/field-text.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Field } from '@web/ui/field.tsx';
import { Textarea } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { EditorDetailsCard } from './editor-details-card.tsx';
import { EditorActionBar, LiveTotalsCard } from './editor-totals.tsx';
import { isForfettario, type DocumentKind, type InvoiceExtra, type ParsedDocument } from './editor-values.ts';
import { useInvoicingContext, type InvoicingContext } from './invoicing-api.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from './invoicing-ui.tsx';
import { LineEditor } from './line-editor.tsx';
import { ReferencesFields } from './references-fields.tsx';
import { PensionFundFields, WithholdingFields } from './tax-fields.tsx';
import { useDocumentForm } from './use-document-form.ts';

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

  const { form, values, context, datesTouched, live, startedButExcluded, submit } = useDocumentForm({
    kind,
    initial,
    extra,
    firstContext,
    onSubmit,
  });
  const errors = form.formState.errors;
  const flat = isForfettario(context.regime);

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
          <EditorDetailsCard
            form={form}
            kind={kind}
            context={context}
            onDatesTouched={() => (datesTouched.current = true)}
          />

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
                    <WithholdingFields form={form} values={values} hints />
                    <PensionFundFields
                      form={form}
                      values={values}
                      hints
                      askSubjectToWithholding={values.withholdingOn}
                    />
                  </CardContent>
                </Card>
              )}
              {flat ? (
                <Card>
                  <CardHeader title={t('invoices:editor.pensionFundTitle')} />
                  <CardContent className="grid gap-5">
                    <PensionFundFields form={form} values={values} hints askSubjectToWithholding={false} />
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
            <LiveTotalsCard
              live={live}
              startedButExcluded={startedButExcluded}
              documentLanguage={context.language}
            />
          </div>

          <EditorActionBar
            amountDueCents={live.totals.amountDueCents}
            backTo={backTo}
            saving={saving}
            submitLabel={submitLabel}
          />
        </fieldset>
      </form>
    </div>
  );
}
