import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import type { TVatSettlement, TVatSettlementPeriod } from '@shared/reports/contracts.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { vatPeriodLabel } from './vat-period-label.ts';

/**
 * What happens to a period's balance: not started, still running (figures so far), paid by F24, carried
 * (≤ €100), a credit, with the annual return, or nothing due.
 */
export function outcomeOf(period: TVatSettlementPeriod, today: string) {
  if (period.from > today) return 'future';
  if (period.to >= today) return 'running';
  if (period.paymentCents > 0) return period.withAnnualReturn ? 'annual' : 'pay';
  if (period.carriedDebtCents > 0) return period.withAnnualReturn ? 'annualSmall' : 'carried';
  if (period.carriedCreditCents > 0) return 'credit';
  return 'none';
}

const OUTCOME_TONE = {
  future: 'neutral',
  running: 'primary',
  pay: 'warning',
  annual: 'warning',
  annualSmall: 'neutral',
  carried: 'neutral',
  credit: 'success',
  none: 'neutral',
} as const;

/** The settlement by period; a period's "VP lines" button shows its LIPE figures. */
export function VatSettlementTable({
  report,
  locale,
  today,
  selected,
  onSelect,
}: {
  report: TVatSettlement;
  locale: string;
  today: string;
  selected: number;
  onSelect: (period: number) => void;
}) {
  const { t } = useTranslation('reports');
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const label = (p: TVatSettlementPeriod) =>
    vatPeriodLabel(t, locale, report.year, report.periodicity, p.period);
  const carriedIn = (p: TVatSettlementPeriod) =>
    p.vp7 > 0 ? `+${euro(p.vp7)}` : p.vp8 + p.vp9 > 0 ? `−${euro(p.vp8 + p.vp9)}` : '—';
  const result = (p: TVatSettlementPeriod) =>
    p.vp14Credit > 0 ? t('vat.creditAmount', { amount: euro(p.vp14Credit) }) : euro(p.vp14Due);

  const columns: DataColumn<TVatSettlementPeriod>[] = [
    {
      id: 'period',
      header: t('vat.columns.period'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (p) => <span className="font-medium">{label(p)}</span>,
    },
    { id: 'vp2', header: t('vat.columns.sales'), align: 'right', cell: (p) => euro(p.vp2) },
    { id: 'vp4', header: t('vat.columns.salesVat'), align: 'right', cell: (p) => euro(p.vp4) },
    { id: 'vp5', header: t('vat.columns.deductible'), align: 'right', cell: (p) => euro(p.vp5) },
    { id: 'carried', header: t('vat.columns.carriedIn'), align: 'right', cell: carriedIn },
    ...(report.periodicity === 'quarterly'
      ? [
          {
            id: 'vp12',
            header: t('vat.columns.interest'),
            align: 'right' as const,
            cell: (p: TVatSettlementPeriod) => euro(p.vp12),
          },
        ]
      : []),
    { id: 'vp14', header: t('vat.columns.result'), align: 'right', cell: result },
    {
      id: 'outcome',
      header: t('vat.columns.outcome'),
      cell: (p) => (
        <Badge tone={OUTCOME_TONE[outcomeOf(p, today)]}>{t(`vat.outcome.${outcomeOf(p, today)}`)}</Badge>
      ),
    },
    {
      id: 'deadline',
      header: t('vat.columns.deadline'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (p) => (
        <span className="flex flex-col">
          <span>{formatDate(p.dueDate, locale)}</span>
          <span className="text-xs text-muted-foreground">{t('vat.taxCode', { code: p.taxCode })}</span>
        </span>
      ),
    },
    {
      id: 'lines',
      header: t('vat.columns.lines'),
      headerHidden: true,
      cell: (p) => (
        <Button
          variant={p.period === selected ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={p.period === selected}
          onClick={() => onSelect(p.period)}
          aria-label={t('vat.showLines', { period: label(p) })}
        >
          {t('vat.linesButton')}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      caption={t('vat.tableCaption', { year: report.year })}
      columns={columns}
      rows={report.periods}
      getRowId={(p) => String(p.period)}
      testId="vat-settlement-table"
      rowTestId="vat-period"
      tableClassName="min-w-[60rem]"
      card={(p) => (
        <button
          type="button"
          onClick={() => onSelect(p.period)}
          aria-pressed={p.period === selected}
          className="flex w-full flex-col gap-1 px-4 py-3 text-left"
        >
          <span className="flex items-center justify-between gap-2">
            <span className="font-medium text-foreground">{label(p)}</span>
            <Badge tone={OUTCOME_TONE[outcomeOf(p, today)]}>{t(`vat.outcome.${outcomeOf(p, today)}`)}</Badge>
          </span>
          <span className="text-sm text-muted-foreground">
            {t('vat.columns.salesVat')}: {euro(p.vp4)} · {t('vat.columns.result')}: {result(p)}
          </span>
          <span className="text-xs text-muted-foreground">
            {t('vat.deadline', { date: formatDate(p.dueDate, locale), code: p.taxCode })}
          </span>
        </button>
      )}
    />
  );
}
