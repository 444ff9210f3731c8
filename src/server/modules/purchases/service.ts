import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { catalogueText } from '@shared/i18n/texts.ts';
import type { TPurchaseInvoice, TPurchaseInvoicePage } from '@shared/purchases/contracts.ts';
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

/**
 * Records the invoices of the files of one message that arrived in a mailbox of `userId`. Answers how many
 * invoices were recorded. Files that are not invoices, invalid ones and invoices for another business change
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
): Promise<number> {
  let recorded = 0;
  for (const f of input.files) {
    const read = await readReceivedFatturaPa(f.fileName, f.content);
    if (!read) continue;
    if (!read.ok) {
      deps.log?.warn({ file: f.fileName, errors: read.errors.slice(0, 3) }, 'received e-invoice not valid');
      continue;
    }
    const profile = await findProfile(deps.db, input.orgId);
    if (!profile || !addressedTo(read.file, profile)) {
      deps.log?.warn({ file: f.fileName }, 'received e-invoice addressed to another business ignored');
      continue;
    }
    const digest = createHash('sha256').update(f.content).digest('hex');
    const fileKey = `purchases/${input.orgId}/${digest}`;
    await deps.files.put(fileKey, f.content);
    const supplier = read.file.supplier;
    const ids = await deps.db.transaction(async (tx) => {
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
      const inserted: { id: string; number: string; totalCents: number }[] = [];
      for (const [bodyIndex, invoice] of read.file.invoices.entries()) {
        const id = await repo.insertPurchaseInvoice(tx, {
          organizationId: input.orgId,
          supplierId,
          documentType: invoice.documentType,
          number: invoice.number,
          issueDate: invoice.date,
          currency: invoice.currency,
          taxableCents: invoice.taxableCents,
          vatCents: invoice.vatCents,
          totalCents: invoice.totalCents,
          withholdingCents: invoice.withholdingCents,
          lines: invoice.lines,
          vatSummary: invoice.vatSummary,
          installments: invoice.installments,
          description: invoice.description,
          source: 'pec',
          fileName: f.fileName,
          fileKey,
          bodyIndex,
          mailMessageId: input.messageRowId,
          receivedAt: input.receivedAt,
        });
        if (id) inserted.push({ id, number: invoice.number, totalCents: invoice.totalCents });
      }
      return inserted;
    });
    recorded += ids.length;
    for (const invoice of ids) {
      await tellOfInvoice(deps, input, supplier.name, invoice).catch((err: unknown) =>
        deps.log?.warn({ err }, 'could not notify of a received invoice'),
      );
    }
  }
  return recorded;
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
  query: { page: number; pageSize: number; q?: string },
): Promise<TPurchaseInvoicePage> {
  const today = await todayIn(deps, { orgId });
  const { items, total } = await repo.listPurchaseInvoices(deps.db, orgId, {
    q: query.q,
    ...toLimitOffset(query),
  });
  return {
    items: items.map(({ installments, receivedAt, ...row }) => {
      const dates = installments
        .map((i) => i.dueDate)
        .filter((d): d is string => !!d)
        .sort();
      return {
        ...row,
        dueDate: dates.find((d) => d >= today) ?? dates.at(-1) ?? null,
        receivedAt: receivedAt.toISOString(),
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
  };
}

/** The file as received. */
export async function purchaseInvoiceFile(deps: { db: Db; files: FileStore }, orgId: string, id: string) {
  const { invoice } = await found(deps, orgId, id);
  const content = await deps.files.get(invoice.fileKey);
  if (!content) throw new AppError('NOT_FOUND');
  return { fileName: invoice.fileName, content };
}
