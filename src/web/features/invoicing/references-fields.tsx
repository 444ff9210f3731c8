import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import type { TInvoiceInput } from '@shared/invoicing/contracts.ts';
import { PURCHASE_REFERENCE_KINDS } from '@shared/invoicing/document.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import type { EditorValues, ParsedDocument } from './editor-values.ts';
import { fieldText } from '@web/app/field-text.ts';
import { DeliveryNotesFields, InstalmentsFields } from './references-lists.tsx';

type EditorFormApi = UseFormReturn<EditorValues, unknown, ParsedDocument>;

/**
 * What an invoice's e-invoice carries besides lines and taxes (issue 12, point 18): the buyer's order or
 * contract with CIG and CUP (public administrations), the declaration of intent of a regular exporter (lines at
 * N3.5), payment in instalments, and a deferred invoice (TD24) with its delivery notes.
 */
export function ReferencesFields({
  form,
  values,
  documentType,
  amountDueCents,
}: {
  form: EditorFormApi;
  values: EditorValues;
  documentType: TInvoiceInput['documentType'];
  amountDueCents: number;
}) {
  const { t } = useTranslation(['invoices', 'forms']);
  const errors = form.formState.errors.references;
  const optional = t('forms:optional');
  const invoice = documentType === 'TD01';
  const exporter = values.lines.some((line) => line.vatRate === '0' && line.nature === 'N3.5');
  const refs = values.references;

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-foreground">
          {t('invoices:references.purchaseTitle')}
        </legend>
        <p className="-mt-2 text-xs text-muted-foreground">{t('invoices:references.purchaseHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('invoices:references.purchaseKind')}
            error={fieldText(errors?.purchase?.kind?.message)}
          >
            {(props) => (
              <Select {...props} {...form.register('references.purchase.kind')}>
                {PURCHASE_REFERENCE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`invoices:references.purchaseKinds.${kind}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('invoices:references.documentId')}
            error={fieldText(errors?.purchase?.documentId?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input
                {...props}
                maxLength={20}
                autoComplete="off"
                {...form.register('references.purchase.documentId')}
              />
            )}
          </Field>
          <Field
            label={t('invoices:references.purchaseDate')}
            error={fieldText(errors?.purchase?.date?.message)}
            optionalText={optional}
          >
            {(props) => <Input {...props} type="date" {...form.register('references.purchase.date')} />}
          </Field>
          <Field
            label={t('invoices:references.cig')}
            hint={t('invoices:references.cigHint')}
            error={fieldText(errors?.purchase?.cig?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input
                {...props}
                maxLength={10}
                autoComplete="off"
                className="uppercase"
                {...form.register('references.purchase.cig')}
              />
            )}
          </Field>
          <Field
            label={t('invoices:references.cup')}
            hint={t('invoices:references.cupHint')}
            error={fieldText(errors?.purchase?.cup?.message)}
            optionalText={optional}
          >
            {(props) => (
              <Input
                {...props}
                maxLength={15}
                autoComplete="off"
                className="uppercase"
                {...form.register('references.purchase.cup')}
              />
            )}
          </Field>
        </div>
      </fieldset>

      {exporter || refs.intent.protocol || refs.intent.date ? (
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-sm font-semibold text-foreground">
            {t('invoices:references.intentTitle')}
          </legend>
          <p className="-mt-2 text-xs text-muted-foreground">{t('invoices:references.intentHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('invoices:references.intentProtocol')}
              hint={t('invoices:references.intentProtocolHint')}
              error={fieldText(errors?.intent?.protocol?.message)}
              required={exporter}
            >
              {(props) => (
                <Input
                  {...props}
                  maxLength={24}
                  inputMode="numeric"
                  autoComplete="off"
                  {...form.register('references.intent.protocol')}
                />
              )}
            </Field>
            <Field
              label={t('invoices:references.intentDate')}
              error={fieldText(errors?.intent?.date?.message)}
              required={exporter}
            >
              {(props) => <Input {...props} type="date" {...form.register('references.intent.date')} />}
            </Field>
          </div>
        </fieldset>
      ) : null}

      {invoice ? <InstalmentsFields form={form} values={values} amountDueCents={amountDueCents} /> : null}

      {invoice ? <DeliveryNotesFields form={form} values={values} /> : null}
    </div>
  );
}
