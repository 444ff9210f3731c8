import { ACTIVITY_LIMIT, type ActivityKind, type TActivity } from '@shared/reports/activity.ts';
import type { ReportDeps } from './service.ts';
import { recentActivity } from './activity-repository.ts';

function urlOf(kind: ActivityKind, id: string, label: string): string {
  switch (kind) {
    case 'client_created':
      return `/clients/${id}`;
    case 'quote_created':
    case 'quote_accepted':
    case 'quote_rejected':
      return `/quotes/${id}`;
    case 'invoice_created':
    case 'invoice_issued':
    case 'payment_recorded':
      return `/invoices/${id}`;
    case 'transaction_created':
      return label ? `/transactions?q=${encodeURIComponent(label.slice(0, 100))}` : '/transactions';
    case 'event_created':
      return `/calendar/events/${id}`;
  }
}

/** The team's latest work in the organization, newest first (dashboard "Recent activity"). */
export async function teamActivity(deps: ReportDeps, input: { orgId: string }): Promise<TActivity> {
  const rows = await recentActivity(deps.db, input.orgId, ACTIVITY_LIMIT);
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      label: r.label,
      url: urlOf(r.kind, r.record_id, r.label),
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
    })),
  };
}
