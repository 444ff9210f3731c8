/**
 * PEC (posta elettronica certificata) receipts, DM 2 novembre 2005 and its technical rules: the provider answers a
 * message sent from a PEC account with receipts carrying `X-Ricevuta` (what happened) and
 * `X-Riferimento-Message-ID` (the Message-ID of the message it is about), with the certified data in `daticert.xml`.
 * Issue 16: they are attached to the sent message, which shows its legal status.
 */
export const PEC_RECEIPT_KINDS = [
  'accettazione',
  'non-accettazione',
  'presa-in-carico',
  'avvenuta-consegna',
  'preavviso-errore-consegna',
  'errore-consegna',
  'rilevazione-virus',
] as const;
export type PecReceiptKind = (typeof PEC_RECEIPT_KINDS)[number];

/**
 * waiting: sent, no receipt yet · accepted: the sender's provider took it (legal proof of sending) · delivered: the
 * recipient's provider put it in the mailbox (legal proof of delivery) · warning: not delivered within 12 hours,
 * still being tried · not_delivered: delivery failed · not_accepted: the sender's provider refused it.
 */
export const PEC_STATUSES = [
  'waiting',
  'accepted',
  'delivered',
  'warning',
  'not_delivered',
  'not_accepted',
] as const;
export type PecStatus = (typeof PEC_STATUSES)[number];

export type TPecReceipt = {
  /** The receipt's own message in the mailbox (opened to read or download it). */
  messageId: string;
  kind: PecReceiptKind;
  /** The recipient a delivery receipt is about. */
  recipient: string | null;
  /** The provider's reason, for a refusal or a failed delivery. */
  error: string | null;
  receivedAt: string;
};

export type TPecState = { status: PecStatus; receipts: TPecReceipt[] };

/**
 * The legal status of a sent PEC message from its receipts. A refusal or a failed delivery says so whatever came
 * before; otherwise delivered once a delivery receipt came, warned while only the 12-hour notice did, accepted
 * with the acceptance alone. (With several recipients, one delivery receipt comes per recipient: each is listed.)
 */
export function pecStatusOf(kinds: readonly PecReceiptKind[]): PecStatus {
  const has = (k: PecReceiptKind) => kinds.includes(k);
  if (has('non-accettazione')) return 'not_accepted';
  if (has('errore-consegna') || has('rilevazione-virus')) return 'not_delivered';
  if (has('avvenuta-consegna')) return 'delivered';
  if (has('preavviso-errore-consegna')) return 'warning';
  if (has('accettazione') || has('presa-in-carico')) return 'accepted';
  return 'waiting';
}

export type PecRecipientState = 'delivered' | 'not_delivered' | 'waiting';

/**
 * Each recipient's delivery from the receipts (one delivery or non-delivery receipt comes per recipient, naming
 * it in the certified data): delivered, not delivered, or still waiting. Addresses compared without case.
 */
export function pecRecipientStates(
  receipts: readonly Pick<TPecReceipt, 'kind' | 'recipient'>[],
  recipients: readonly string[],
): { address: string; state: PecRecipientState }[] {
  const named = (kind: PecReceiptKind) =>
    new Set(
      receipts.filter((r) => r.kind === kind && r.recipient).map((r) => r.recipient!.trim().toLowerCase()),
    );
  const delivered = named('avvenuta-consegna');
  const failed = new Set([...named('errore-consegna'), ...named('rilevazione-virus')]);
  const unique = [...new Set(recipients.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  return unique.map((address) => ({
    address,
    state: failed.has(address) ? 'not_delivered' : delivered.has(address) ? 'delivered' : 'waiting',
  }));
}
