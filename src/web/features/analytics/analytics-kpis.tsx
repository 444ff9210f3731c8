import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '@shared/format/format.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { cn } from '@web/ui/cn.ts';
import { analyticsFormat } from './analytics-format.ts';

function Kpi({
  label,
  value,
  note,
  to,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  to?: string;
  testId: string;
}) {
  const body = (
    <>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-foreground" data-testid={`${testId}-value`}>
        {value}
      </dd>
      {note ? <dd className="mt-0.5 text-xs text-muted-foreground">{note}</dd> : null}
    </>
  );
  const box = 'block rounded-lg border border-border bg-surface px-4 py-3 shadow-card';
  return to ? (
    <Link to={to} data-testid={testId} className={cn(box, 'transition-colors hover:bg-surface-muted')}>
      <dl>{body}</dl>
    </Link>
  ) : (
    <dl data-testid={testId} className={box}>
      {body}
    </dl>
  );
}

/** The headline figures of the range, each against the range before it. */
export function AnalyticsKpis({ data, locale }: { data: TAnalytics; locale: string }) {
  const { t } = useTranslation('analytics');
  const f = analyticsFormat(t, locale);
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const { current, previous } = data;
  const before = (value: string) => t('kpi.previous', { value });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Kpi
        testId="kpi-sales"
        label={t('kpi.sales')}
        value={euro(current.sales.taxableCents)}
        note={<ChangeNote current={current.sales.taxableCents} previous={previous.sales.taxableCents} />}
        to={`/invoices?from=${current.from}&to=${current.to}&phase=issued`}
      />
      <Kpi
        testId="kpi-invoices"
        label={t('kpi.invoices')}
        value={String(current.sales.invoices)}
        note={
          <>
            {t('kpi.creditNotes', { count: current.sales.creditNotes })}
            <br />
            <ChangeNote current={current.sales.invoices} previous={previous.sales.invoices} />
          </>
        }
        to={`/invoices?type=TD01&from=${current.from}&to=${current.to}&phase=issued`}
      />
      <Kpi
        testId="kpi-average"
        label={t('kpi.averageInvoice')}
        value={
          current.sales.averageInvoiceCents === null ? t('none') : euro(current.sales.averageInvoiceCents)
        }
        note={
          current.sales.averageInvoiceCents !== null && previous.sales.averageInvoiceCents !== null ? (
            <ChangeNote
              current={current.sales.averageInvoiceCents}
              previous={previous.sales.averageInvoiceCents}
            />
          ) : (
            t('kpi.averageNote')
          )
        }
      />
      <Kpi
        testId="kpi-new-clients"
        label={t('kpi.newClients')}
        value={String(current.clients.new)}
        note={
          <>
            {t('kpi.returning', { count: current.clients.returning })}
            <br />
            <ChangeNote current={current.clients.new} previous={previous.clients.new} />
          </>
        }
      />
      <Kpi
        testId="kpi-conversion"
        label={t('kpi.conversion')}
        value={f.percent(current.quotes.conversionRate)}
        note={before(f.percent(previous.quotes.conversionRate))}
      />
      <Kpi
        testId="kpi-time-to-accept"
        label={t('kpi.timeToAccept')}
        value={f.days(current.quotes.medianDaysToAccept)}
        note={before(f.days(previous.quotes.medianDaysToAccept))}
      />
      <Kpi
        testId="kpi-delay"
        label={t('kpi.paymentDelay')}
        value={f.delay(current.payments.averageDaysLate)}
        note={before(f.delay(previous.payments.averageDaysLate))}
      />
      <Kpi
        testId="kpi-turnover"
        label={t('kpi.turnover')}
        value={f.turnover(current.inventory.turnover)}
        note={before(f.turnover(previous.inventory.turnover))}
      />
    </div>
  );
}
