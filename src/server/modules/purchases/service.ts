import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { catalogueText } from '@shared/i18n/texts.ts';
import type {
  TPurchaseInvoice,
  TPurchaseInvoicePage,
  TPurchasePaymentInput,
} from '@shared/purchases/contracts.ts';
import { amountToPayCents, purchasePaymentStatus } from '@shared/purchases/payables.ts';
import type { PaymentMethod } from '@shared/transactions/contracts.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import type { FileStore } from '../../platform/storage.ts';
import { findProfile } from '../business-profiles/index.ts';
import { formatMoneyFor, readReceivedFatturaPa, todayIn, type ReceivedFile } from '../invoicing/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { organizationOwnerIds } from '../organizations/index.ts';
import {
  findCategoryByName,
  hasAnyCategory,
  insertDefaultCategories,
  insertTransaction,
} from '../transactions/index.ts';
import * as repo from './repository.ts';

/**
 * Invoices received from suppliers (issue 16). A FatturaPA file that arrives in a connected mailbox (plain .xml or
 * signed .xml.p7m, as the SDI delivers them by PEC) is recognised, checked against the official schema, and when it
 * is addressed to this business (its Partita IVA or codice fiscale) each invoice in it is recorded with its supplier
 * (found or created by Partita IVA), once: a file received again records nothing.
 */

export type PurchaseDeps = { db: Db; files: FileStore; hub: RealtimeHub; log?: FastifyBaseLogger };

const NOTICE_LANGUAGE: 'it' | 'en' = 'it';

/** "IT 01234567890" / "01234567890" → "01234567890"; anything else as typed, without spaces, upper case. */
const bareCode = (value: string | null | undefined) =>
  value
    ? value
        .replace(/\s+/g, '')
        .toUpperCase()
        .replace(/^IT(?=\d{11}$)/, '')
    : null;

function addressedTo(
  file: ReceivedFile,
  profile: { vatNumber: string | null; codiceFiscale: string | null },
) {
  const ours = new Set([bareCode(profile.vatNumber), bareCode(profile.codiceFiscale)].filter(Boolean));
  const customer = file.customer;
  const theirs = [
    customer.vatNumber?.startsWith('IT') ? customer.vatNumber.slice(2) : null,
    bareCode(customer.taxCode),
  ];
  return theirs.some((code) => code && ours.has(code));
}

export type PurchaseImportResult =
  /** At least one invoice of the file is new; `invoiceIds` names every invoice of the file. */
  | { status: 'recorded'; invoiceIds: string[] }
  /** Every invoice of the file was recorded before (received by PEC, or uploaded already). */
  | { status: 'duplicate'; invoiceIds: string[] }
  /** Not a FatturaPA file (another XML, a signed file of something else). */
  | { status: 'not_einvoice' }
  /** A FatturaPA file the official schema refuses: xmllint's messages. */
  | { status: 'invalid'; errors: string[] }
  /** An e-invoice addressed to another business (not this one's Partita IVA or codice fiscale). */
  | { status: 'other_business' };

/** The SDI's file name form, which the reader asks for; an uploaded file may be named anyhow. */
const SDI_FILE_NAME = /^[A-Z]{2}[A-Z0-9]{1,28}_[A-Z0-9]{1,5}\.xml(\.p7m)?$/i;

/** An uploaded FatturaPA file (.xml or .xml.p7m), read whatever its name; null for any other file. */
export function readUploadedFatturaPa(fileName: string, content: Buffer) {
  const name = fileName.trim();
  const readAs =
    !SDI_FILE_NAME.test(name) && /\.xml(\.p7m)?$/i.test(name)
      ? `IT00000000000_UPLD.xml${/\.p7m$/i.test(name) ? '.p7m' : ''}`
      : name;
  return readReceivedFatturaPa(readAs, content);
}

/**
 * Records the invoices of one FatturaPA file (plain .xml or signed .xml.p7m) received by PEC or uploaded to the
 * documents: checked against the official schema, kept only when addressed to this business, each invoice once
 * with its supplier (found or created by Partita IVA), the file kept as received. The owners (and the user who
 * brought it) are told of each new invoice.
 */
export async function importPurchaseInvoiceFile(
  deps: PurchaseDeps,
  input: PurchaseFileInput,
): Promise<PurchaseImportResult> {
  return (await importFile(deps, input)).result;
}

type PurchaseFileInput = {
  orgId: string;
  userId: string;
  fileName: string;
  content: Buffer;
  source: 'upload' | 'pec';
  documentId?: string | null;
  /** When it arrived (the PEC message's date); now by default. */
  receivedAt?: Date;
  /** The mail message it came in (PEC). */
  messageRowId?: string | null;
};

/** `importPurchaseInvoiceFile`, with how many of the file's invoices are new. */
async function importFile(
  deps: PurchaseDeps,
  input: PurchaseFileInput,
): Promise<{ result: PurchaseImportResult; recorded: number }> {
  const name = input.fileName.trim();
  const read =
    input.source === 'upload'
      ? await readUploadedFatturaPa(name, input.content)
      : await readReceivedFatturaPa(name, input.content);
  if (!read) return { result: { status: 'not_einvoice' }, recorded: 0 };
  if (!read.ok) {
    deps.log?.warn({ file: name, errors: read.errors.slice(0, 3) }, 'received e-invoice not valid');
    return { result: { status: 'invalid', errors: read.errors }, recorded: 0 };
  }
  const profile = await findProfile(deps.db, input.orgId);
  if (!profile || !addressedTo(read.file, profile)) {
    deps.log?.warn({ file: name }, 'received e-invoice addressed to another business ignored');
    return { result: { status: 'other_business' }, recorded: 0 };
  }
  const digest = createHash('sha256').update(input.content).digest('hex');
  const fileKey = `purchases/${input.orgId}/${digest}`;
  await deps.files.put(fileKey, input.content);
  const supplier = read.file.supplier;
  const receivedAt = input.receivedAt ?? new Date();
  const { all, inserted } = await deps.db.transaction(async (tx) => {
    const supplierId = await repo.ensureSupplier(tx, {
      organizationId: input.orgId,
      name: supplier.name || supplier.vatNumber || supplier.taxCode || '—',
      vatNumber: supplier.vatNumber,
      taxCode: supplier.taxCode,
      address: supplier.address,
      postalCode: supplier.postalCode,
      city: supplier.city,
      province: supplier.province,
      country: supplier.country,
    });
    const all: string[] = [];
    const inserted: { id: string; number: string; totalCents: number }[] = [];
    for (const [bodyIndex, invoice] of read.file.invoices.entries()) {
      const key = {
        organizationId: input.orgId,
        supplierId,
        documentType: invoice.documentType,
        number: invoice.number,
        issueDate: invoice.date,
      };
      const id = await repo.insertPurchaseInvoice(tx, {
        ...key,
        currency: invoice.currency,
        taxableCents: invoice.taxableCents,
        vatCents: invoice.vatCents,
        totalCents: invoice.totalCents,
        withholdingCents: invoice.withholdingCents,
        lines: invoice.lines,
        vatSummary: invoice.vatSummary,
        installments: invoice.installments,
        description: invoice.description,
        source: input.source,
        documentId: input.documentId ?? null,
        fileName: name,
        fileKey,
        bodyIndex,
        mailMessageId: input.messageRowId ?? null,
        receivedAt,
      });
      if (id) inserted.push({ id, number: invoice.number, totalCents: invoice.totalCents });
      const recorded = id ?? (await repo.findRecordedInvoiceId(tx, key));
      if (recorded && !all.includes(recorded)) all.push(recorded);
    }
    if (input.documentId) await repo.setDocumentWhereNone(tx, input.orgId, all, input.documentId);
    return { all, inserted };
  });
  for (const invoice of inserted) {
    await tellOfInvoice(deps, input, supplier.name, invoice).catch((err: unknown) =>
      deps.log?.warn({ err }, 'could not notify of a received invoice'),
    );
  }
  return {
    result: { status: inserted.length > 0 ? 'recorded' : 'duplicate', invoiceIds: all },
    recorded: inserted.length,
  };
}

/**
 * Records the invoices of the files of one message that arrived in a mailbox of `userId`. Answers the files that
 * are invoices of this business (new or recorded before), which the documents keep. Files that are not invoices, invalid ones and invoices for another business change
 * nothing (the last two are logged).
 */
export async function receiveMailedInvoices(
  deps: PurchaseDeps,
  input: {
    orgId: string;
    userId: string;
    files: { fileName: string; content: Buffer }[];
    receivedAt: Date;
    messageRowId: string | null;
  },
): Promise<{ fileName: string; content: Buffer }[]> {
  const invoiceFiles: { fileName: string; content: Buffer }[] = [];
  for (const f of input.files) {
    const { result } = await importFile(deps, {
      orgId: input.orgId,
      userId: input.userId,
      fileName: f.fileName,
      content: f.content,
      source: 'pec',
      receivedAt: input.receivedAt,
      messageRowId: input.messageRowId,
    });
    if (result.status === 'recorded' || result.status === 'duplicate') invoiceFiles.push(f);
  }
  return invoiceFiles;
}

async function tellOfInvoice(
  deps: PurchaseDeps,
  input: { orgId: string; userId: string },
  supplierName: string,
  invoice: { id: string; number: string; totalCents: number },
) {
  const recipients = new Set([...(await organizationOwnerIds(deps.db, input.orgId)), input.userId]);
  const title = catalogueText('mail', 'purchaseNotice.title', NOTICE_LANGUAGE, {
    number: invoice.number,
    supplier: supplierName,
  });
  const message = catalogueText('mail', 'purchaseNotice.message', NOTICE_LANGUAGE, {
    total: formatMoneyFor(invoice.totalCents, NOTICE_LANGUAGE),
  });
  for (const userId of recipients) {
    await notifyUser(deps, {
      userId,
      orgId: input.orgId,
      type: 'info',
      title,
      message,
      data: { url: `/purchase-invoices/${invoice.id}` },
    });
  }
}

export async function listPurchaseInvoices(
  deps: { db: Db },
  orgId: string,
  query: { page: number; pageSize: number; q?: string; supplierId?: string },
): Promise<TPurchaseInvoicePage> {
  // An id that is no UUID names no supplier: an empty page.
  if (query.supplierId !== undefined && !isUuid(query.supplierId)) {
    return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  }
  const today = await todayIn(deps, { orgId });
  const { items, total } = await repo.listPurchaseInvoices(deps.db, orgId, {
    q: query.q,
    supplierId: query.supplierId,
    ...toLimitOffset(query),
  });
  return {
    items: items.map(({ installments, receivedAt, withholdingCents, paidCents, ...row }) => {
      const dates = installments
        .map((i) => i.dueDate)
        .filter((d): d is string => !!d)
        .sort();
      return {
        ...row,
        dueDate: dates.find((d) => d >= today) ?? dates.at(-1) ?? null,
        receivedAt: receivedAt.toISOString(),
        paymentStatus: purchasePaymentStatus({ ...row, withholdingCents, installments }, paidCents),
      };
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function found(deps: { db: Db }, orgId: string, id: string, userId?: string) {
  const row = isUuid(id) ? await repo.findPurchaseInvoice(deps.db, orgId, id, userId) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getPurchaseInvoice(
  deps: { db: Db },
  scope: { orgId: string; userId: string },
  id: string,
): Promise<TPurchaseInvoice> {
  const { invoice: i, supplier: s, ownMessageId } = await found(deps, scope.orgId, id, scope.userId);
  const payments = await repo.listPurchasePayments(deps.db, scope.orgId, i.id);
  const amountToPay = amountToPayCents(i);
  return {
    id: i.id,
    supplier: {
      id: s.id,
      name: s.name,
      vatNumber: s.vatNumber,
      taxCode: s.taxCode,
      address: s.address,
      postalCode: s.postalCode,
      city: s.city,
      province: s.province,
      country: s.country,
    },
    documentType: i.documentType,
    number: i.number,
    issueDate: i.issueDate,
    currency: i.currency,
    taxableCents: i.taxableCents,
    vatCents: i.vatCents,
    totalCents: i.totalCents,
    withholdingCents: i.withholdingCents,
    lines: i.lines,
    vatSummary: i.vatSummary,
    installments: i.installments,
    description: i.description,
    source: i.source,
    fileName: i.fileName,
    receivedAt: i.receivedAt.toISOString(),
    mailMessageId: ownMessageId,
    documentId: i.documentId,
    amountToPayCents: amountToPay,
    paidCents: i.paidCents,
    remainingCents: Math.max(0, amountToPay - i.paidCents),
    paymentStatus: purchasePaymentStatus(i, i.paidCents),
    payments: payments.map((payment) => ({
      ...payment,
      method: payment.method as PaymentMethod,
      createdAt: payment.createdAt.toISOString(),
    })),
  };
}

/** The ledger's category of a supplier's payment: the default "Acquisti merci" when the business has it. */
const PURCHASE_CATEGORY = 'Acquisti merci';

/**
 * "Mark as paid": records a payment of a purchase invoice (all that is left, or part of it) and its expense in the
 * ledger, in one transaction. The payment's id comes from the client: the same payment sent again changes nothing
 * and answers the invoice as it is. More than what is left, or a payment of a credit note, is refused.
 */
export async function payPurchaseInvoice(
  deps: { db: Db },
  input: {
    orgId: string;
    userId: string;
    invoiceId: string;
    payment: TPurchasePaymentInput;
    locale?: Locale;
  },
): Promise<TPurchaseInvoice> {
  const { orgId, payment } = input;
  if (!isUuid(input.invoiceId)) throw new AppError('NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const invoice = await repo.lockPurchaseInvoice(tx, orgId, input.invoiceId);
    if (!invoice) throw new AppError('NOT_FOUND');
    const earlier = await repo.findPurchasePayment(tx, orgId, payment.id);
    if (earlier) {
      if (earlier.purchaseInvoiceId === invoice.id) return;
      throw new AppError('ALREADY_EXISTS');
    }
    if (invoice.documentType === 'TD04') throw new AppError('PURCHASE_NOT_PAYABLE');
    const remaining = amountToPayCents(invoice) - invoice.paidCents;
    if (remaining <= 0) throw AppError.withParams('INVOICE_ALREADY_PAID', { id: invoice.number });
    if (payment.amountCents > remaining) {
      throw AppError.withParams('PAYMENT_EXCEEDS_DUE', {
        amount: formatMoneyFor(remaining, input.locale ?? 'it'),
      });
    }
    // The ledger's default categories, created on first use as the ledger does.
    if (!(await hasAnyCategory(tx, orgId))) await insertDefaultCategories(tx, orgId);
    const category = await findCategoryByName(tx, orgId, 'expense', PURCHASE_CATEGORY);
    const transactionId = await insertTransaction(tx, orgId, input.userId, {
      occurredOn: payment.paidOn,
      direction: 'expense',
      amountCents: payment.amountCents,
      vatAmountCents: null,
      categoryId: category?.id ?? null,
      description: catalogueText('purchases', 'paid.ledgerDescription', input.locale ?? 'it', {
        number: invoice.number,
        supplier: invoice.supplierName,
      }),
      clientId: null,
      paymentMethod: payment.method,
    });
    await repo.insertPurchasePayment(tx, {
      id: payment.id,
      organizationId: orgId,
      purchaseInvoiceId: invoice.id,
      transactionId,
      paidOn: payment.paidOn,
      amountCents: payment.amountCents,
      method: payment.method,
      createdBy: input.userId,
    });
  });
  return getPurchaseInvoice(deps, input, input.invoiceId);
}

/** The file as received. */
export async function purchaseInvoiceFile(deps: { db: Db; files: FileStore }, orgId: string, id: string) {
  const { invoice } = await found(deps, orgId, id);
  const content = await deps.files.get(invoice.fileKey);
  if (!content) throw new AppError('NOT_FOUND');
  return { fileName: invoice.fileName, content };
}
