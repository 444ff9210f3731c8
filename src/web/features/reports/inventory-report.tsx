import { Link, useSearchParams } from 'react-router';
import { ReportFrame } from './report-frame.tsx';
import { useTranslation } from 'react-i18next';
import { useRangeLabel } from './period-picker.tsx';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TInventoryReport, TInventoryReportRow } from '@shared/reports/revenue-contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { unitSymbol } from '@web/features/inventory/inventory-format.ts';
import { useReportRange } from './report-range.ts';
import { useInventoryReport } from './reports-api.ts';

const PAGE_SIZE = 50;

/** Inventory valuation and movements of a range (`from`, `to`, `page` in the address): goods with stock or movements. */
export function InventoryReport() {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const [params, setParams] = useSearchParams();
  const { range, valid, setRange } = useReportRange();
  const { from, to } = range;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ from, to, page: String(page), pageSize: String(PAGE_SIZE) }).toString();
  const report = useInventoryReport(me.activeOrganizationId, query, valid);
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(p));
        return next;
      },
      { replace: true },
    );
  const toInventory = (
    <Link to="/inventory" className={buttonClasses('primary')}>
      {t('reports:inventory.empty.action')}
    </Link>
  );

  return (
    <ReportFrame
      title={t('reports:inventory.title')}
      description={t('reports:inventory.description')}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/inventory/export?from=${from}&to=${to}`}
      invalid={!valid && t('reports:inventory.invalidRange')}
      report={report}
      empty={(data) =>
        data.goodsItems === 0 ? (
          <EmptyState
            title={t('reports:inventory.empty.noGoods.title')}
            description={t('reports:inventory.empty.noGoods.description')}
            action={toInventory}
          />
        ) : data.rows.total === 0 ? (
          <EmptyState
            title={t('reports:inventory.empty.noMovements.title')}
            description={t('reports:inventory.empty.noMovements.description')}
            action={toInventory}
          />
        ) : null
      }
    >
      {(data) => <InventoryView report={data} busy={report.isPlaceholderData} onPage={setPage} />}
    </ReportFrame>
  );
}

function InventoryView({
  report,
  busy,
  onPage,
}: {
  report: TInventoryReport;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['reports', 'common']);
  const rangeLabel = useRangeLabel();
  const locale = localeOf(currentLanguage());
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const qty = (value: number, signed = false) =>
    formatNumber(value, locale, { maximumFractionDigits: 3, signDisplay: signed ? 'exceptZero' : 'auto' });
  const { totals } = report;
  const quantityColumn = (
    id: 'start' | 'in' | 'out' | 'adjusted' | 'end',
    value: (row: TInventoryReportRow) => number,
    signed = false,
  ): DataColumn<TInventoryReportRow> => ({
    id,
    header: t(`reports:inventory.columns.${id}`),
    align: 'right',
    cell: (row) => <span className="tabular-nums">{qty(value(row), signed)}</span>,
  });
  const columns: DataColumn<TInventoryReportRow>[] = [
    {
      id: 'item',
      header: t('reports:inventory.columns.item'),
      className: 'min-w-[12rem] px-5 py-3',
      cell: (row) => (
        <span>
          <Link to={`/inventory/${row.id}`} className="font-medium text-primary hover:underline">
            {row.name}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {row.sku} · {unitSymbol(row.unit)}
            {row.category ? ` · ${row.category}` : ''}
          </span>
        </span>
      ),
    },
    quantityColumn('start', (row) => row.startQuantity),
    quantityColumn('in', (row) => row.inQuantity),
    quantityColumn('out', (row) => row.outQuantity),
    quantityColumn('adjusted', (row) => row.adjustedQuantity, true),
    {
      ...quantityColumn('end', (row) => row.endQuantity),
      cell: (row) => <span className="font-medium tabular-nums">{qty(row.endQuantity)}</span>,
    },
    {
      id: 'endValue',
      header: t('reports:inventory.columns.endValue'),
      align: 'right',
      cell: (row) => euro(row.endValueCents),
    },
    {
      id: 'endSaleValue',
      header: t('reports:inventory.columns.endSaleValue'),
      align: 'right',
      cell: (row) => euro(row.endSaleValueCents),
    },
  ];
  const pages = Math.max(1, Math.ceil(report.rows.total / report.rows.pageSize));
  const endDate = formatDate(report.to, locale);
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="inventory-totals">
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-muted-foreground">
            {t('reports:inventory.endValue', { date: endDate })}
          </dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{euro(totals.endValueCents)}</dd>
          <dd className="text-sm text-muted-foreground">
            {t('reports:inventory.startValue', {
              date: formatDate(report.from, locale),
              value: euro(totals.startValueCents),
            })}{' '}
            <ChangeNote current={totals.endValueCents} previous={totals.startValueCents} />
          </dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-muted-foreground">
            {t('reports:inventory.saleValue', { date: endDate })}
          </dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{euro(totals.endSaleValueCents)}</dd>
        </div>
        <div className="rounded-lg border border-border p-4">
          <dt className="text-sm text-muted-foreground">
            {t('reports:inventory.items', { count: totals.items })}
          </dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {formatNumber(totals.movements, locale)}
          </dd>
          <dd className="text-sm text-muted-foreground">
            {t('reports:inventory.movements', { count: totals.movements })}
          </dd>
          <dd className="text-sm text-muted-foreground" data-testid="inventory-previous-movements">
            {t('reports:inventory.previousMovements', {
              period: rangeLabel(report.previous),
              count: report.previous.movements,
            })}{' '}
            <ChangeNote current={totals.movements} previous={report.previous.movements} />
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t('reports:inventory.valuationNote')}</p>
      <DataTable
        caption={t('reports:inventory.tableCaption')}
        columns={columns}
        rows={report.rows.items}
        getRowId={(row) => row.id}
        testId="inventory-report-table"
        rowTestId="inventory-report-row"
        tableClassName="min-w-[56rem]"
        busy={busy}
      />
      {pages > 1 ? (
        <Pagination
          label={t('reports:inventory.pages')}
          page={report.rows.page}
          pages={pages}
          summary={t('reports:inventory.pageOf', { page: report.rows.page, pages })}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
