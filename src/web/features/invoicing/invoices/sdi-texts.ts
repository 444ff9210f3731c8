import type {
  TSdiNotification,
  TSdiNotificationType,
  TSdiState,
  TSdiStatus,
  TSdiTransmission,
} from '@shared/invoicing/sdi.ts';
import type { BadgeTone } from '@web/ui/badge.tsx';

/**
 * The words of an invoice's exchange with the SDI, in one pure place: which state the panel shows (while the SDI
 * has not answered, the PEC message's own delivery decides), its badge, how often to look again, each
 * notification's name and the SDI's error codes we explain ourselves. Every value is a literal catalogue key.
 */

/**
 * none: never sent · sending: the PEC message is queued or leaving · failed: it was given up · sent: it left,
 * the SDI has not answered · withdrawn: it never left and never will (cancelled, or its account removed first) · then the SDI's
 * own answers.
 */
export type SdiPhase = 'none' | 'sending' | 'failed' | 'sent' | 'withdrawn' | Exclude<TSdiStatus, 'pending'>;

export function sdiPhase(latest: TSdiTransmission | undefined): SdiPhase {
  if (!latest) return 'none';
  if (latest.status !== 'pending') return latest.status;
  switch (latest.delivery?.status) {
    case undefined:
      // The outbox row is gone (cancelled, or its account removed): it left if the transmission says so.
      return latest.sentAt ? 'sent' : 'withdrawn';
    case 'sent':
      return 'sent';
    case 'failed':
      return 'failed';
    default:
      // stored, scheduled, queued, sending: not gone yet.
      return 'sending';
  }
}

export const SDI_PHASE_TONE: Record<SdiPhase, BadgeTone> = {
  none: 'neutral',
  sending: 'primary',
  failed: 'danger',
  sent: 'primary',
  withdrawn: 'warning',
  delivered: 'success',
  rejected: 'danger',
  not_delivered: 'warning',
  accepted: 'success',
  refused: 'danger',
  expired: 'warning',
  attested: 'warning',
};

export const SDI_PHASE_LABEL: Record<SdiPhase, string> = {
  none: 'invoices:sdi.state.none',
  sending: 'invoices:sdi.state.sending',
  failed: 'invoices:sdi.state.failed',
  sent: 'invoices:sdi.state.sent',
  withdrawn: 'invoices:sdi.state.withdrawn',
  delivered: 'invoices:sdi.state.delivered',
  rejected: 'invoices:sdi.state.rejected',
  not_delivered: 'invoices:sdi.state.not_delivered',
  accepted: 'invoices:sdi.state.accepted',
  refused: 'invoices:sdi.state.refused',
  expired: 'invoices:sdi.state.expired',
  attested: 'invoices:sdi.state.attested',
};

/** What the state means for the user; failed has none (the PEC message's own reason is shown). */
export const SDI_PHASE_TEXT: Record<SdiPhase, string | null> = {
  none: 'invoices:sdi.explain.none',
  sending: 'invoices:sdi.explain.sending',
  failed: null,
  sent: 'invoices:sdi.explain.sent',
  withdrawn: 'invoices:sdi.explain.withdrawn',
  delivered: 'invoices:sdi.explain.delivered',
  rejected: 'invoices:sdi.explain.rejected',
  not_delivered: 'invoices:sdi.explain.not_delivered',
  accepted: 'invoices:sdi.explain.accepted',
  refused: 'invoices:sdi.explain.refused',
  expired: 'invoices:sdi.explain.expired',
  attested: 'invoices:sdi.explain.attested',
};

/** Whether the SDI's answer to the latest file is still awaited (the state is looked at again). */
export function isAwaitingSdi(state: TSdiState | undefined): boolean {
  return state?.transmissions[0]?.status === 'pending';
}

/** Every 3 s while the PEC message is leaving, every 15 s while the SDI's answer is awaited, else never. */
export function sdiRefetchInterval(state: TSdiState | undefined): number | false {
  if (!isAwaitingSdi(state)) return false;
  return sdiPhase(state!.transmissions[0]) === 'sending' ? 3_000 : 15_000;
}

const NOTIFICATION_LABEL: Record<TSdiNotificationType, string> = {
  RC: 'invoices:sdi.notification.RC',
  NS: 'invoices:sdi.notification.NS',
  MC: 'invoices:sdi.notification.MC',
  NE: 'invoices:sdi.notification.NE',
  DT: 'invoices:sdi.notification.DT',
  AT: 'invoices:sdi.notification.AT',
};

/** A notification's type in words; an outcome (NE) says which. */
export function notificationLabelKey(n: Pick<TSdiNotification, 'type' | 'outcome'>): string {
  if (n.type === 'NE' && n.outcome === 'EC01') return 'invoices:sdi.notification.NE_EC01';
  if (n.type === 'NE' && n.outcome === 'EC02') return 'invoices:sdi.notification.NE_EC02';
  return NOTIFICATION_LABEL[n.type];
}

/** The tone of a notification in the history: what went wrong in red, what went well in green. */
export function notificationTone(n: Pick<TSdiNotification, 'type' | 'outcome'>): BadgeTone {
  if (n.type === 'NS' || (n.type === 'NE' && n.outcome === 'EC02')) return 'danger';
  if (n.type === 'RC' || (n.type === 'NE' && n.outcome === 'EC01')) return 'success';
  if (n.type === 'MC' || n.type === 'DT' || n.type === 'AT') return 'warning';
  return 'neutral';
}

/**
 * The SDI's error codes (Specifiche tecniche, elenco dei controlli) that we explain in our words; for the others
 * the SDI's own description is shown.
 */
const SDI_ERROR_TEXT: Record<string, string> = {
  '00001': 'invoices:sdi.errorCodes.00001',
  '00002': 'invoices:sdi.errorCodes.00002',
  '00100': 'invoices:sdi.errorCodes.00100',
  '00200': 'invoices:sdi.errorCodes.00200',
  '00305': 'invoices:sdi.errorCodes.00305',
  '00306': 'invoices:sdi.errorCodes.00306',
  '00311': 'invoices:sdi.errorCodes.00311',
  '00404': 'invoices:sdi.errorCodes.00404',
};

/** The catalogue key of an SDI error code we explain, or null (show the SDI's description). */
export function sdiErrorKey(code: string): string | null {
  return Object.hasOwn(SDI_ERROR_TEXT, code.trim()) ? SDI_ERROR_TEXT[code.trim()]! : null;
}

/** Every key this module names, for the test that proves each has a text in both languages. */
export const SDI_TEXT_KEYS: readonly string[] = [
  ...Object.values(SDI_PHASE_LABEL),
  ...Object.values(SDI_PHASE_TEXT).filter((k): k is string => k !== null),
  ...Object.values(NOTIFICATION_LABEL),
  'invoices:sdi.notification.NE_EC01',
  'invoices:sdi.notification.NE_EC02',
  ...Object.values(SDI_ERROR_TEXT),
];
