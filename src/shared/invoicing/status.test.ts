import { describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from './contracts.ts';
import {
  QUOTE_TRANSITIONS,
  canRespondToQuote,
  canTransitionQuote,
  deriveInvoiceStatus,
  effectiveQuoteStatus,
  invoiceStatus,
  isQuoteExpired,
  outstandingCents,
  type InvoiceStatusFacts,
} from './status.ts';

describe('quote transitions', () => {
  it('allows exactly the documented moves', () => {
    const allowed = QUOTE_STATUSES.flatMap((from) =>
      QUOTE_STATUSES.filter((to) => canTransitionQuote(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'draft→sent',
        'sent→accepted',
        'sent→rejected',
        'sent→expired',
        'expired→sent',
        'accepted→converted',
      ].sort(),
    );
  });
  it('has final statuses and no self-transition', () => {
    expect(QUOTE_TRANSITIONS.rejected).toEqual([]);
    expect(QUOTE_TRANSITIONS.converted).toEqual([]);
    for (const status of QUOTE_STATUSES) expect(canTransitionQuote(status, status), status).toBe(false);
    expect(canTransitionQuote('draft', 'accepted')).toBe(false);
    expect(canTransitionQuote('sent', 'converted')).toBe(false);
  });
});

describe('quote validity', () => {
  it('is valid through validUntil and expired the day after', () => {
    expect(isQuoteExpired('2026-03-31', '2026-03-30')).toBe(false);
    expect(isQuoteExpired('2026-03-31', '2026-03-31')).toBe(false);
    expect(isQuoteExpired('2026-03-31', '2026-04-01')).toBe(true);
    expect(isQuoteExpired('2025-12-31', '2026-01-01')).toBe(true);
  });
  it('shows a sent quote past validity as expired, other statuses as they are', () => {
    expect(effectiveQuoteStatus('sent', '2026-03-31', '2026-04-01')).toBe('expired');
    expect(effectiveQuoteStatus('sent', '2026-03-31', '2026-03-31')).toBe('sent');
    expect(effectiveQuoteStatus('accepted', '2026-03-31', '2026-04-01')).toBe('accepted');
    expect(effectiveQuoteStatus('draft', '2026-03-31', '2026-04-01')).toBe('draft');
  });
  it('lets the client respond only to a sent, still valid quote', () => {
    expect(canRespondToQuote('sent', '2026-03-31', '2026-03-31')).toBe(true);
    expect(canRespondToQuote('sent', '2026-03-31', '2026-04-01')).toBe(false);
    expect(canRespondToQuote('accepted', '2026-03-31', '2026-03-01')).toBe(false);
    expect(canRespondToQuote('draft', '2026-03-31', '2026-03-01')).toBe(false);
  });
});

describe('deriveInvoiceStatus', () => {
  const base: InvoiceStatusFacts = {
    issued: true,
    sent: true,
    cancelled: false,
    amountDueCents: 10000,
    paidCents: 0,
    dueDate: '2026-03-31',
    today: '2026-03-15',
  };
  const status = (facts: Partial<InvoiceStatusFacts>) => deriveInvoiceStatus({ ...base, ...facts });

  it('is draft until issued, then issued, then sent', () => {
    expect(status({ issued: false, sent: false })).toBe('draft');
    expect(status({ issued: false, sent: false, today: '2026-05-01' })).toBe('draft');
    expect(status({ sent: false })).toBe('issued');
    expect(status({})).toBe('sent');
  });
  it('is paid when payments cover the amount due, partially paid below it', () => {
    expect(status({ paidCents: 10000 })).toBe('paid');
    expect(status({ paidCents: 12000 })).toBe('paid');
    expect(status({ paidCents: 9999 })).toBe('partially_paid');
    expect(status({ paidCents: 1, sent: false })).toBe('partially_paid');
    expect(status({ amountDueCents: 0 })).toBe('paid');
  });
  it('is overdue after the due date unless fully paid, even when partially paid', () => {
    expect(status({ today: '2026-03-31' })).toBe('sent');
    expect(status({ today: '2026-04-01' })).toBe('overdue');
    expect(status({ today: '2026-04-01', paidCents: 5000 })).toBe('overdue');
    expect(status({ today: '2026-04-01', paidCents: 10000 })).toBe('paid');
    expect(status({ today: '2026-04-01', sent: false })).toBe('overdue');
    expect(status({ today: '2026-04-01', dueDate: null })).toBe('sent');
  });
  it('is cancelled when cancelled or fully credited, over everything else', () => {
    expect(status({ cancelled: true })).toBe('cancelled');
    expect(status({ cancelled: true, paidCents: 10000, today: '2026-05-01' })).toBe('cancelled');
    expect(status({ creditedCents: 10000, today: '2026-05-01' })).toBe('cancelled');
  });
  it('counts a partial credit note against what is owed', () => {
    expect(status({ creditedCents: 4000, paidCents: 6000, today: '2026-05-01' })).toBe('paid');
    expect(status({ creditedCents: 4000, paidCents: 5000, today: '2026-05-01' })).toBe('overdue');
    expect(status({ creditedCents: 4000, paidCents: 5000 })).toBe('partially_paid');
  });
});

describe('outstandingCents', () => {
  it('is due − paid − credited, never below 0', () => {
    expect(outstandingCents(10000, 2500)).toBe(7500);
    expect(outstandingCents(10000, 2500, 2500)).toBe(5000);
    expect(outstandingCents(10000, 12000)).toBe(0);
  });
});

describe('invoiceStatus (a stored invoice)', () => {
  const stored = {
    phase: 'issued',
    documentType: 'TD01',
    sentAt: null,
    amountDueCents: 10_000,
    paidCents: 0,
    creditedCents: 0,
    dueDate: '2026-05-31',
  };

  it('derives the status of an invoice from its money and due date', () => {
    expect(invoiceStatus(stored, '2026-05-01')).toBe('issued');
    expect(invoiceStatus({ ...stored, paidCents: 10_000 }, '2026-06-10')).toBe('paid');
    expect(invoiceStatus(stored, '2026-06-10')).toBe('overdue');
  });

  it('keeps a credit note draft, issued or sent', () => {
    const note = { ...stored, documentType: 'TD04' };
    expect(invoiceStatus({ ...note, phase: 'draft' }, '2026-06-10')).toBe('draft');
    expect(invoiceStatus(note, '2026-06-10')).toBe('issued');
    expect(invoiceStatus({ ...note, sentAt: new Date('2026-05-02T10:00:00Z') }, '2026-06-10')).toBe('sent');
  });
});
