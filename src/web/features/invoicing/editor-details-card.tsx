import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PDF_TEMPLATES } from '@shared/invoicing/contracts.ts';
import { PAYMENT_METHODS } from '@shared/transactions/contracts.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { ClientPicker } from '@web/ui/client-picker.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
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
        <Field label={t('invoices:editor.issueDate')} error={fieldText(errors.issueDate?.message)} required>
          {(props) => <Input {...props} type="date" {...form.register('issueDate')} />}
        </Field>
        {kind === 'quote' ? (
          <Field
            label={t('quotes:fields.validUntil')}
            hint={t('quotes:editor.validUntilHint', { count: context.quoteValidityDays })}
            error={fieldText(errors.validUntil?.message)}
          >
            {(props) => (
              <Input {...props} type="date" {...form.register('validUntil', { onChange: onDatesTouched })} />
            )}
          </Field>
        ) : (
          <Field
            label={t('invoices:fields.dueDate')}
            hint={t('invoices:editor.dueDateHint', { count: context.paymentTermsDays })}
            error={fieldText(errors.dueDate?.message)}
          >
            {(props) => (
              <Input {...props} type="date" {...form.register('dueDate', { onChange: onDatesTouched })} />
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
  );
}
