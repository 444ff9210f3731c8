import { z } from 'zod';
import { MAIL_ERROR_CODES } from './delivery.ts';

/**
 * stored: kept in the app because no SMTP server is configured (nothing leaves the machine) · scheduled: to be
 * sent at a time the user chose (it can be changed or cancelled until then) · queued: waiting for the SMTP server
 * (first attempt, the few seconds of "undo", or a retry) · sending · sent: the server accepted it · failed: given up.
 */
export const OUTBOX_STATUSES = ['stored', 'scheduled', 'queued', 'sending', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const ZOutboxItem = z.object({
  id: z.string(),
  toAddresses: z.array(z.string()),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed (spec §8 class) and the server's words; null once sent. */
  errorCode: z.enum(MAIL_ERROR_CODES).nullable(),
  lastError: z.string().nullable(),
  /** When a queued message is tried next. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxItem = z.infer<typeof ZOutboxItem>;

export const ZOutboxMessage = ZOutboxItem.extend({
  fromAddress: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** The state of one outgoing message, as every screen that shows its fate reports it. */
export const ZMailDelivery = z.object({
  outboxId: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  errorCode: z.enum(MAIL_ERROR_CODES).nullable(),
  lastError: z.string().nullable(),
  /** Scheduled or queued: when it is sent (the chosen time, the end of the undo window, the next retry). */
  sendAt: z.string().nullable().optional(),
});
export type TMailDelivery = z.infer<typeof ZMailDelivery>;
