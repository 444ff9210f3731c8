import { useTranslation } from 'react-i18next';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_DELIVERY_NOTES, MAX_INSTALMENTS, type TInvoiceInput } from '@shared/invoicing/contracts.ts';
import { PURCHASE_REFERENCE_KINDS } from '@shared/invoicing/document.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { fieldText } from '@web/app/field-text.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { parseAmountInput } from '@web/features/transactions/amount.ts';
import type { EditorValues, ParsedDocument } from './editor-values.ts';

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
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const errors = form.formState.errors.references;
  const optional = t('forms:optional');
  const instalments = useFieldArray({ control: form.control, name: 'references.instalments' });
  const deliveryNotes = useFieldArray({ control: form.control, name: 'references.deliveryNotes' });
  const invoice = documentType === 'TD01';
  const exporter = values.lines.some((line) => line.vatRate === '0' && line.nature === 'N3.5');
  const refs = values.references;
  const instalmentsCents = refs.instalments.reduce(
    (sum, i) => sum + (parseAmountInput(i.amount, lang) ?? 0),
    0,
  );

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

      {invoice ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-foreground">
            {t('invoices:references.instalmentsTitle')}
          </legend>
          <p className="-mt-1 text-xs text-muted-foreground">
            {t('invoices:references.instalmentsHint', { amount: formatEuroCents(amountDueCents, locale) })}
          </p>
          {instalments.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <Field
                label={t('invoices:references.instalmentDue', { n: index + 1 })}
                error={fieldText(errors?.instalments?.[index]?.dueDate?.message)}
                required
              >
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    {...form.register(`references.instalments.${index}.dueDate`)}
                  />
                )}
              </Field>
              <Field
                label={t('invoices:references.instalmentAmount', { n: index + 1 })}
                error={fieldText(errors?.instalments?.[index]?.amount?.message)}
                required
              >
                {(props) => (
                  <Input
                    {...props}
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.register(`references.instalments.${index}.amount`)}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="icon"
                className="text-danger"
                aria-label={t('invoices:references.removeInstalment', { n: index + 1 })}
                onClick={() => instalments.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          {refs.instalments.length > 0 ? (
            <p
              className={
                instalmentsCents === amountDueCents ? 'text-xs text-muted-foreground' : 'text-xs text-danger'
              }
              data-testid="instalments-sum"
            >
              {t('invoices:references.instalmentsSum', {
                sum: formatEuroCents(instalmentsCents, locale),
                due: formatEuroCents(amountDueCents, locale),
              })}
            </p>
          ) : null}
          {refs.instalments.length < MAX_INSTALMENTS ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  instalments.append(
                    { dueDate: values.dueDate || values.issueDate, amount: '' },
                    { shouldFocus: true },
                  )
                }
              >
                <Plus aria-hidden="true" className="size-4" />
                {t('invoices:references.addInstalment')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {invoice ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-foreground">
            {t('invoices:references.deliveryTitle')}
          </legend>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...form.register('references.deferred')}
            />
            <span>
              <span className="block font-medium text-foreground">{t('invoices:references.deferred')}</span>
              <span className="block text-xs text-muted-foreground">
                {t('invoices:references.deferredHint')}
              </span>
            </span>
          </label>
          {fieldText(errors?.deliveryNotes?.root?.message) ? (
            <p className="text-sm text-danger" role="alert">
              {fieldText(errors?.deliveryNotes?.root?.message)}
            </p>
          ) : null}
          {deliveryNotes.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
              <Field
                label={t('invoices:references.ddtNumber', { n: index + 1 })}
                error={fieldText(errors?.deliveryNotes?.[index]?.number?.message)}
                required
              >
                {(props) => (
                  <Input
                    {...props}
                    maxLength={20}
                    autoComplete="off"
                    {...form.register(`references.deliveryNotes.${index}.number`)}
                  />
                )}
              </Field>
              <Field
                label={t('invoices:references.ddtDate', { n: index + 1 })}
                error={fieldText(errors?.deliveryNotes?.[index]?.date?.message)}
                required
              >
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    {...form.register(`references.deliveryNotes.${index}.date`)}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="icon"
                className="text-danger"
                aria-label={t('invoices:references.removeDdt', { n: index + 1 })}
                onClick={() => deliveryNotes.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ))}
          {refs.deliveryNotes.length < MAX_DELIVERY_NOTES ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  deliveryNotes.append({ number: '', date: values.issueDate }, { shouldFocus: true })
                }
              >
                <Plus aria-hidden="true" className="size-4" />
                {t('invoices:references.addDdt')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
