import { useTranslation } from 'react-i18next';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_DELIVERY_NOTES, MAX_INSTALMENTS } from '@shared/invoicing/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { parseAmountInput } from '@web/features/transactions/amount.ts';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import type { EditorValues, ParsedDocument } from './editor-values.ts';
import { fieldText } from '@web/app/field-text.ts';

type EditorFormApi = UseFormReturn<EditorValues, unknown, ParsedDocument>;

/** Payment in instalments: a due date and an amount each, with their sum against the amount due. */
export function InstalmentsFields({
  form,
  values,
  amountDueCents,
}: {
  form: EditorFormApi;
  values: EditorValues;
  amountDueCents: number;
}) {
  const { t } = useTranslation(['invoices']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const errors = form.formState.errors.references;
  const instalments = useFieldArray({ control: form.control, name: 'references.instalments' });
  const refs = values.references;
  const instalmentsCents = refs.instalments.reduce(
    (sum, i) => sum + (parseAmountInput(i.amount, lang) ?? 0),
    0,
  );
  return (
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
              <Input {...props} type="date" {...form.register(`references.instalments.${index}.dueDate`)} />
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
  );
}

/** A deferred invoice (TD24) and the delivery notes it covers. */
export function DeliveryNotesFields({ form, values }: { form: EditorFormApi; values: EditorValues }) {
  const { t } = useTranslation(['invoices']);
  const errors = form.formState.errors.references;
  const deliveryNotes = useFieldArray({ control: form.control, name: 'references.deliveryNotes' });
  const refs = values.references;
  return (
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
          <span className="block text-xs text-muted-foreground">{t('invoices:references.deferredHint')}</span>
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
              <Input {...props} type="date" {...form.register(`references.deliveryNotes.${index}.date`)} />
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
  );
}
