import { isoDateIn } from '@shared/dates/dates.ts';
import type { TRealTimeFigures, TRealTimeMetric } from '@shared/realtime/messages.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { collectedBetween, invoicedBetween, openReceivables } from './dashboard-repository.ts';
import type { ReportDeps } from './service.ts';

/**
 * The live figures of an organization (spec §7 realTimeData), from the dashboard's own queries: only the ones
 * asked are read, "today" is the organization's. The caller checks the member may see them.
 */
export async function realTimeFigures(
  deps: ReportDeps,
  input: { orgId: string; metrics: readonly TRealTimeMetric[] },
): Promise<{ date: string; figures: TRealTimeFigures }> {
  const { orgId, metrics } = input;
  const wants = (metric: TRealTimeMetric) => metrics.includes(metric);
  const today = isoDateIn(await organizationTimeZone(deps.db, orgId));
  const [invoiced, collected, receivables] = await Promise.all([
    wants('invoicedToday') ? invoicedBetween(deps.db, orgId, today, today) : null,
    wants('collectedToday') ? collectedBetween(deps.db, orgId, today, today) : null,
    wants('outstanding') || wants('overdue') ? openReceivables(deps.db, orgId, today) : null,
  ]);
  const figures: TRealTimeFigures = {};
  if (invoiced !== null) figures.invoicedToday = { cents: invoiced };
  if (collected !== null) figures.collectedToday = { cents: collected };
  if (receivables && wants('outstanding')) figures.outstanding = { cents: receivables.outstandingCents };
  if (receivables && wants('overdue')) {
    figures.overdue = { cents: receivables.overdueCents, count: receivables.overdueCount };
  }
  return { date: today, figures };
}
