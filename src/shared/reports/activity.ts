import { z } from 'zod';

/**
 * The team's recent activity on the dashboard (issue 14): what members did lately, newest first, each entry
 * linking to the record. Who did it is the member who made the record; a quote's answer comes from the client,
 * and an issue date has no member recorded, so those entries name nobody rather than a guess.
 */
export const ACTIVITY_KINDS = [
  'client_created',
  'quote_created',
  'quote_accepted',
  'quote_rejected',
  'invoice_created',
  'invoice_issued',
  'payment_recorded',
  'transaction_created',
  'event_created',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_LIMIT = 15;

export const ZActivityItem = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  actor: z.string().nullable(),
  /** The record's name as people say it: a client's name, "2026/12 · Rossi Srl", an event's title… */
  label: z.string(),
  /** The in-app address of the record. */
  url: z.string(),
  amountCents: z.number().nullable(),
});
export type TActivityItem = z.infer<typeof ZActivityItem>;
export const ZActivity = z.object({ items: z.array(ZActivityItem) });
export type TActivity = z.infer<typeof ZActivity>;
