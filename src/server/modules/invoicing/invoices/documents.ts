import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { documentPdfFileName, renderDocumentPdf } from '../pdf/render.ts';
import { templateOf } from '../pdf/templates.ts';
import { buildFatturaPaXml } from '../fatturapa/build-xml.ts';
import { fatturaPaFileName, progressiveFromSequence } from '../fatturapa/file-name.ts';
import { fatturaPaProblems, problemDetails } from '../fatturapa/missing-data.ts';
import * as repo from './repository.ts';
import { assertId, notFound, snapshotOf, type InvoiceDeps } from './service.ts';

export async function invoicePdf(deps: { db: Db; files: FileStore }, orgId: string, id: string) {
  assertId(id);
  const row = await repo.findInvoice(deps.db, orgId, id);
  if (!row) throw notFound(id);
  const snapshot = await snapshotOf(deps, orgId, row);
  try {
    const bytes = renderDocumentPdf(snapshot, templateOf(row.pdfTemplate));
    return { filename: documentPdfFileName(snapshot), bytes: Buffer.from(bytes) };
  } catch (err) {
    throw AppError.withParams('PDF_FAILED', { detail: (err as Error).message.slice(0, 200) });
  }
}

/** The SDI progressive of a document: year, series and number, unique per seller, in base 36 (5 chars). */
function sdiProgressive(row: repo.InvoiceRow): string {
  const series = row.documentType === 'TD04' ? 100_000 : 0;
  return progressiveFromSequence(((row.year ?? 0) % 100) * 200_000 + series + (row.sequence ?? 0));
}

/** The FatturaPA XML of an issued document, or the exact list of what is missing. */
export async function invoiceXml(deps: InvoiceDeps, orgId: string, id: string) {
  assertId(id);
  const row = await repo.findInvoice(deps.db, orgId, id);
  if (!row) throw notFound(id);
  if (row.phase !== 'issued' || !row.snapshot) {
    throw new AppError('EINVOICE_DATA_MISSING', [
      { path: 'document.number', message: 'invoicing.missing.document.number' },
    ]);
  }
  const problems = fatturaPaProblems(row.snapshot);
  if (problems.length > 0) throw new AppError('EINVOICE_DATA_MISSING', problemDetails(problems));
  const progressive = sdiProgressive(row);
  return {
    filename: fatturaPaFileName(row.snapshot.seller.vatNumber!, progressive),
    xml: buildFatturaPaXml(row.snapshot, { progressivoInvio: progressive }),
  };
}
