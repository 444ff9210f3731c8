import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import {
  AGING_BUCKETS,
  type TPayableInstallment,
  type TPayablesSupplier,
  type TReceivables,
} from '@shared/reports/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';

/**
 * The scadenzario's payables (da pagare): what the business owes its suppliers on the report's day, by supplier in
 * the same ageing buckets as the receivables, and each open instalment by due date, the overdue ones flagged.
 */
export function PayablesSection({ report, locale }: { report: TReceivables; locale: string }) {
  const { t } = useTranslation('reports');
  const { payables } = report;
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const amount = (cents: number, late: boolean) =>
    cents === 0 ? (
      <span className="text-muted-foreground">—</span>
    ) : (
      <span className={late ? 'text-danger' : undefined}>{euro(cents)}</span>
    );

  const supplierColumns: DataColumn<TPayablesSupplier>[] = [
    {
      id: 'supplier',
      header: t('payables.columns.supplier'),
      className: 'min-w-[14rem] px-5 py-3',
      cell: (row) => <span className="font-medium">{row.name}</span>,
      sortValue: (row) => row.name.toLowerCase(),
    },
    ...AGING_BUCKETS.map((bucket): DataColumn<TPayablesSupplier> => ({
      id: bucket,
      header: t(`receivables.buckets.${bucket}`),
      align: 'right',
      sortValue: (row) => row[bucket],
      sortDescFirst: true,
      cell: (row) => amount(row[bucket], bucket !== 'notDue'),
    })),
    {
      id: 'total',
      header: t('payables.columns.total'),
      align: 'right',
      sortValue: (row) => row.totalCents,
      sortDescFirst: true,
      cell: (row) => <span className="font-semibold">{euro(row.totalCents)}</span>,
    },
  ];

  const installmentColumns: DataColumn<TPayableInstallment>[] = [
    {
      id: 'dueDate',
      header: t('payables.columns.dueDate'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (row) => (
        <span>
          {formatDate(row.dueDate, locale)}
          {row.daysLate > 0 ? (
            <span className="block text-xs font-medium text-danger" data-testid="payable-overdue">
              {t('payables.overdueBy', { count: row.daysLate })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'invoice',
      header: t('payables.columns.invoice'),
      cell: (row) => (
        <Link to={`/purchase-invoices/${row.invoiceId}`} className="font-medium text-primary hover:underline">
          {row.number}
        </Link>
      ),
    },
    { id: 'supplier', header: t('payables.columns.supplier'), cell: (row) => row.supplierName },
    {
      id: 'amount',
      header: t('payables.columns.amount'),
      align: 'right',
      cell: (row) => amount(row.openCents, row.daysLate > 0),
    },
  ];

  return (
    <section aria-labelledby="payables-heading" className="grid gap-3" data-testid="payables">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="payables-heading" className="text-base font-semibold text-foreground">
          {t('payables.title')}
        </h3>
        <span className="text-xl font-semibold tabular-nums text-foreground" data-testid="payables-total">
          {euro(payables.totals.totalCents)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{t('payables.description')}</p>
      {payables.totals.openInvoices === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
          {t('payables.empty', { date: formatDate(report.asOf, locale) })}
        </p>
      ) : (
        <>
          {payables.overdue.installments > 0 ? (
            <Alert tone="warning">
              {t('payables.overdue', {
                count: payables.overdue.installments,
                amount: euro(payables.overdue.cents),
              })}
            </Alert>
          ) : null}
          <DataTable
            caption={t('payables.suppliersCaption')}
            columns={supplierColumns}
            rows={payables.suppliers}
            getRowId={(row) => row.supplierId}
            testId="payables-table"
            rowTestId="payables-supplier"
            tableClassName="min-w-[52rem]"
          />
          <DataTable
            caption={t('payables.installmentsCaption')}
            columns={installmentColumns}
            rows={payables.installments}
            getRowId={(row) => `${row.invoiceId}-${row.dueDate}-${row.openCents}`}
            testId="payables-installments"
            rowTestId="payable-installment"
          />
        </>
      )}
    </section>
  );
}
