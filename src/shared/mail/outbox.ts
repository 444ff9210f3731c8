import { z } from 'zod';

export const OUTBOX_STATUSES = ['stored', 'queued', 'sending', 'sent', 'failed'] as const;

export const ZOutboxItem = z.object({
  id: z.string(),
  toAddresses: z.array(z.string()),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
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
  lastError: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
