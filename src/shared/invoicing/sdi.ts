import { z } from 'zod';
import { ZMailDelivery, type TOutboxStatus } from '../mail/outbox.ts';

/**
 * E-invoices sent to the SDI by PEC and the SDI's answers (issue 16).
 *
 * The SDI answers a file sent to it with one notification: RC (ricevuta di consegna: delivered to the recipient),
 * NS (notifica di scarto: rejected, with the list of errors), MC (mancata consegna: not delivered, left in the
 * recipient's fiscal drawer). For a public administration, later: NE (notifica di esito: EC01 accepted, EC02
 * refused), DT (decorrenza termini: 15 days without an answer), AT (attestazione: transmitted, could not be
 * delivered).
 */
export const SDI_NOTIFICATION_TYPES = ['RC', 'NS', 'MC', 'NE', 'DT', 'AT'] as const;
export type TSdiNotificationType = (typeof SDI_NOTIFICATION_TYPES)[number];

/**
 * pending: sent (or being sent: see its delivery), no answer from the SDI yet · delivered · rejected ·
 * not_delivered (in the recipient's fiscal drawer) · accepted / refused by the public administration · expired
 * (the administration did not answer within the terms) · attested (transmitted, could not be delivered).
 */
export const SDI_STATUSES = [
  'pending',
  'delivered',
  'rejected',
  'not_delivered',
  'accepted',
  'refused',
  'expired',
  'attested',
] as const;
export type TSdiStatus = (typeof SDI_STATUSES)[number];

/** How far along the exchange a status is: a late or repeated notification never moves a transmission back. */
export const SDI_STATUS_RANK: Record<TSdiStatus, number> = {
  pending: 0,
  delivered: 1,
  rejected: 1,
  not_delivered: 1,
  accepted: 2,
  refused: 2,
  expired: 2,
  attested: 2,
};

/** The public PEC address of the SDI: the first file goes there; the SDI's first answer names the one to use next. */
export const SDI_PUBLIC_PEC_ADDRESS = 'sdi01@pec.fatturapa.it';

export const ZSdiError = z.object({
  code: z.string(),
  description: z.string(),
  suggestion: z.string().nullable(),
});
export type TSdiError = z.infer<typeof ZSdiError>;

export const ZSdiNotification = z.object({
  id: z.string(),
  type: z.enum(SDI_NOTIFICATION_TYPES),
  fileName: z.string(),
  /** NE only: EC01 accepted, EC02 refused. */
  outcome: z.enum(['EC01', 'EC02']).nullable(),
  description: z.string().nullable(),
  errors: z.array(ZSdiError),
  receivedAt: z.string(),
});
export type TSdiNotification = z.infer<typeof ZSdiNotification>;

export const ZSdiTransmission = z.object({
  id: z.string(),
  fileName: z.string(),
  sentTo: z.string(),
  /** The PEC account it left from. */
  accountAddress: z.string().nullable(),
  status: z.enum(SDI_STATUSES),
  /** The SDI's number of the file (IdentificativoSdI), once it answered. */
  sdiIdentifier: z.string().nullable(),
  createdAt: z.string(),
  /** When the PEC message left; null while it has not (or never will: cancelled, its account removed). */
  sentAt: z.string().nullable(),
  /** The PEC message's own state (queued, sending, sent, failed…); null once its outbox row is gone. */
  delivery: ZMailDelivery.nullable(),
  notifications: z.array(ZSdiNotification),
});
export type TSdiTransmission = z.infer<typeof ZSdiTransmission>;

/** An invoice's exchange with the SDI, newest transmission first, and what sending it needs. */
export const ZSdiState = z.object({
  transmissions: z.array(ZSdiTransmission),
  /** The user's PEC accounts the file can leave from. */
  pecAccounts: z.array(z.object({ id: z.string(), emailAddress: z.string() })),
  /** Where the next file goes: the address the SDI assigned, else the configured or public one. */
  sendTo: z.string(),
  /** Whether "Send to SDI" is offered now: issued, no transmission in flight or done, a PEC account. */
  canSend: z.boolean(),
});
export type TSdiState = z.infer<typeof ZSdiState>;

export const ZSdiSendRequest = z.object({ accountId: z.uuid().optional() });
export type TSdiSendRequest = z.infer<typeof ZSdiSendRequest>;

/**
 * Whether a new file may be sent after this one: when the SDI rejected it, or its PEC message never left and never
 * will (it failed, or it is gone: cancelled, or its account removed before it left).
 */
export function allowsResend(
  status: TSdiStatus,
  deliveryStatus: TOutboxStatus | null | undefined,
  sentAt: Date | string | null,
): boolean {
  if (status === 'rejected') return true;
  return status === 'pending' && !sentAt && (deliveryStatus === 'failed' || !deliveryStatus);
}
