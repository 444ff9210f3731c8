import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { DATE_FORMATS } from '@shared/imports/dates.ts';
import type { TBankStatementMapping } from '@shared/imports/mapping.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import type { ImportStepProps } from '@web/features/imports/import-flow.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import {
  bankMappingErrors,
  bankMessage,
  fullBankMapping,
  type BankImportSettings,
  type BankMapping,
} from './bank-import-rules.ts';
import { useSaveMapping } from './transactions-api.ts';

type Props = ImportStepProps<BankMapping, TBankImportPreview, TBankImportResult, BankImportSettings>;
type ColumnKey = 'occurredOn' | 'description' | 'amountColumn' | 'debitColumn' | 'creditColumn';

/** The bank's columns: date, description, one signed amount or Dare/Avere, formats, and saving it per bank. */
export function BankImportMapping({ state, dispatch }: Props) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const locale = localeOf(currentLanguage());
  const orgId = useSignedInMe().activeOrganizationId;
  const saveMapping = useSaveMapping(orgId);
  const { mapping, mappingErrors: errors, notice } = state;
  const parsed = state.parsed!;
  const mode = mapping.amountMode ?? 'signed';
  const onChange = (patch: BankMapping) => dispatch({ type: 'map', patch });

  const save = async () => {
    const problems = bankMappingErrors(state);
    const name = state.settings.bankName.trim();
    if (!Object.keys(problems).length && !name)
      problems.bankName = bankMessage('transactions.errors.mappingNameRequired');
    if (Object.keys(problems).length) return dispatch({ type: 'invalid', mappingErrors: problems });
    try {
      const saved = await saveMapping.mutateAsync({ name, mapping: fullBankMapping(state) });
      dispatch({ type: 'settings', patch: { bankId: saved.id } });
      toast.success(t('transactions:import.mapping.saved', { name: saved.name }));
    } catch (err) {
      toast.error(apiErrorMessage(err, t));
    }
  };

  const column = (key: ColumnKey) => (
    <Field label={t(`transactions:import.mapping.fields.${key}`)} error={errors[key]} required>
      {(props) => (
        <Select
          {...props}
          value={mapping[key] ?? ''}
          onChange={(e) => onChange({ [key]: e.target.value || undefined })}
        >
          <option value="">{t('transactions:import.mapping.chooseColumn')}</option>
          {parsed.headers.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <div className="grid grid-cols-1 gap-5">
      <p className="text-sm text-muted-foreground">
        {t('transactions:import.mapping.fileSummary', {
          rows: formatNumber(parsed.rows.length, locale),
          columns: formatNumber(parsed.headers.length, locale),
          count: parsed.rows.length,
        })}
      </p>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <div className="relative overflow-x-auto rounded-md border border-border">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{t('transactions:import.mapping.sample')}</caption>
          <thead className="bg-surface-muted text-muted-foreground">
            <tr>
              {parsed.headers.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {parsed.rows.slice(0, 3).map((row, i) => (
              <tr key={i}>
                {parsed.headers.map((h, j) => (
                  <td key={h} className="max-w-56 truncate px-3 py-1.5 whitespace-nowrap text-foreground">
                    {row[j]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {column('occurredOn')}
        {column('description')}
      </div>
      <fieldset className="grid grid-cols-1 gap-2">
        <legend className="mb-1 text-sm font-medium text-foreground">
          {t('transactions:import.mapping.amountMode')}
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['debitCredit', 'signed'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                name="amountMode"
                value={m}
                checked={mode === m}
                onChange={() => onChange({ amountMode: m })}
                className="size-4 accent-primary"
              />
              {t(`transactions:import.mapping.modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {mode === 'signed' ? (
          column('amountColumn')
        ) : (
          <>
            {column('debitColumn')}
            {column('creditColumn')}
          </>
        )}
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label={t('transactions:import.mapping.dateFormat')} error={errors.dateFormat}>
          {(props) => (
            <Select
              {...props}
              value={mapping.dateFormat ?? 'dd/mm/yyyy'}
              onChange={(e) =>
                onChange({ dateFormat: e.target.value as TBankStatementMapping['dateFormat'] })
              }
            >
              {DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`transactions:import.mapping.dateFormats.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:import.mapping.numberFormat')} error={errors.numberFormat}>
          {(props) => (
            <Select
              {...props}
              value={mapping.numberFormat ?? 'it'}
              onChange={(e) =>
                onChange({ numberFormat: e.target.value as TBankStatementMapping['numberFormat'] })
              }
            >
              {(['it', 'en', 'auto'] as const).map((f) => (
                <option key={f} value={f}>
                  {t(`transactions:import.mapping.numberFormats.${f}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-border bg-surface-muted p-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field
          label={t('transactions:import.mapping.bankName')}
          hint={t('transactions:import.mapping.bankNameHint')}
          error={errors.bankName}
        >
          {(props) => (
            <Input
              {...props}
              value={state.settings.bankName}
              maxLength={80}
              onChange={(e) => dispatch({ type: 'settings', patch: { bankName: e.target.value } })}
            />
          )}
        </Field>
        <Button
          variant="outline"
          onClick={() => void save()}
          loading={saveMapping.isPending}
          className="sm:mt-7"
        >
          {saveMapping.isPending ? null : <Save aria-hidden="true" className="size-4" />}
          {t('transactions:import.mapping.save')}
        </Button>
      </div>
    </div>
  );
}
