import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { canAccess, routeByName } from '@shared/navigation/routes.ts';
import type { TDashboard } from '@shared/reports/contracts.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { ChangeNote } from '@web/ui/change-note.tsx';
import { cn } from '@web/ui/cn.ts';

export function Kpi({
  label,
  value,
  note,
  to,
  testId,
}: {
  label: string;
  value: string;
  note?: React.ReactNode;
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

/**
 * The figures of the period against the previous one, each leading to the list behind it when the member may open
 * that list (a viewer, who has no reports, sees the receivables and VAT figures without a link to a closed door).
 */
export function KpiGrid({ data, locale }: { data: TDashboard; locale: string }) {
  const { t } = useTranslation('dashboard');
  const me = useSignedInMe();
  const reports = canAccess(routeByName('reports'), {
    role: me.role,
    hasOrganization: !!me.activeOrganizationId,
  });
  const euro = (cents: number) => formatEuroCents(cents, locale);
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <Kpi
        testId="kpi-invoiced"
        label={t('kpi.invoiced')}
        value={euro(data.invoiced.current)}
        note={<ChangeNote current={data.invoiced.current} previous={data.invoiced.previous} />}
        to={`/invoices?from=${data.period.from}&to=${data.period.to}&phase=issued`}
      />
      <Kpi
        testId="kpi-collected"
        label={t('kpi.collected')}
        value={euro(data.collected.current)}
        note={<ChangeNote current={data.collected.current} previous={data.collected.previous} />}
      />
      <Kpi
        testId="kpi-outstanding"
        label={t('kpi.outstanding')}
        value={euro(data.outstandingCents)}
        to={reports ? '/reports?report=receivables' : undefined}
      />
      <Kpi
        testId="kpi-overdue"
        label={t('kpi.overdue')}
        value={euro(data.overdue.cents)}
        note={t('kpi.overdueCount', { count: data.overdue.count })}
        to="/invoices?status=overdue"
      />
      <Kpi testId="kpi-cash" label={t('kpi.cash')} value={euro(data.cashBalanceCents)} to="/transactions" />
      <Kpi
        testId="kpi-vat"
        label={t(data.vatEstimate.periodicity === 'quarterly' ? 'kpi.vatQuarter' : 'kpi.vat')}
        value={euro(data.vatEstimate.cents)}
        note={t('kpi.vatNote', { date: formatDate(data.vatEstimate.dueDate, locale) })}
        to={reports ? '/reports' : undefined}
      />
      <Kpi
        testId="kpi-quotes"
        label={t('kpi.quotes')}
        value={String(data.quotesAwaiting.count)}
        note={t('kpi.quotesNote', { amount: euro(data.quotesAwaiting.totalCents) })}
        to="/quotes?status=sent"
      />
    </div>
  );
}
