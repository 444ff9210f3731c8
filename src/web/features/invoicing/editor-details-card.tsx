import { useTranslation } from 'react-i18next';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { PDF_TEMPLATES } from '@shared/invoicing/contracts.ts';
import { PAYMENT_METHODS } from '@shared/transactions/contracts.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { ClientPickerController } from '@web/ui/client-picker.tsx';
import { Field } from '@web/ui/field.tsx';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { isForfettario, type DocumentKind, type EditorValues, type ParsedDocument } from './editor-values.ts';
import type { InvoicingContext } from './invoicing-api.ts';
import { fieldText } from '@web/app/field-text.ts';
import { useInvoicingPermissions } from './invoicing-ui.tsx';

/** The document's client, dates, payment method (invoices) and PDF template. */
export function EditorDetailsCard({
  form,
  kind,
  context,
  onDatesTouched,
}: {
  form: UseFormReturn<EditorValues, unknown, ParsedDocument>;
  kind: DocumentKind;
  context: InvoicingContext;
  /** The user set a date by hand: it no longer follows the issue date. */
  onDatesTouched: () => void;
}) {
  const { t } = useTranslation(['invoices', 'quotes']);
  const { orgId } = useInvoicingPermissions();
  const errors = form.formState.errors;
  const client = useWatch({ control: form.control, name: 'client' });
  const flat = isForfettario(context.regime);
  return (
    <Card>
      <CardHeader title={t('invoices:editor.details')} />
      <CardContent className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          label={t('invoices:editor.client')}
          error={fieldText(errors.client?.message)}
          required
          className="sm:col-span-2"
          hint={
            client ? (
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
            <ClientPickerController control={form.control} name="client" orgId={orgId} controlProps={props} />
          )}
        </Field>
        <InputField
          label={t('invoices:editor.issueDate')}
          error={fieldText(errors.issueDate?.message)}
          required
          type="date"
          {...form.register('issueDate')}
        />
        {kind === 'quote' ? (
          <InputField
            label={t('quotes:fields.validUntil')}
            hint={t('quotes:editor.validUntilHint', { count: context.quoteValidityDays })}
            error={fieldText(errors.validUntil?.message)}
            type="date"
            {...form.register('validUntil', { onChange: onDatesTouched })}
          />
        ) : (
          <InputField
            label={t('invoices:fields.dueDate')}
            hint={t('invoices:editor.dueDateHint', { count: context.paymentTermsDays })}
            error={fieldText(errors.dueDate?.message)}
            type="date"
            {...form.register('dueDate', { onChange: onDatesTouched })}
          />
        )}
        {kind === 'invoice' ? (
          <SelectField
            label={t('invoices:fields.paymentMethod')}
            error={fieldText(errors.paymentMethod?.message)}
            className="sm:col-span-2"
            {...form.register('paymentMethod')}
          >
            <ChoiceOptions
              values={PAYMENT_METHODS}
              label={(method) => t(`invoices:paymentMethods.${method}`)}
            />
          </SelectField>
        ) : null}
        <SelectField
          label={t('invoices:editor.pdfTemplate')}
          error={fieldText(errors.pdfTemplate?.message)}
          className="sm:col-span-2"
          {...form.register('pdfTemplate')}
        >
          <ChoiceOptions
            values={PDF_TEMPLATES}
            label={(name) => t(`invoices:templates.${name}`)}
            empty={t('invoices:editor.pdfTemplateDefault')}
          />
        </SelectField>
      </CardContent>
    </Card>
  );
}
