import { z } from 'zod';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { zIsoDate } from '../imports/dates.ts';
import { PAYMENT_METHODS } from '../transactions/contracts.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { PURCHASE_PAYMENT_STATUSES } from './payables.ts';

/** Invoices received from suppliers (issue 16: FatturaPA files arriving by PEC). */

export const ZPurchaseLine = z.object({
  number: z.number().int(),
  description: z.string(),
  quantity: z.string().nullable(),
  unitPrice: z.string(),
  totalCents: z.number().int(),
  vatRate: z.string(),
  nature: z.string().nullable(),
});
export type TPurchaseLine = z.infer<typeof ZPurchaseLine>;

export const ZPurchaseVatSummary = z.object({
  vatRate: z.string(),
  nature: z.string().nullable(),
  taxableCents: z.number().int(),
  vatCents: z.number().int(),
  /** I immediate, D deferred, S split payment. */
  chargeability: z.string().nullable(),
});
export type TPurchaseVatSummary = z.infer<typeof ZPurchaseVatSummary>;

export const ZPurchaseInstallment = z.object({
  dueDate: z.string().nullable(),
  amountCents: z.number().int(),
  /** FatturaPA ModalitaPagamento (MP01 cash, MP05 bank transfer, …). */
  method: z.string(),
  iban: z.string().nullable(),
});
export type TPurchaseInstallment = z.infer<typeof ZPurchaseInstallment>;

export const ZSupplier = z.object({
  id: z.string(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  taxCode: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  country: z.string().nullable(),
});
export type TSupplier = z.infer<typeof ZSupplier>;

export const ZPurchaseInvoiceListItem = z.object({
  id: z.string(),
  supplierName: z.string(),
  documentType: z.string(),
  number: z.string(),
  issueDate: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
  /** The first due date not yet passed, else the last one; null without a payment schedule. */
  dueDate: z.string().nullable(),
  source: z.string(),
  receivedAt: z.string(),
  paymentStatus: z.enum(PURCHASE_PAYMENT_STATUSES),
});
export type TPurchaseInvoiceListItem = z.infer<typeof ZPurchaseInvoiceListItem>;

export const ZPurchaseInvoicePage = zPage(ZPurchaseInvoiceListItem);
export type TPurchaseInvoicePage = z.infer<typeof ZPurchaseInvoicePage>;

export const ZPurchaseInvoiceQuery = zPageQuery(25).extend({
  q: z.string().trim().max(100).optional(),
  /** One supplier's invoices (its page, issue 17). */
  supplierId: z.string().max(64).optional(),
});

export const ZPurchasePayment = z.object({
  id: z.string(),
  paidOn: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  /** The expense it put in the ledger (null when that entry was deleted from the ledger). */
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TPurchasePayment = z.infer<typeof ZPurchasePayment>;

const err = (key: FieldKey) => ({ error: key });

/**
 * "Mark as paid": a payment of the invoice, recorded with an expense in the ledger. `id` is made by the client
 * (a UUID), so sending the same payment twice records it once.
 */
export const ZPurchasePaymentInput = z.object({
  id: z.uuid(err('purchases.errors.paymentIdInvalid')),
  paidOn: zIsoDate('purchases.errors.dateInvalid'),
  amountCents: z
    .number(err('purchases.errors.amountInvalid'))
    .int(err('purchases.errors.amountInvalid'))
    .min(1, err('purchases.errors.amountInvalid'))
    .max(99_999_999_999, err('purchases.errors.amountInvalid')),
  method: z.enum(PAYMENT_METHODS, err('purchases.errors.methodInvalid')).default('bank_transfer'),
});
export type TPurchasePaymentInput = z.output<typeof ZPurchasePaymentInput>;

export const ZPurchaseInvoice = z.object({
  id: z.string(),
  supplier: ZSupplier,
  documentType: z.string(),
  number: z.string(),
  issueDate: z.string(),
  currency: z.string(),
  taxableCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  withholdingCents: z.number().int(),
  lines: z.array(ZPurchaseLine),
  vatSummary: z.array(ZPurchaseVatSummary),
  installments: z.array(ZPurchaseInstallment),
  description: z.string().nullable(),
  source: z.string(),
  fileName: z.string(),
  receivedAt: z.string(),
  /** The message it came in, for a link to the mailbox: only for the owner of that mailbox (mail is personal). */
  mailMessageId: z.string().nullable(),
  /** The document it was uploaded as, when it came through the documents. */
  documentId: z.string().nullable(),
  /** What the supplier is to be paid (`amountToPayCents`), what is paid, and what is left. */
  amountToPayCents: z.number().int(),
  paidCents: z.number().int(),
  remainingCents: z.number().int(),
  paymentStatus: z.enum(PURCHASE_PAYMENT_STATUSES),
  payments: z.array(ZPurchasePayment),
});
export type TPurchaseInvoice = z.infer<typeof ZPurchaseInvoice>;
