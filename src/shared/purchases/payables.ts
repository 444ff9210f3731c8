import type { TPurchaseInstallment } from './contracts.ts';

/**
 * What the business owes on a purchase invoice and when (payables, scadenzario). Pure: the server's reports and
 * the invoice's screen read the same figures.
 *
 * - The amount to pay is the sum of the payment schedule (DatiPagamento, what the supplier asks for: net of a
 *   withholding the business pays to the Treasury, only the taxable amount under split payment); without a
 *   schedule, the document's total less the withholding.
 * - A credit note (TD04) is owed by the supplier, not paid: nothing to pay.
 * - Payments cover the instalments in due-date order.
 */

export const PURCHASE_PAYMENT_STATUSES = ['unpaid', 'partlyPaid', 'paid', 'notPayable'] as const;
export type PurchasePaymentStatus = (typeof PURCHASE_PAYMENT_STATUSES)[number];

type Payable = {
  documentType: string;
  totalCents: number;
  withholdingCents: number;
  installments: readonly TPurchaseInstallment[];
};

export function amountToPayCents(invoice: Payable): number {
  if (invoice.documentType === 'TD04') return 0;
  const scheduled = invoice.installments.reduce((sum, i) => sum + Math.max(0, i.amountCents), 0);
  return scheduled > 0 ? scheduled : Math.max(0, invoice.totalCents - invoice.withholdingCents);
}

export function purchasePaymentStatus(invoice: Payable, paidCents: number): PurchasePaymentStatus {
  const due = amountToPayCents(invoice);
  if (due === 0) return invoice.documentType === 'TD04' ? 'notPayable' : 'paid';
  if (paidCents <= 0) return 'unpaid';
  return paidCents >= due ? 'paid' : 'partlyPaid';
}

export type OpenInstallment = { dueDate: string; amountCents: number; openCents: number };

/**
 * The instalments still (partly) open after `paidCents`, in due-date order. An instalment without a date, or the
 * whole amount without a schedule, is due on `fallbackDueDate` (the document's date: due on receipt).
 */
export function openInstallments(
  invoice: Payable,
  paidCents: number,
  fallbackDueDate: string,
): OpenInstallment[] {
  const due = amountToPayCents(invoice);
  if (due === 0) return [];
  const scheduled = invoice.installments.filter((i) => i.amountCents > 0);
  const schedule = (
    scheduled.length > 0
      ? scheduled.map((i) => ({ dueDate: i.dueDate ?? fallbackDueDate, amountCents: i.amountCents }))
      : [{ dueDate: fallbackDueDate, amountCents: due }]
  ).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  let covered = Math.max(0, paidCents);
  const open: OpenInstallment[] = [];
  for (const installment of schedule) {
    const used = Math.min(covered, installment.amountCents);
    covered -= used;
    const openCents = installment.amountCents - used;
    if (openCents > 0) open.push({ ...installment, openCents });
  }
  return open;
}
