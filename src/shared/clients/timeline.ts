import { z } from 'zod';
import { OUTBOX_STATUSES } from '../mail/outbox.ts';

/**
 * The client's timeline (GET /api/v1/clients/:id/timeline), newest first: the client's creation and archiving,
 * the transactions that name it, its quotes and invoices, the document e-mails sent to it, its calendar events
 * and the messages of the signed-in user's own mailbox exchanged with it (issue 15). TIMELINE_UPCOMING names sources still to come (none now).
 */
export const TIMELINE_UPCOMING: readonly string[] = [];

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

const ZDocumentEntry = z.object({
  kind: z.enum(['quote', 'invoice']),
  id: z.string(),
  /** The issue day, YYYY-MM-DD. */
  date: z.string(),
  /** Null for a draft invoice. */
  number: z.string().nullable(),
  /** TD04 for a credit note. */
  documentType: z.string().nullable(),
  status: z.string(),
  totalCents: z.number().int(),
});

const ZMailEntry = z.object({
  kind: z.literal('mail'),
  id: z.string(),
  /** The instant it was sent, ISO 8601. */
  date: z.string(),
  type: z.string(),
  subject: z.string(),
  recipientEmail: z.string(),
  /** The message's real state in the outbox (stored when no mail server is configured). */
  status: z.enum(OUTBOX_STATUSES),
  /** The document it belongs to, for a link. */
  invoiceId: z.string().nullable(),
  quoteId: z.string().nullable(),
});

/** A message of the signed-in user's mailbox linked to the client (received from it or sent to it). */
const ZEmailEntry = z.object({
  kind: z.literal('email'),
  /** The message's id in the mailbox (/email?message=…). */
  id: z.string(),
  /** When it was received or sent, ISO 8601. */
  date: z.string(),
  direction: z.enum(['received', 'sent']),
  subject: z.string(),
  /** The sender's address (received) or null (sent). */
  from: z.string().nullable(),
});

const ZEventEntry = z.object({
  kind: z.literal('event'),
  id: z.string(),
  /** The day of the event (its first day when recurring), YYYY-MM-DD. */
  date: z.string(),
  title: z.string(),
  /** HH:MM on the organization's clock; null for an all-day event. */
  startTime: z.string().nullable(),
  recurring: z.boolean(),
});

export const ZClientTimelineEntry = z.discriminatedUnion('kind', [
  ZEventEntry,
  ZTransactionEntry,
  ZClientEventEntry,
  ZDocumentEntry,
  ZMailEntry,
  ZEmailEntry,
]);
export type TClientTimelineEntry = z.output<typeof ZClientTimelineEntry>;

export const ZClientTimeline = z.object({
  items: z.array(ZClientTimelineEntry),
  /** More transactions, documents or e-mails exist than the limit returned. */
  hasMore: z.boolean(),
  /** Sources that will fill the timeline in later releases. */
  upcoming: z.array(z.string()),
});
export type TClientTimeline = z.output<typeof ZClientTimeline>;

/** Sorts entries newest first; a day (YYYY-MM-DD) counts as the end of that day, so it follows same-day events. */
export function sortTimeline(entries: TClientTimelineEntry[]): TClientTimelineEntry[] {
  const at = (e: TClientTimelineEntry) =>
    /^\d{4}-\d{2}-\d{2}$/.test(e.date) ? `${e.date}T23:59:59.999Z` : new Date(e.date).toISOString();
  return [...entries].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}
