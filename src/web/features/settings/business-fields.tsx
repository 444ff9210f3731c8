import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EMPLOYEE_COUNTS } from '@shared/business-profile/contracts.ts';
import { TAX_REGIME_CODES, taxRegimeLabel } from '@shared/business-profile/tax-regimes.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';

/**
 * Fields of the business profile that the onboarding and the profile settings both ask for, labelled alike:
 * each takes what `register` gave for its form field and the error text to show.
 */
type Registered = UseFormRegisterReturn & { error: string | undefined };

/** Partita IVA and codice fiscale, with their hints; both optional. */
export function TaxIdFields({
  partitaIva,
  codiceFiscale,
}: {
  partitaIva: Registered;
  codiceFiscale: Registered;
}) {
  const { t } = useTranslation(['forms']);
  const optional = t('forms:optional');
  return (
    <>
      <InputField
        label={t('forms:business.partitaIva')}
        hint={t('forms:business.partitaIvaHint')}
        optionalText={optional}
        inputMode="numeric"
        {...partitaIva}
      />
      <InputField
        label={t('forms:business.codiceFiscale')}
        hint={t('forms:business.codiceFiscaleHint')}
        optionalText={optional}
        controlClassName="uppercase"
        {...codiceFiscale}
      />
    </>
  );
}

/** The tax regime (RF01…RF19) and the PEC address; both optional. */
export function TaxRegimeAndPecFields({ taxRegime, pec }: { taxRegime: Registered; pec: Registered }) {
  const { t } = useTranslation(['forms']);
  const optional = t('forms:optional');
  const lang = currentLanguage();
  return (
    <>
      <SelectField label={t('forms:business.taxRegime')} optionalText={optional} {...taxRegime}>
        <ChoiceOptions
          values={TAX_REGIME_CODES}
          label={(code) => `${code} – ${taxRegimeLabel(code, lang)}`}
          empty={t('forms:choose')}
        />
      </SelectField>
      <InputField
        label={t('forms:business.pec')}
        hint={t('forms:business.pecHint')}
        optionalText={optional}
        type="email"
        inputMode="email"
        {...pec}
      />
    </>
  );
}

/** How many people work for the business; optional. */
export function EmployeeCountField(employeeCount: Registered) {
  const { t } = useTranslation(['forms']);
  return (
    <SelectField
      label={t('forms:business.employeeCount')}
      optionalText={t('forms:optional')}
      {...employeeCount}
    >
      <ChoiceOptions
        values={EMPLOYEE_COUNTS}
        label={(v) => t(`forms:employeeCounts.${v}`)}
        empty={t('forms:choose')}
      />
    </SelectField>
  );
}
