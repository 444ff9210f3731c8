import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { documentPdf, eInvoiceOf, loadDocument } from '../document.ts';
import { problemDetails } from '../fatturapa/missing-data.ts';

/** The PDF of an invoice or credit note: the frozen snapshot once issued, today's data while a draft. */
export async function invoicePdf(deps: { db: Db; files: FileStore }, input: { orgId: string; id: string }) {
  return documentPdf(await loadDocument(deps, { orgId: input.orgId, kind: 'invoice', id: input.id }));
}

/** The FatturaPA XML of an issued document, or the exact list of what is missing. */
export async function invoiceXml(deps: { db: Db }, input: { orgId: string; id: string }) {
  // No file store: the XML has no logo, so none is read.
  const doc = await loadDocument({ db: deps.db }, { orgId: input.orgId, kind: 'invoice', id: input.id });
  const { file, problems } = eInvoiceOf(doc);
  if (!file) throw new AppError('EINVOICE_DATA_MISSING', problemDetails(problems));
  return file;
}
