import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { parseDelimiterOf } from '@shared/imports/contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import type { ImportStepProps } from '@web/features/imports/import-flow.tsx';
import { FileDrop } from '@web/features/imports/file-drop.tsx';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import type { BankImportSettings, BankMapping } from './bank-import-rules.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { useDeleteMapping, useMappings } from './transactions-api.ts';

type Props = ImportStepProps<BankMapping, TBankImportPreview, TBankImportResult, BankImportSettings>;

/** The bank's first step: the saved bank (to read with its mapping, or delete it), the file, the CSV options. */
export function BankImportUpload({ state, dispatch, onFile }: Props) {
  const { t } = useTranslation(['transactions', 'buttons']);
  const language = currentLanguage();
  const orgId = useSignedInMe().activeOrganizationId;
  const saved = useMappings(orgId).data ?? [];
  const deleteMapping = useDeleteMapping(orgId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { bankId, delimiter, skipLines } = state.settings;
  const chosenBank = saved.find((m) => m.id === bankId);
  const set = (patch: Partial<BankImportSettings>) => dispatch({ type: 'settings', patch });

  return (
    <div className="grid grid-cols-1 gap-5">
      {saved.length > 0 ? (
        <Field label={t('transactions:import.file.bank')} hint={t('transactions:import.file.bankHint')}>
          {(props) => (
            <div className="flex gap-2">
              <div className="min-w-0 flex-1">
                <Select
                  {...props}
                  value={bankId}
                  onChange={(e) => {
                    const m = saved.find((x) => x.id === e.target.value)?.mapping;
                    setConfirmDelete(false);
                    set({
                      bankId: e.target.value,
                      delimiter: parseDelimiterOf(m?.delimiter) ?? 'auto',
                      skipLines: m?.skipLines ?? 0,
                    });
                  }}
                >
                  <option value="">{t('transactions:import.file.newBank')}</option>
                  {saved.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </Select>
              </div>
              {chosenBank && !confirmDelete ? (
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={t('transactions:import.file.deleteBank', { name: chosenBank.name })}
                  onClick={() => setConfirmDelete(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </div>
          )}
        </Field>
      ) : null}
      {chosenBank && confirmDelete ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border border-border p-3 text-sm"
          role="group"
          aria-label={t('transactions:import.file.deleteBankConfirm', { name: chosenBank.name })}
        >
          <span className="flex-1 text-foreground">
            {t('transactions:import.file.deleteBankConfirm', { name: chosenBank.name })}
          </span>
          <Button
            size="sm"
            variant="danger"
            autoFocus
            loading={deleteMapping.isPending}
            onClick={() =>
              deleteMapping.mutate(chosenBank.id, {
                onSuccess: () => {
                  set({ bankId: '' });
                  setConfirmDelete(false);
                  toast.success(t('transactions:import.file.bankDeleted'));
                },
                onError: (err) => toast.error(apiErrorMessage(err, t)),
              })
            }
          >
            {t('transactions:categories.confirmYes')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirmDelete(false)}>
            {t('buttons:cancel')}
          </Button>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-1.5">
        <p className="text-sm font-medium text-foreground">{t('transactions:import.file.label')}</p>
        <FileDrop
          file={state.file}
          chooseLabel={t('transactions:import.file.choose')}
          hint={t('transactions:import.file.formats')}
          sizeText={
            state.file
              ? t('transactions:import.file.size', {
                  size: formatNumber(state.file.size / 1024, localeOf(language), {
                    maximumFractionDigits: 0,
                  }),
                })
              : undefined
          }
          onFile={onFile}
        />
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label={t('transactions:import.file.delimiter')}>
          {(props) => (
            <Select
              {...props}
              value={delimiter}
              onChange={(e) => set({ delimiter: e.target.value as BankImportSettings['delimiter'] })}
            >
              {(['auto', 'semicolon', 'comma', 'tab'] as const).map((d) => (
                <option key={d} value={d}>
                  {t(`transactions:import.file.delimiters.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('transactions:import.file.skipLines')}
          hint={t('transactions:import.file.skipLinesHint')}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={50}
              value={skipLines}
              onChange={(e) =>
                set({ skipLines: Math.max(0, Math.min(50, Math.trunc(Number(e.target.value) || 0))) })
              }
            />
          )}
        </Field>
      </div>
    </div>
  );
}
