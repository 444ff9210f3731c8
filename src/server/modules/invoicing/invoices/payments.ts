import { isUuid } from '@shared/ids/uuid.ts';
import type { TInvoice, TPaymentInput } from '@shared/invoicing/contracts.ts';
import { AppError } from '../../../platform/errors.ts';
import { formatMoneyFor } from '../dates-and-money.ts';
import { findCategoryByName } from '../../transactions/index.ts';
import * as repo from './repository.ts';
import { invoiceNotFound } from '../document.ts';
import { assertId, outstandingOf, present, type InvoiceDeps } from './service.ts';

/**
 * Records a payment and its income entry in the ledger in one transaction; the invoice is paid when the amount
 * due is covered. A payment larger than what is outstanding is refused.
 */
type PaymentRecording = {
  orgId: string;
  userId: string;
  invoiceId: string;
  payment: TPaymentInput;
  locale?: 'it' | 'en';
};

export async function recordPayment(deps: InvoiceDeps, input: PaymentRecording): Promise<TInvoice> {
  return present(deps, { orgId: input.orgId, row: await recordPaymentRow(deps, input) });
}

/** Records the payment and returns the invoice's row, without the presentation. */
export async function recordPaymentRow(deps: InvoiceDeps, input: PaymentRecording): Promise<repo.InvoiceRow> {
  assertId(input.invoiceId);
  const { orgId, payment } = input;
  return deps.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, orgId, input.invoiceId);
    if (!invoice) throw invoiceNotFound(input.invoiceId);
    if (invoice.phase !== 'issued' || invoice.documentType !== 'TD01') {
      throw AppError.withParams('INVALID_TRANSITION', { from: invoice.phase, to: 'paid' });
    }
    const outstanding = outstandingOf(invoice);
    if (outstanding <= 0) {
      throw AppError.withParams('INVOICE_ALREADY_PAID', { id: invoice.number ?? invoice.id });
    }
    if (payment.amountCents > outstanding) {
      throw AppError.withParams('PAYMENT_EXCEEDS_DUE', {
        amount: formatMoneyFor(outstanding, input.locale ?? invoice.language),
      });
    }
    const category = await findCategoryByName(tx, orgId, 'income', 'Vendite');
    const description =
      invoice.language === 'en'
        ? `Payment of invoice ${invoice.number}`
        : `Incasso fattura ${invoice.number}`;
    const transactionId = await repo.insertLedgerEntry(tx, orgId, {
      occurredOn: payment.paidOn,
      direction: 'income',
      amountCents: payment.amountCents,
      vatAmountCents: null,
      categoryId: category?.id ?? null,
      description,
      clientId: invoice.clientId,
      paymentMethod: payment.method,
      invoiceId: invoice.id,
      createdBy: input.userId,
    });
    await repo.insertPayment(tx, orgId, {
      invoiceId: invoice.id,
      transactionId,
      paidOn: payment.paidOn,
      amountCents: payment.amountCents,
      method: payment.method,
      note: payment.note,
      createdBy: input.userId,
    });
    return repo.updateInvoice(tx, orgId, invoice.id, {
      paidCents: invoice.paidCents + payment.amountCents,
    });
  });
}

/** Removes a payment recorded by mistake, with its ledger entry. */
export async function deletePayment(
  deps: InvoiceDeps,
  input: { orgId: string; invoiceId: string; paymentId: string },
): Promise<TInvoice> {
  assertId(input.invoiceId);
  if (!isUuid(input.paymentId)) throw new AppError('NOT_FOUND');
  const { orgId } = input;
  const row = await deps.db.transaction(async (tx) => {
    const invoice = await repo.lockInvoice(tx, orgId, input.invoiceId);
    if (!invoice) throw invoiceNotFound(input.invoiceId);
    const removed = await repo.deletePaymentWithEntry(tx, orgId, invoice.id, input.paymentId);
    if (!removed) throw new AppError('NOT_FOUND');
    return repo.updateInvoice(tx, orgId, invoice.id, {
      paidCents: Math.max(0, invoice.paidCents - removed.amountCents),
    });
  });
  return present(deps, { orgId, row });
}
