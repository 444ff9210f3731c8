import { Link, useSearchParams } from 'react-router';
import { ReportFrame } from './report-frame.tsx';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { isIsoDate } from '@shared/imports/dates.ts';
import {
  AGING_BUCKETS,
  type AgingBucket,
  type TReceivables,
  type TReceivablesClient,
} from '@shared/reports/contracts.ts';
import { receivablesHref } from '@shared/reports/aging.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { InputField } from '@web/ui/form-fields.tsx';
import { PayablesSection } from './payables-section.tsx';
import { useReceivables } from './reports-api.ts';

/** Colours of the ageing buckets, from "not yet due" to "over 90 days late". */
const BUCKET_COLOUR: Record<AgingBucket, string> = {
  notDue: 'bg-primary',
  days1to30: 'bg-warning-soft-foreground/50',
  days31to60: 'bg-warning-soft-foreground',
  days61to90: 'bg-danger/70',
  over90: 'bg-danger',
};

/**
 * The scadenzario: open receivables by client and by days past due, with each client's average days to pay, at
 * the end of a chosen day (`?asOf=`, today by default) against the same day a month earlier; then the payables
 * (da pagare) to suppliers on the same day.
 */
export function ReceivablesReport() {
  const { t } = useTranslation(['reports', 'common', 'buttons']);
  const me = useSignedInMe();
  const locale = localeOf(currentLanguage());
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf') || undefined;
  const valid = asOf === undefined || isIsoDate(asOf);
  const report = useReceivables(me.activeOrganizationId, asOf, valid);
  const setAsOf = (value: string) =>
    setParams(
      () => {
        const out = new URLSearchParams(window.location.search);
        if (value) out.set('asOf', value);
        else out.delete('asOf');
        return out;
      },
      { replace: true },
    );
  return (
    <ReportFrame
      title={t('reports:receivables.title')}
      description={t('reports:receivables.description')}
      controls={
        <InputField
          label={t('reports:receivables.asOf')}
          type="date"
          value={asOf ?? report.data?.asOf ?? ''}
          className="w-40"
          onChange={(e) => setAsOf(e.target.value)}
        />
      }
      exportPath={`/api/v1/reports/receivables/export${asOf && valid ? `?asOf=${asOf}` : ''}`}
      invalid={!valid && t('reports:receivables.invalidDate')}
      report={report}
      empty={(data) =>
        data.clients.length === 0 && data.payables.totals.openInvoices === 0 ? (
          <EmptyState
            title={t('reports:receivables.empty.title')}
            description={t('reports:receivables.empty.description', {
              date: formatDate(data.asOf, locale),
            })}
          />
        ) : null
      }
    >
      {(data) => <ReceivablesView report={data} locale={locale} stale={report.isPlaceholderData} />}
    </ReportFrame>
  );
}

function ReceivablesView({
  report,
  locale,
  stale,
}: {
  report: TReceivables;
  locale: string;
  /** The figures of the day chosen before, dimmed and inert while the new day's load. */
  stale: boolean;
}) {
  const { t } = useTranslation('reports');

  return (
    <div
      className={`grid grid-cols-[minmax(0,1fr)] gap-5 ${stale ? 'opacity-60' : ''}`}
      inert={stale}
      aria-busy={stale || undefined}
    >
      <h3 className="text-base font-semibold text-foreground">{t('receivables.receivablesHeading')}</h3>
      {report.clients.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
          {t('receivables.empty.description', { date: formatDate(report.asOf, locale) })}
        </p>
      ) : (
        <ReceivablesFigures report={report} locale={locale} />
      )}
      <PayablesSection report={report} locale={locale} />
    </div>
  );
}

/** The receivables' ageing summary and the clients' table. */
function ReceivablesFigures({ report, locale }: { report: TReceivables; locale: string }) {
  const { t } = useTranslation('reports');
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const total = report.totals.totalCents;
  const invoicesOf = (row: TReceivablesClient, bucket?: AgingBucket) =>
    receivablesHref(row.clientId, report.asOf, bucket);
  const previous = report.previous;
  const before = (cents: number) =>
    t('receivables.previous', { date: formatDate(previous.asOf, locale), amount: euro(cents) });
  const columns = useReceivableColumns(report, locale);
  return (
    <>
      <figure className="m-0 grid gap-3" data-testid="aging-summary">
        <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="text-sm text-muted-foreground">
            {t('receivables.summary', {
              count: report.totals.openInvoices,
              date: formatDate(report.asOf, locale),
            })}
          </span>
          <span className="flex flex-col items-end">
            <span className="text-xl font-semibold tabular-nums text-foreground">{euro(total)}</span>
            <span
              className="flex flex-wrap justify-end gap-x-2 text-xs text-muted-foreground"
              data-testid="aging-previous"
            >
              <span>{before(previous.totals.totalCents)}</span>
              <ChangeNote current={total} previous={previous.totals.totalCents} lowerIsBetter />
            </span>
          </span>
        </figcaption>
        <div aria-hidden="true" className="flex h-3 overflow-hidden rounded-full bg-surface-muted">
          {AGING_BUCKETS.map((bucket) =>
            report.totals[bucket] > 0 ? (
              <div
                key={bucket}
                className={BUCKET_COLOUR[bucket]}
                style={{ width: `${(report.totals[bucket] / total) * 100}%` }}
              />
            ) : null,
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {AGING_BUCKETS.map((bucket) => (
            <div key={bucket} className="rounded-md border border-border px-3 py-2">
              <dt className="flex items-center gap-2 text-xs text-muted-foreground">
                <span aria-hidden="true" className={`size-2.5 rounded-full ${BUCKET_COLOUR[bucket]}`} />
                {t(`receivables.buckets.${bucket}`)}
              </dt>
              <dd className="mt-1 font-semibold tabular-nums text-foreground">
                {euro(report.totals[bucket])}
              </dd>
              <dd className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                <span>{before(previous.totals[bucket])}</span>
                {report.totals[bucket] !== 0 || previous.totals[bucket] !== 0 ? (
                  <ChangeNote
                    current={report.totals[bucket]}
                    previous={previous.totals[bucket]}
                    lowerIsBetter={bucket !== 'notDue'}
                  />
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </figure>
      <DataTable
        caption={t('receivables.tableCaption')}
        columns={columns}
        rows={report.clients}
        getRowId={(row) => row.clientId}
        testId="receivables-table"
        rowTestId="receivables-client"
        tableClassName="min-w-[56rem]"
        card={(row) => (
          <div className="flex flex-col gap-1 px-4 py-3">
            <span className="flex items-center justify-between gap-2">
              <Link to={invoicesOf(row)} className="font-medium text-primary hover:underline">
                {row.name}
              </Link>
              <span className="font-semibold tabular-nums">{euro(row.totalCents)}</span>
            </span>
            <span className="text-sm text-muted-foreground">
              {AGING_BUCKETS.filter((b) => row[b] > 0)
                .map((b) => `${t(`receivables.buckets.${b}`)}: ${euro(row[b])}`)
                .join(' · ')}
            </span>
          </div>
        )}
      />
    </>
  );
}

/** The clients' table's columns: each figure links to exactly the invoices behind it. */
function useReceivableColumns(report: TReceivables, locale: string): DataColumn<TReceivablesClient>[] {
  const { t } = useTranslation('reports');
  const euro = (cents: number) => formatEuroCents(cents, locale);
  // The drill-downs list exactly the invoices behind a figure: the client's open ones, or those of one bucket.
  const invoicesOf = (row: TReceivablesClient, bucket?: AgingBucket) =>
    receivablesHref(row.clientId, report.asOf, bucket);
  return [
    {
      id: 'client',
      header: t('receivables.columns.client'),
      className: 'min-w-[14rem] px-5 py-3',
      cell: (row) => (
        <Link to={invoicesOf(row)} className="font-medium text-primary hover:underline">
          {row.name}
        </Link>
      ),
      sortValue: (row) => row.name.toLowerCase(),
    },
    ...AGING_BUCKETS.map((bucket): DataColumn<TReceivablesClient> => ({
      id: bucket,
      header: t(`receivables.buckets.${bucket}`),
      align: 'right',
      sortValue: (row) => row[bucket],
      sortDescFirst: true,
      cell: (row) =>
        row[bucket] === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <Link
            to={invoicesOf(row, bucket)}
            className={bucket === 'notDue' ? 'text-primary hover:underline' : 'text-danger hover:underline'}
          >
            {euro(row[bucket])}
          </Link>
        ),
    })),
    {
      id: 'total',
      header: t('receivables.columns.total'),
      align: 'right',
      sortValue: (row) => row.totalCents,
      sortDescFirst: true,
      cell: (row) => <span className="font-semibold">{euro(row.totalCents)}</span>,
    },
    {
      id: 'dso',
      header: t('receivables.columns.dso'),
      align: 'right',
      sortValue: (row) => row.averageDaysToPay ?? -1,
      sortDescFirst: true,
      cell: (row) =>
        row.averageDaysToPay === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          t('receivables.days', { count: row.averageDaysToPay })
        ),
    },
  ];
}
