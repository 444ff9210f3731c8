import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { vatRateLabel } from '@shared/inventory/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ImportCounts } from '@web/features/imports/import-counts.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { fieldText } from '@web/app/field-text.ts';
import { formatQuantity } from './inventory-format.ts';
import type { ItemImportProps } from './item-import-steps.tsx';

const ISSUES_SHOWN = 50;

/** The dry run: counts, the first valid rows as they will be saved, and the rows that will be skipped. */
export function ItemImportPreview({ state }: ItemImportProps) {
  const { t } = useTranslation(['inventory']);
  const lang = currentLanguage();
  const locale = localeOf(lang);
  const preview = state.preview!;
  const blocked = state.settings.mode === 'all_or_nothing' && preview.invalid > 0;

  return (
    <div className="flex flex-col gap-5">
      <ImportCounts
        counts={[
          { key: 'total', label: t('inventory:import.counts.total'), value: preview.total },
          { key: 'valid', label: t('inventory:import.counts.valid'), value: preview.valid, tone: 'success' },
          {
            key: 'invalid',
            label: t('inventory:import.counts.invalid'),
            value: preview.invalid,
            tone: preview.invalid ? 'danger' : 'neutral',
          },
          {
            key: 'duplicates',
            label: t('inventory:import.counts.duplicates'),
            value: preview.duplicates,
            tone: preview.duplicates ? 'warning' : 'neutral',
          },
        ]}
      />
      {blocked ? (
        <Alert tone="warning" title={t('inventory:import.blockedTitle')}>
          {t('inventory:import.blockedText', { count: preview.invalid })}
        </Alert>
      ) : preview.valid === 0 ? (
        <Alert tone="info">{t('inventory:import.nothingToImport')}</Alert>
      ) : null}

      {preview.preview.length > 0 ? (
        <section aria-labelledby="import-preview-title">
          <h3 id="import-preview-title" className="mb-2 text-sm font-semibold text-foreground">
            {t('inventory:import.previewTitle', { count: preview.preview.length })}
          </h3>
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full min-w-[34rem] text-left text-sm">
              <thead className="bg-surface-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('inventory:import.columns.row')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('inventory:columns.item')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:columns.price')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:columns.vat')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('inventory:import.columns.openingStock')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {preview.preview.map((row) => (
                  <tr key={row.row}>
                    <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.row}</td>
                    <td className="px-3 py-2">
                      <span className="block font-medium">{row.name}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{row.sku}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatEuroCents(row.salePriceCents, locale)}
                    </td>
                    <td className="px-3 py-2 text-right">{vatRateLabel(row.vatRateBp, lang)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {row.stockQuantity === null ? '—' : formatQuantity(row.stockQuantity, lang)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {preview.issues.length > 0 ? (
        <section aria-labelledby="import-issues-title">
          <h3 id="import-issues-title" className="mb-2 text-sm font-semibold text-foreground">
            {t('inventory:import.issuesTitle')}
          </h3>
          <ul className="max-h-64 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm">
            {preview.issues.slice(0, ISSUES_SHOWN).map((issue) => (
              <li key={issue.row} className="px-3 py-2">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  {t('inventory:import.rowLabel', { row: issue.row })}
                  <Badge tone={issue.status === 'invalid' ? 'danger' : 'warning'}>
                    {t(`inventory:import.status.${issue.status}`)}
                  </Badge>
                  <span className="font-normal text-muted-foreground">
                    {[issue.name, issue.sku].filter(Boolean).join(' · ')}
                  </span>
                </p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {issue.errors.map((e) => (
                    <li key={e.path + e.key}>
                      <span className="text-foreground">{t(`inventory:importFields.${e.path}`, e.path)}</span>
                      : {fieldText(e.key, lang) ?? e.message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {preview.invalid + preview.duplicates > ISSUES_SHOWN ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('inventory:import.moreIssues', {
                count: preview.invalid + preview.duplicates - ISSUES_SHOWN,
              })}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
