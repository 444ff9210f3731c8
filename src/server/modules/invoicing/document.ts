import type { QuoteStatus } from '@shared/invoicing/contracts.ts';
import type { DocumentSnapshot } from '@shared/invoicing/document.ts';
import { effectiveQuoteStatus, invoiceStatus } from '@shared/invoicing/status.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import { findProfile } from '../business-profiles/index.ts';
import { todayIn } from './dates-and-money.ts';
import { buildFatturaPaXml, FatturaPaDataError } from './fatturapa/build-xml.ts';
import { fatturaPaFileName, progressiveFromSequence } from './fatturapa/file-name.ts';
import type { FatturaPaProblem } from './fatturapa/missing-data.ts';
import * as invoices from './invoices/repository.ts';
import { documentPdfFileName, renderDocumentPdf } from './pdf/render.ts';
import { templateOf, type TemplateName } from './pdf/templates.ts';
import * as quotes from './quotes/repository.ts';
import { invoiceSnapshot, loadParties, logoOf, quoteSnapshot, type DocumentParties } from './snapshot.ts';
import { independentReads } from '../../db/database.ts';

/**
 * The document pipeline (docs/ARCHITECTURE.md, Document pipeline): from an invoice's or a quote's id to what its
 * PDF, its FatturaPA XML and the e-mail attachments are made of. An issued invoice is its frozen snapshot (only
 * the logo is read today); a draft invoice and a quote are built from today's profile, settings and client.
 */

export type DocumentKind = 'invoice' | 'quote';
/** The file store is needed for the logo, which only the PDF shows: without it the logo is null. */
export type DocumentDeps = { db: Db; files?: FileStore };

type Loaded = {
  /** What the PDF and the XML show, without the logo (the frozen snapshot never holds it). */
  snapshot: DocumentSnapshot;
  /** The stored template name, checked: one this version does not know draws the default. */
  template: TemplateName;
  logo: Uint8Array | null;
};
export type InvoiceDocument = Loaded & { kind: 'invoice'; row: invoices.InvoiceRow };
export type QuoteDocument = Loaded & { kind: 'quote'; row: quotes.QuoteRow };
export type LoadedDocument = InvoiceDocument | QuoteDocument;

/** An id that is not a UUID cannot name an invoice: the spec's "Invoice with ID {id} not found". */
export function invoiceNotFound(id: string) {
  return AppError.withParams('INVOICE_NOT_FOUND', { id: id.slice(0, 64) });
}

export function loadDocument(
  deps: DocumentDeps,
  ref: { orgId: string; kind: 'invoice'; id: string },
): Promise<InvoiceDocument>;
export function loadDocument(
  deps: DocumentDeps,
  ref: { orgId: string; kind: 'quote'; id: string },
): Promise<QuoteDocument>;
/** The document of an id: an unknown id, or another organization's, answers 404 like a malformed one. */
export async function loadDocument(
  deps: DocumentDeps,
  ref: { orgId: string; kind: DocumentKind; id: string },
): Promise<LoadedDocument> {
  if (ref.kind === 'invoice') {
    const row = isUuid(ref.id) ? await invoices.findInvoice(deps.db, ref.orgId, ref.id) : undefined;
    if (!row) throw invoiceNotFound(ref.id);
    return invoiceDocument(deps, { orgId: ref.orgId, row });
  }
  const row = isUuid(ref.id) ? await quotes.findQuote(deps.db, ref.orgId, ref.id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return quoteDocument(deps, { orgId: ref.orgId, row });
}

/** The logo of the organization's profile, when a file store is given. */
async function logoFor(deps: DocumentDeps, profile: DocumentParties['profile']) {
  return deps.files ? logoOf(deps.files, profile) : null;
}

/** The document of an invoice row the caller has already read (and checked). */
export async function invoiceDocument(
  deps: DocumentDeps,
  input: { orgId: string; row: invoices.InvoiceRow },
): Promise<InvoiceDocument> {
  const { orgId, row } = input;
  const template = templateOf(row.pdfTemplate);
  if (row.snapshot) {
    // Issued: the frozen snapshot is the document; today only gives its status and the profile its logo.
    const [today, profile] = await independentReads(deps.db, [
      () => todayIn(deps, { orgId }),
      () => (deps.files ? findProfile(deps.db, orgId) : Promise.resolve(undefined)),
    ]);
    const snapshot = { ...row.snapshot, status: invoiceStatus(row, today) };
    return { kind: 'invoice', row, snapshot, template, logo: await logoFor(deps, profile) };
  }
  const [parties, today] = await independentReads(deps.db, [
    () => loadParties(deps, { orgId, clientId: row.clientId }),
    () => todayIn(deps, { orgId }),
  ]);
  const { client } = parties;
  if (!client) throw AppError.withParams('INVOICE_CLIENT_NOT_FOUND', { id: row.number ?? row.id });
  const snapshot = invoiceSnapshot(row, { ...parties, client }, row.tax, invoiceStatus(row, today));
  return { kind: 'invoice', row, snapshot, template, logo: await logoFor(deps, parties.profile) };
}

/** The document of a quote row the caller has already read: always live, with the status it has today. */
export async function quoteDocument(
  deps: DocumentDeps,
  input: { orgId: string; row: quotes.QuoteRow },
): Promise<QuoteDocument> {
  const { orgId, row } = input;
  const [parties, today] = await independentReads(deps.db, [
    () => loadParties(deps, { orgId, clientId: row.clientId }),
    () => todayIn(deps, { orgId }),
  ]);
  const { client } = parties;
  if (!client) throw new AppError('NOT_FOUND');
  const status = effectiveQuoteStatus(row.status as QuoteStatus, row.validUntil, today);
  return {
    kind: 'quote',
    row,
    snapshot: quoteSnapshot(row, { ...parties, client }, status),
    template: templateOf(row.pdfTemplate),
    logo: await logoFor(deps, parties.profile),
  };
}

/** The PDF of a loaded document, its logo drawn in; a renderer failure answers PDF_FAILED. */
export function documentPdf(doc: Pick<LoadedDocument, 'snapshot' | 'template' | 'logo'>) {
  const snapshot = { ...doc.snapshot, seller: { ...doc.snapshot.seller, logo: doc.logo } };
  try {
    const bytes = renderDocumentPdf(snapshot, doc.template);
    return { filename: documentPdfFileName(snapshot), bytes: Buffer.from(bytes) };
  } catch (err) {
    throw AppError.withParams('PDF_FAILED', { detail: (err as Error).message.slice(0, 200) });
  }
}

/**
 * Progressives from here up name files sent again after the SDI rejected one (the SDI refuses a file name it has
 * seen): above every year-based progressive below (at most 99 × 200,000 + 199,999).
 */
const SDI_RESEND_BASE = 20_000_000;

/** The SDI progressive of a document: year, series and number, unique per seller, in base 36 (5 chars). */
function sdiProgressive(row: invoices.InvoiceRow): string {
  const series = row.documentType === 'TD04' ? 100_000 : 0;
  return progressiveFromSequence(((row.year ?? 0) % 100) * 200_000 + series + (row.sequence ?? 0));
}

const NOT_ISSUED: FatturaPaProblem[] = [{ key: 'document.number', path: 'document.number' }];

/** The FatturaPA file, or null with what keeps the document from one (never both empty). */
export type EInvoice = { file: { filename: string; xml: string } | null; problems: FatturaPaProblem[] };

/**
 * The FatturaPA file of an invoice, or every problem that keeps it from one: a draft has no number yet, and an
 * issued document is checked by the builder with fatturaPaProblems, the very check issuing runs. With
 * `resendSequence` (the nth file sent again after a rejection), under a name of its own.
 */
export function eInvoiceOf(doc: InvoiceDocument, resendSequence?: number): EInvoice {
  const { row } = doc;
  if (row.phase !== 'issued' || !row.snapshot) return { file: null, problems: NOT_ISSUED };
  const progressive = resendSequence
    ? progressiveFromSequence(SDI_RESEND_BASE + resendSequence)
    : sdiProgressive(row);
  try {
    const xml = buildFatturaPaXml(row.snapshot, { progressivoInvio: progressive });
    return {
      file: { filename: fatturaPaFileName(row.snapshot.seller.vatNumber!, progressive), xml },
      problems: [],
    };
  } catch (err) {
    if (err instanceof FatturaPaDataError) return { file: null, problems: err.problems };
    throw err;
  }
}
