import { z } from 'zod';

/**
 * The client's timeline (GET /api/v1/clients/:id/timeline), newest first. What exists now: the client's
 * creation, its archiving and the transactions that name it as counterparty. Quotes, invoices, calendar events
 * and mail join as their areas arrive (TIMELINE_UPCOMING).
 */
export const TIMELINE_UPCOMING = ['quotes', 'invoices', 'events', 'mail'] as const;

export const ZClientTimelineQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ZTransactionEntry = z.object({
  kind: z.literal('transaction'),
  id: z.string(),
  /** The day of the transaction, YYYY-MM-DD. */
  date: z.string(),
  direction: z.enum(['income', 'expense']),
  amountCents: z.number().int(),
  description: z.string().nullable(),
});

const ZClientEventEntry = z.object({
  kind: z.enum(['created', 'archived']),
  id: z.string(),
  /** The instant, ISO 8601. */
  date: z.string(),
});

export const ZClientTimelineEntry = z.discriminatedUnion('kind', [ZTransactionEntry, ZClientEventEntry]);
export type TClientTimelineEntry = z.output<typeof ZClientTimelineEntry>;

export const ZClientTimeline = z.object({
  items: z.array(ZClientTimelineEntry),
  /** More transactions exist than the limit returned. */
  hasMore: z.boolean(),
  /** Sources that will fill the timeline in later releases. */
  upcoming: z.array(z.enum(TIMELINE_UPCOMING)),
});
export type TClientTimeline = z.output<typeof ZClientTimeline>;

/** Sorts entries newest first; a day (YYYY-MM-DD) counts as the end of that day, so it follows same-day events. */
export function sortTimeline(entries: TClientTimelineEntry[]): TClientTimelineEntry[] {
  const at = (e: TClientTimelineEntry) =>
    /^\d{4}-\d{2}-\d{2}$/.test(e.date) ? `${e.date}T23:59:59.999Z` : new Date(e.date).toISOString();
  return [...entries].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}
