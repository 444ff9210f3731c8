import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type {
  TPurchaseRegister,
  TPurchaseRegisterEntry,
} from '@shared/reports/purchase-register-contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { natureKey } from '@web/features/invoicing/labels.ts';
import { documentTypeKey } from '@web/features/purchases/purchase-codes.ts';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { cn } from '@web/ui/cn.ts';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { useRangeLabel } from './period-picker.tsx';
import { ReportFrame } from './report-frame.tsx';
import { useReportRange } from './report-range.ts';
import { usePurchaseRegister } from './reports-api.ts';

const PAGE_SIZE = 50;

/** The summary's amount columns by rate and Natura, in the total and for the range before. */
const SUMMARY_COLUMNS = [
  { key: 'taxableCents', label: 'reports:purchases.columns.taxable', compared: true },
  { key: 'vatCents', label: 'reports:purchases.columns.vat', compared: true },
  { key: 'reverseChargeTaxableCents', label: 'reports:purchases.columns.reverseCharge', compared: false },
] as const;
const AMOUNT_CELL = 'py-2 pr-4 text-right tabular-nums last:pr-0';

/**
 * The purchases VAT register (registro IVA acquisti) of a range (this month by default; `from`, `to`, `page` in
 * the address): the invoices received from suppliers by the day they were received, their VAT by rate and Natura.
 */
export function PurchaseRegisterReport() {
  const { t } = useTranslation(['reports']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const [params, setParams] = useSearchParams();
  const { range, valid, setRange } = useReportRange();
  const { from, to } = range;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ from, to, page: String(page), pageSize: String(PAGE_SIZE) }).toString();
  const register = usePurchaseRegister(me.activeOrganizationId, query, valid);
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(p));
        return next;
      },
      { replace: true },
    );

  return (
    <ReportFrame
      title={t('reports:purchases.title')}
      description={t('reports:purchases.description')}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/purchase-register/export?from=${from}&to=${to}`}
      invalid={!valid && t('reports:register.invalidRange')}
      report={register}
      empty={(data) =>
        data.totals.documents === 0 ? (
          <EmptyState
            title={t('reports:purchases.empty.title')}
            description={t('reports:purchases.empty.description')}
          />
        ) : null
      }
    >
      {(data) => <PurchaseRegisterView register={data} locale={locale} onPage={setPage} />}
    </ReportFrame>
  );
}

function PurchaseRegisterView({
  register,
  locale,
  onPage,
}: {
  register: TPurchaseRegister;
  locale: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['reports', 'invoices', 'purchases']);
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const rangeLabel = useRangeLabel();
  const rate = (line: { vatRate: number; nature: string | null }) =>
    line.nature ? `${line.vatRate}% · ${t(natureKey(line.nature))}` : `${line.vatRate}%`;
  const typeOf = (code: string) => {
    const key = documentTypeKey(code);
    return key ? t(key) : code;
  };
  const columns: DataColumn<TPurchaseRegisterEntry>[] = [
    {
      id: 'received',
      header: t('reports:purchases.columns.received'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (e) => formatDate(e.receivedOn, locale),
    },
    {
      id: 'number',
      header: t('reports:purchases.columns.number'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (e) => (
        <span>
          <Link to={`/purchase-invoices/${e.id}`} className="font-medium text-primary hover:underline">
            {e.number}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {e.documentType === 'TD01' ? null : `${typeOf(e.documentType)} · `}
            {formatDate(e.issueDate, locale)}
          </span>
        </span>
      ),
    },
    {
      id: 'supplier',
      header: t('reports:purchases.columns.supplier'),
      className: 'min-w-[12rem] px-5 py-3',
      cell: (e) => (
        <span>
          {e.supplierName}
          {e.supplierVatNumber ? (
            <span className="block text-xs text-muted-foreground">{e.supplierVatNumber}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'rows',
      header: t('reports:purchases.columns.rows'),
      cell: (e) => (
        <ul className="text-xs">
          {e.lines.map((line, i) => (
            <li key={i} className="tabular-nums">
              {rate(line)}: {euro(line.taxableCents)} + {euro(line.vatCents)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'total',
      header: t('reports:purchases.columns.total'),
      align: 'right',
      cell: (e) => euro(e.totalCents),
    },
  ];
  const pages = Math.max(1, Math.ceil(register.entries.total / register.entries.pageSize));
  return (
    <>
      {register.totals.reverseChargeTaxableCents !== 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="purchase-register-reverse-charge">
          {t('reports:purchases.reverseChargeNote', {
            amount: euro(register.totals.reverseChargeTaxableCents),
          })}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="purchase-register-summary">
          <caption className="sr-only">{t('reports:purchases.summaryCaption')}</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('reports:register.columns.rate')}
              </th>
              {SUMMARY_COLUMNS.map(({ key, label }) => (
                <th key={key} scope="col" className={cn(AMOUNT_CELL, 'font-medium')}>
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {register.summary.map((row) => (
              <tr key={`${row.vatRate}-${row.nature ?? ''}`}>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {rate(row)}
                </th>
                {SUMMARY_COLUMNS.map(({ key }) => (
                  <td key={key} className={AMOUNT_CELL}>
                    {euro(row[key])}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="font-semibold">
              <th scope="row" className="py-2 pr-4 text-left">
                {t('reports:purchases.total', { count: register.totals.documents })}
              </th>
              {SUMMARY_COLUMNS.map(({ key }) => (
                <td key={key} className={AMOUNT_CELL}>
                  {euro(register.totals[key])}
                </td>
              ))}
            </tr>
            <tr className="text-muted-foreground" data-testid="purchase-register-previous">
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                {t('reports:period.comparedWith', { period: rangeLabel(register.previous) })}
              </th>
              {SUMMARY_COLUMNS.map(({ key, compared }) => (
                <td key={key} className={AMOUNT_CELL}>
                  {euro(register.previous[key])}
                  {compared ? (
                    <span className="block text-xs">
                      <ChangeNote current={register.totals[key]} previous={register.previous[key]} />
                    </span>
                  ) : null}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <DataTable
        caption={t('reports:purchases.tableCaption')}
        columns={columns}
        rows={register.entries.items}
        getRowId={(e) => e.id}
        testId="purchase-register-table"
        rowTestId="purchase-register-entry"
        tableClassName="min-w-[52rem]"
      />
      {pages > 1 ? (
        <Pagination
          label={t('reports:purchases.pages')}
          page={register.entries.page}
          pages={pages}
          summary={t('reports:register.pageOf', { page: register.entries.page, pages })}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
