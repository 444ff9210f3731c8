import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ReportFrame } from './report-frame.tsx';
import { useTranslation } from 'react-i18next';
import { formatEuroCents, formatNumber, formatPercent } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { DateRange } from '@shared/reports/periods.ts';
import { revenueRowHref, revenueShare } from '@shared/reports/revenue.ts';
import type { TRevenue, TRevenueRow } from '@shared/reports/revenue-contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { cn } from '@web/ui/cn.ts';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useRangeLabel } from './period-picker.tsx';
import { useReportRange } from './report-range.ts';
import { useRevenue } from './reports-api.ts';

const RevenueBarsChart = lazy(() => import('./revenue-chart.tsx'));

const PAGE_SIZE = 20;
const CHART_ROWS = 10;

/**
 * Revenue of a range (`from`, `to`, `page` in the address) by client (`clients`) or by item or category
 * (`items`, with `by=category` in the address for the categories): the total against the previous range, the
 * top ten as bars, and every row with its share, the previous figure and a link to what lies behind it.
 */
export function RevenueReport({ mode }: { mode: 'clients' | 'items' }) {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const [params, setParams] = useSearchParams();
  const { range, valid, setRange } = useReportRange();
  const by = mode === 'clients' ? 'client' : params.get('by') === 'category' ? 'category' : 'item';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { from, to } = range;
  const query = new URLSearchParams({ from, to, by, page: String(page), pageSize: String(PAGE_SIZE) });
  const report = useRevenue(me.activeOrganizationId, query.toString(), valid);
  const change = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <ReportFrame
      title={t(mode === 'clients' ? 'reports:revenue.clientsTitle' : 'reports:revenue.itemsTitle')}
      description={t(
        mode === 'clients' ? 'reports:revenue.clientsDescription' : 'reports:revenue.itemsDescription',
      )}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/revenue/export?from=${from}&to=${to}&by=${by}`}
      toolbar={
        mode === 'items' ? (
          <GroupingSwitch value={by} onChange={(next) => change('by', next === 'item' ? null : next)} />
        ) : null
      }
      invalid={!valid && t('reports:revenue.invalidRange')}
      report={report}
      empty={(data) =>
        data.rows.total === 0 ? (
          <EmptyState
            title={t('reports:revenue.empty.title')}
            description={t('reports:revenue.empty.description')}
            action={
              <Link to="/invoices/new" className={buttonClasses('primary')}>
                {t('reports:revenue.empty.action')}
              </Link>
            }
          />
        ) : null
      }
    >
      {(data) => (
        <RevenueView
          report={data}
          range={range}
          busy={report.isPlaceholderData}
          onPage={(p) => change('page', String(p))}
        />
      )}
    </ReportFrame>
  );
}

/** Item or category: two buttons, the pressed one is the grouping shown. */
function GroupingSwitch({
  value,
  onChange,
}: {
  value: 'client' | 'item' | 'category';
  onChange: (value: 'item' | 'category') => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <div role="group" aria-label={t('revenue.grouping')} className="flex items-center gap-2 print:hidden">
      <span className="text-sm text-muted-foreground" aria-hidden="true">
        {t('revenue.grouping')}
      </span>
      <div className="inline-flex rounded-lg border border-border p-0.5">
        {(['item', 'category'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={cn(
              'rounded-md px-3 py-1 text-sm font-medium transition-colors',
              value === option
                ? 'bg-primary-soft text-primary-soft-foreground'
                : 'text-foreground hover:bg-surface-muted',
            )}
          >
            {t(`revenue.by.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

function RevenueView({
  report,
  range,
  busy,
  onPage,
}: {
  report: TRevenue;
  range: DateRange;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const locale = localeOf(currentLanguage());
  const rangeLabel = useRangeLabel();
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const nameOf = (row: TRevenueRow) =>
    row.kind === 'client' || row.kind === 'item' || row.kind === 'category'
      ? row.name
      : t(`reports:revenue.kinds.${row.kind}`);
  const { totals, by } = report;
  const items = by === 'item';
  const columns: DataColumn<TRevenueRow>[] = [
    {
      id: 'name',
      header: t(`reports:revenue.columns.${by}`),
      className: 'min-w-[12rem] px-5 py-3',
      cell: (row) => {
        const href = revenueRowHref(row, range);
        return (
          <span>
            {href ? (
              <Link
                to={href}
                className="font-medium text-primary hover:underline"
                aria-label={
                  row.kind === 'client' ? t('reports:revenue.openDocuments', { name: row.name }) : undefined
                }
              >
                {nameOf(row)}
              </Link>
            ) : (
              <span className="font-medium">{nameOf(row)}</span>
            )}
            {row.sku ? <span className="block text-xs text-muted-foreground">{row.sku}</span> : null}
          </span>
        );
      },
    },
    ...(items
      ? [
          {
            id: 'quantity',
            header: t('reports:revenue.columns.quantity'),
            align: 'right' as const,
            cell: (row: TRevenueRow) =>
              row.quantity === null
                ? '—'
                : `${formatNumber(row.quantity, locale, { maximumFractionDigits: 4 })} ${row.unit ?? ''}`.trim(),
          },
        ]
      : []),
    {
      id: 'documents',
      header: t('reports:revenue.columns.documents'),
      align: 'right',
      cell: (row) => formatNumber(row.documents, locale),
    },
    {
      id: 'revenue',
      header: t('reports:revenue.columns.revenue'),
      align: 'right',
      cell: (row) => <span className="font-medium">{euro(row.revenueCents)}</span>,
    },
    {
      id: 'share',
      header: t('reports:revenue.columns.share'),
      align: 'right',
      cell: (row) => {
        const share = revenueShare(row.revenueCents, totals.revenueCents);
        return share === null ? '—' : formatPercent(share, locale, 1);
      },
    },
    {
      id: 'previous',
      header: t('reports:revenue.columns.previous'),
      align: 'right',
      cell: (row) => (
        <span>
          {euro(row.previousRevenueCents)}
          <span className="block text-xs">
            <ChangeNote current={row.revenueCents} previous={row.previousRevenueCents} />
          </span>
        </span>
      ),
    },
  ];
  const pages = Math.max(1, Math.ceil(report.rows.total / report.rows.pageSize));
  const hasFreeLines = by !== 'client' && report.rows.items.some((row) => row.kind === 'free');
  const bars = report.rows.page === 1 ? report.rows.items.slice(0, CHART_ROWS) : [];
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="revenue-totals">
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-muted-foreground">{t('reports:revenue.total')}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{euro(totals.revenueCents)}</dd>
          <dd className="text-sm text-muted-foreground">
            {t('reports:revenue.documents', { count: totals.documents })}
          </dd>
        </div>
        <div className="rounded-lg border border-border p-4" data-testid="revenue-previous">
          <dt className="text-sm text-muted-foreground">
            {t('reports:period.comparedWith', { period: rangeLabel(report.previous) })}
          </dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{euro(totals.previousRevenueCents)}</dd>
          <dd className="text-sm">
            <ChangeNote current={totals.revenueCents} previous={totals.previousRevenueCents} />
          </dd>
        </div>
      </dl>
      {hasFreeLines ? <Alert tone="info">{t('reports:revenue.freeLinesNote')}</Alert> : null}
      {bars.length > 1 ? (
        <section aria-label={t('reports:revenue.chartTitle')} className="print:hidden">
          <h3 className="mb-2 text-sm font-semibold">{t('reports:revenue.chartTitle')}</h3>
          <Suspense fallback={<Spinner label={t('common:loading')} />}>
            <RevenueBarsChart bars={bars.map((row) => ({ ...row, name: nameOf(row) }))} locale={locale} />
          </Suspense>
        </section>
      ) : null}
      <DataTable
        caption={t(`reports:revenue.captions.${by}`)}
        columns={columns}
        rows={report.rows.items}
        getRowId={(row) => `${row.kind}:${row.key ?? ''}`}
        testId="revenue-table"
        rowTestId="revenue-row"
        tableClassName={items ? 'min-w-[48rem]' : 'min-w-[40rem]'}
        busy={busy}
      />
      {pages > 1 ? (
        <Pagination
          label={t('reports:revenue.pages')}
          page={report.rows.page}
          pages={pages}
          summary={t('reports:revenue.pageOf', { page: report.rows.page, pages })}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
