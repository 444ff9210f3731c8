import { fieldText } from '@web/app/field-text.ts';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import {
  NATURA_CODES,
  NATURA_CODE_LIST,
  VAT_RATES_BP,
  vatRateLabel,
  type TItemFormValues,
  type TItemInput,
} from '@shared/inventory/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';

/** Sale price and cost in euros, the VAT rate, and the Natura code when the rate is 0%. */
export function PriceFields({
  form,
  zeroVat,
}: {
  form: UseFormReturn<TItemFormValues, unknown, TItemInput>;
  zeroVat: boolean;
}) {
  const { t } = useTranslation(['inventory', 'forms']);
  const lang = currentLanguage();
  const errors = form.formState.errors;
  const err = (message: string | undefined) => fieldText(message, lang);
  const optional = t('forms:optional');
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('inventory:fields.salePrice')}
          hint={t('inventory:form.priceHint')}
          error={err(errors.salePrice?.message)}
        >
          {(props) => <EuroInput {...props} {...form.register('salePrice')} />}
        </Field>
        <Field
          label={t('inventory:fields.cost')}
          hint={t('inventory:form.costHint')}
          error={err(errors.cost?.message)}
          optionalText={optional}
        >
          {(props) => <EuroInput {...props} {...form.register('cost')} />}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('inventory:fields.vatRate')} error={err(errors.vatRateBp?.message)}>
          {(props) => (
            <Select
              {...props}
              {...form.register('vatRateBp', {
                onChange: (e: { target: { value: string } }) => {
                  if (e.target.value !== '0') form.setValue('vatNatura', '');
                },
              })}
            >
              {VAT_RATES_BP.map((bp) => (
                <option key={bp} value={String(bp)}>
                  {vatRateLabel(bp, lang)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {zeroVat ? (
          <Field
            label={t('inventory:fields.vatNatura')}
            hint={t('inventory:form.naturaHint')}
            error={err(errors.vatNatura?.message)}
            required
          >
            {(props) => (
              <Select {...props} {...form.register('vatNatura')}>
                <option value="">{t('forms:choose')}</option>
                {NATURA_CODE_LIST.map((code) => (
                  <option key={code} value={code}>
                    {code} – {NATURA_CODES[code][lang]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
      </div>
    </>
  );
}

/** A price field in euros: the € sign before the text, decimal keyboard on phones. */
function EuroInput(props: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
      >
        €
      </span>
      <Input inputMode="decimal" autoComplete="off" className="pl-7" {...props} />
    </div>
  );
}
