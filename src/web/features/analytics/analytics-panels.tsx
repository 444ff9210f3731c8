import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Clock, Package, Users } from 'lucide-react';
import { formatEuroCents } from '@shared/format/format.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import { ChartBoundary } from '@web/app/error-screens.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { analyticsFormat } from './analytics-format.ts';

type Panel = { data: TAnalytics; locale: string };

/** One labelled bar of a panel's chart: `value` out of `of`, with the figure written beside it. */
function BarRow({
  label,
  value,
  of,
  text,
  tone,
  testId,
}: {
  label: string;
  value: number;
  of: number;
  text: string;
  tone: string;
  testId: string;
}) {
  const width = of > 0 ? Math.max(0, Math.min(100, (value / of) * 100)) : 0;
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-foreground">{label}</span>
        <span className="font-medium tabular-nums text-foreground">{text}</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-surface-muted" aria-hidden="true">
        <div className={cn('h-2 rounded-full', tone)} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}

/** A figure and its value in the previous range, side by side. */
function Figure({ label, value, previous }: { label: string; value: string; previous?: string }) {
  const { t } = useTranslation('analytics');
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-foreground">{value}</dd>
      {previous !== undefined ? (
        <dd className="text-xs text-muted-foreground">{t('kpi.previous', { value: previous })}</dd>
      ) : null}
    </div>
  );
}

function PanelCard({
  icon,
  title,
  description,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader as="h2" icon={icon} title={title} description={description} />
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** Clients invoiced in the range: new (first invoice ever in it) against returning. */
export function ClientsPanel({ data }: { data: TAnalytics }) {
  const { t } = useTranslation('analytics');
  const { current, previous } = data;
  return (
    <PanelCard
      testId="clients-panel"
      icon={<Users aria-hidden="true" className="size-5" />}
      title={t('clients.title')}
      description={t('clients.description')}
    >
      {current.clients.invoiced === 0 ? (
        <p className="text-sm text-muted-foreground">{t('clients.none')}</p>
      ) : (
        <ChartBoundary>
          <div className="grid gap-3">
            <BarRow
              testId="clients-new"
              label={t('clients.new')}
              value={current.clients.new}
              of={current.clients.invoiced}
              text={String(current.clients.new)}
              tone="bg-primary"
            />
            <BarRow
              testId="clients-returning"
              label={t('clients.returning')}
              value={current.clients.returning}
              of={current.clients.invoiced}
              text={String(current.clients.returning)}
              tone="bg-success"
            />
          </div>
        </ChartBoundary>
      )}
      <p className="text-xs text-muted-foreground">
        {t('clients.previous', {
          count: previous.clients.invoiced,
          new: previous.clients.new,
          returning: previous.clients.returning,
        })}
      </p>
    </PanelCard>
  );
}

/** Quotes sent in the range and their outcome, the conversion rate and the time to accept. */
export function QuotesPanel({ data, locale }: Panel) {
  const { t } = useTranslation('analytics');
  const f = analyticsFormat(t, locale);
  const { current, previous } = data;
  const q = current.quotes;
  const stages = [
    { key: 'accepted', value: q.accepted, tone: 'bg-success' },
    { key: 'rejected', value: q.rejected, tone: 'bg-danger' },
    { key: 'expired', value: q.expired, tone: 'bg-muted-foreground' },
    { key: 'pending', value: q.pending, tone: 'bg-primary' },
  ] as const;
  return (
    <PanelCard
      testId="quotes-panel"
      icon={<ClipboardList aria-hidden="true" className="size-5" />}
      title={t('quotes.title')}
      description={t('quotes.description')}
    >
      {q.sent === 0 ? (
        <p className="text-sm text-muted-foreground">{t('quotes.none')}</p>
      ) : (
        <ChartBoundary>
          <div className="grid gap-3">
            <BarRow
              testId="quotes-sent"
              label={t('quotes.sent')}
              value={q.sent}
              of={q.sent}
              text={String(q.sent)}
              tone="bg-primary"
            />
            {stages.map((stage) => (
              <BarRow
                key={stage.key}
                testId={`quotes-${stage.key}`}
                label={t(`quotes.${stage.key}`)}
                value={stage.value}
                of={q.sent}
                text={String(stage.value)}
                tone={stage.tone}
              />
            ))}
          </div>
        </ChartBoundary>
      )}
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label={t('quotes.conversion')}
          value={f.percent(q.conversionRate)}
          previous={f.percent(previous.quotes.conversionRate)}
        />
        <Figure
          label={t('quotes.median')}
          value={f.days(q.medianDaysToAccept)}
          previous={f.days(previous.quotes.medianDaysToAccept)}
        />
        <Figure
          label={t('quotes.average')}
          value={f.days(q.averageDaysToAccept)}
          previous={f.days(previous.quotes.averageDaysToAccept)}
        />
      </dl>
      <p className="text-xs text-muted-foreground">{t('quotes.how')}</p>
    </PanelCard>
  );
}

/** How late the invoices completed in the range were paid. */
export function PaymentsPanel({ data, locale }: Panel) {
  const { t } = useTranslation('analytics');
  const f = analyticsFormat(t, locale);
  const { current, previous } = data;
  return (
    <PanelCard
      testId="payments-panel"
      icon={<Clock aria-hidden="true" className="size-5" />}
      title={t('payments.title')}
      description={t('payments.description')}
    >
      {current.payments.invoices === 0 ? (
        <p className="text-sm text-muted-foreground">{t('payments.none')}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label={t('payments.averageLate')}
          value={f.delay(current.payments.averageDaysLate)}
          previous={f.delay(previous.payments.averageDaysLate)}
        />
        <Figure
          label={t('payments.averageToPay')}
          value={f.days(current.payments.averageDaysToPay)}
          previous={f.days(previous.payments.averageDaysToPay)}
        />
        <Figure
          label={t('payments.completed')}
          value={String(current.payments.invoices)}
          previous={String(previous.payments.invoices)}
        />
        <Figure
          label={t('payments.paidLate')}
          value={String(current.payments.paidLate)}
          previous={String(previous.payments.paidLate)}
        />
      </dl>
      <p className="text-xs text-muted-foreground">{t('payments.how')}</p>
    </PanelCard>
  );
}

/** Inventory turnover: goods out at cost over the average stock value, and how it is computed. */
export function TurnoverPanel({ data, locale }: Panel) {
  const { t } = useTranslation('analytics');
  const f = analyticsFormat(t, locale);
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const { current, previous } = data;
  const stock = current.inventory;
  return (
    <PanelCard
      testId="turnover-panel"
      icon={<Package aria-hidden="true" className="size-5" />}
      title={t('turnover.title')}
      description={t('turnover.description')}
    >
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label={t('turnover.ratio')}
          value={f.turnover(stock.turnover)}
          previous={f.turnover(previous.inventory.turnover)}
        />
        <Figure
          label={t('turnover.cogs')}
          value={euro(stock.cogsCents)}
          previous={euro(previous.inventory.cogsCents)}
        />
        <Figure label={t('turnover.opening')} value={euro(stock.openingStockCents)} />
        <Figure label={t('turnover.closing')} value={euro(stock.closingStockCents)} />
      </dl>
      {stock.turnover === null ? (
        <p className="text-sm text-muted-foreground">{t('turnover.noStock')}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('turnover.how')}</p>
    </PanelCard>
  );
}
