import type { InvoiceStatus, QuoteStatus } from './contracts.ts';

/**
 * Statuses of quotes and invoices (issue 5). Dates are ISO "YYYY-MM-DD" strings, compared as text.
 *
 * Quotes move by this table (anything else is refused, including staying in the same status):
 * - draft → sent (sent to the client or handed over);
 * - sent → accepted | rejected (the client's answer, through the link or recorded by the user) | expired
 *   (validity passed without an answer);
 * - expired → sent: re-sent after the validity date was moved (isQuoteExpired must then be false);
 * - accepted → converted (an invoice was created from it);
 * - rejected and converted are final: a revised offer is a new quote.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  draft: ['sent'],
  sent: ['accepted', 'rejected', 'expired'],
  expired: ['sent'],
  accepted: ['converted'],
  rejected: [],
  converted: [],
};

export function canTransitionQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return QUOTE_TRANSITIONS[from].includes(to);
}

/** A quote is valid through its validUntil day and expired from the day after. */
export function isQuoteExpired(validUntil: string, today: string): boolean {
  return validUntil < today;
}

/** The status to show: a sent quote past its validity is expired even before the status is stored. */
export function effectiveQuoteStatus(status: QuoteStatus, validUntil: string, today: string): QuoteStatus {
  return status === 'sent' && isQuoteExpired(validUntil, today) ? 'expired' : status;
}

/** Whether the client may still accept or reject through the quote link. */
export function canRespondToQuote(status: QuoteStatus, validUntil: string, today: string): boolean {
  return status === 'sent' && !isQuoteExpired(validUntil, today);
}

export type InvoiceStatusFacts = {
  /** A number was assigned (the invoice is no longer a draft). */
  issued: boolean;
  /** Sent to the client (e-mail or SdI). */
  sent: boolean;
  /** Fully credited by credit notes, or cancelled otherwise. */
  cancelled: boolean;
  /** What the client owes (DocumentTotals.amountDueCents). */
  amountDueCents: number;
  paidCents: number;
  /** Credited by credit notes short of a full cancellation; reduces what is still owed. */
  creditedCents?: number;
  dueDate: string | null;
  today: string;
};

/**
 * The invoice status from the facts, first rule that applies: cancelled (fully credited wins over everything);
 * draft when not issued; paid when payments cover what is owed (amount due − credited); overdue when the due
 * date is before today and it is not fully paid; partially_paid when something was paid; sent; issued.
 */
export function deriveInvoiceStatus(facts: InvoiceStatusFacts): InvoiceStatus {
  const owed = facts.amountDueCents - (facts.creditedCents ?? 0);
  if (facts.cancelled || (facts.issued && facts.amountDueCents > 0 && owed <= 0)) return 'cancelled';
  if (!facts.issued) return 'draft';
  if (facts.paidCents >= owed) return 'paid';
  if (facts.dueDate !== null && facts.dueDate < facts.today) return 'overdue';
  if (facts.paidCents > 0) return 'partially_paid';
  return facts.sent ? 'sent' : 'issued';
}

/** What is still to be collected, never below 0. */
export function outstandingCents(amountDueCents: number, paidCents: number, creditedCents = 0): number {
  return Math.max(0, amountDueCents - paidCents - creditedCents);
}

/** Statuses whose invoice still waits for money (reminders and the outstanding total apply). */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'issued',
  'sent',
  'partially_paid',
  'overdue',
];

/** The columns of a stored invoice (or credit note) its status is derived from. */
export type StoredInvoiceFacts = {
  /** draft · issued · cancelled */
  phase: string;
  /** TD01 invoice, TD04 credit note. */
  documentType: string;
  sentAt: Date | string | null;
  amountDueCents: number;
  paidCents: number;
  creditedCents: number;
  dueDate: string | null;
};

/**
 * The status of a stored invoice from its phase and money (server side; statusCondition in the invoices
 * repository is its SQL twin).
 */
export function invoiceStatus(row: StoredInvoiceFacts, today: string): InvoiceStatus {
  // A credit note is a draft, issued or sent: it is not paid or overdue itself.
  if (row.documentType === 'TD04') return row.phase === 'draft' ? 'draft' : row.sentAt ? 'sent' : 'issued';
  return deriveInvoiceStatus({
    issued: row.phase !== 'draft',
    sent: row.sentAt !== null,
    cancelled: false,
    amountDueCents: row.amountDueCents,
    paidCents: row.paidCents,
    creditedCents: row.creditedCents,
    dueDate: row.dueDate,
    today,
  });
}
