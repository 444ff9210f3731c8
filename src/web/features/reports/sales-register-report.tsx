import { Link, useSearchParams } from 'react-router';
import { ReportFrame } from './report-frame.tsx';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TSalesRegister, TSalesRegisterEntry } from '@shared/reports/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { cn } from '@web/ui/cn.ts';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { natureKey } from '@web/features/invoicing/labels.ts';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { useRangeLabel } from './period-picker.tsx';
import { useReportRange } from './report-range.ts';
import { useSalesRegister } from './reports-api.ts';

const PAGE_SIZE = 50;

/** The summary's amount columns, by rate and Natura, in the total and for the range before (with the change). */
const SUMMARY_COLUMNS = [
  { key: 'taxableCents', label: 'reports:register.columns.taxable', compared: true },
  { key: 'vatCents', label: 'reports:register.columns.vat', compared: true },
  { key: 'splitPaymentVatCents', label: 'reports:register.columns.splitVat', compared: false },
  { key: 'reverseChargeTaxableCents', label: 'reports:register.columns.reverseCharge', compared: false },
] as const;
const AMOUNT_CELL = 'py-2 pr-4 text-right tabular-nums last:pr-0';

/** The sales VAT register of a range (this month by default; `from`, `to`, `page` in the address). */
export function SalesRegisterReport() {
  const { t } = useTranslation(['reports', 'invoices', 'common']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const [params, setParams] = useSearchParams();
  const { range, valid, setRange } = useReportRange();
  const { from, to } = range;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = new URLSearchParams({ from, to, page: String(page), pageSize: String(PAGE_SIZE) }).toString();
  const register = useSalesRegister(me.activeOrganizationId, query, valid);
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
      title={t('reports:register.title')}
      description={t('reports:register.description')}
      period={{ range, onChange: setRange }}
      exportPath={`/api/v1/reports/sales-register/export?from=${from}&to=${to}`}
      invalid={!valid && t('reports:register.invalidRange')}
      report={register}
      empty={(data) =>
        data.totals.documents === 0 ? (
          <EmptyState
            title={t('reports:register.empty.title')}
            description={t('reports:register.empty.description')}
          />
        ) : null
      }
    >
      {(data) => <RegisterView register={data} locale={locale} onPage={setPage} />}
    </ReportFrame>
  );
}

function RegisterView({
  register,
  locale,
  onPage,
}: {
  register: TSalesRegister;
  locale: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['reports', 'invoices']);
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const rangeLabel = useRangeLabel();
  const rate = (line: { vatRate: number; nature: string | null }) =>
    line.nature ? `${line.vatRate}% · ${t(natureKey(line.nature))}` : `${line.vatRate}%`;
  const columns: DataColumn<TSalesRegisterEntry>[] = [
    {
      id: 'number',
      header: t('reports:register.columns.number'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (e) => (
        <Link to={`/invoices/${e.id}`} className="font-medium text-primary hover:underline">
          {e.documentType === 'TD04' ? t('reports:register.creditNote', { number: e.number }) : e.number}
        </Link>
      ),
    },
    { id: 'date', header: t('reports:register.columns.date'), cell: (e) => formatDate(e.issueDate, locale) },
    {
      id: 'client',
      header: t('reports:register.columns.client'),
      className: 'min-w-[12rem] px-5 py-3',
      cell: (e) => (
        <span>
          {e.clientName}
          {e.clientVatNumber ? (
            <span className="block text-xs text-muted-foreground">{e.clientVatNumber}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'rows',
      header: t('reports:register.columns.rows'),
      cell: (e) => (
        <ul className="text-xs">
          {e.lines.map((line, i) => (
            <li key={i} className="tabular-nums">
              {rate(line)}: {euro(line.taxableCents)} + {euro(line.vatCents)}
              {line.vatCollectability === 'S' ? ` (${t('reports:register.split')})` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'total',
      header: t('reports:register.columns.total'),
      align: 'right',
      cell: (e) => euro(e.totalCents),
    },
  ];
  const pages = Math.max(1, Math.ceil(register.entries.total / register.entries.pageSize));
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="register-summary">
          <caption className="sr-only">{t('reports:register.summaryCaption')}</caption>
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
                {t('reports:register.total', { count: register.totals.documents })}
              </th>
              {SUMMARY_COLUMNS.map(({ key }) => (
                <td key={key} className={AMOUNT_CELL}>
                  {euro(register.totals[key])}
                </td>
              ))}
            </tr>
            <tr className="text-muted-foreground" data-testid="register-previous">
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
        caption={t('reports:register.tableCaption')}
        columns={columns}
        rows={register.entries.items}
        getRowId={(e) => e.id}
        testId="register-table"
        rowTestId="register-entry"
        tableClassName="min-w-[52rem]"
      />
      {pages > 1 ? (
        <Pagination
          label={t('reports:register.pages')}
          page={register.entries.page}
          pages={pages}
          summary={t('reports:register.pageOf', { page: register.entries.page, pages })}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
