import type { FileStore } from '../../platform/storage.ts';
import type { Db } from '../../platform/db.ts';
import { invoicePdf, invoiceXml } from './invoices/service.ts';
import { quotePdf } from './quotes/service.ts';

/**
 * Documents of the app attached to mail composed in the mailbox (issue 16): an invoice's PDF or FatturaPA XML, a
 * quote's PDF, made as the document reads now. A document of another organization is not found; an XML that
 * cannot be made says what is missing (EINVOICE_DATA_MISSING). A quote has no XML: its PDF is attached.
 */
export async function documentFiles(
  deps: { db: Db; files: FileStore },
  orgId: string,
  documents: { kind: 'invoice' | 'quote'; id: string; format: 'pdf' | 'xml' }[],
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  const out: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const d of documents) {
    if (d.kind === 'invoice' && d.format === 'xml') {
      const file = await invoiceXml(deps, { orgId, id: d.id });
      out.push({
        filename: file.filename,
        contentType: 'application/xml',
        content: Buffer.from(file.xml, 'utf8'),
      });
    } else {
      const pdf =
        d.kind === 'invoice'
          ? await invoicePdf(deps, { orgId, id: d.id })
          : await quotePdf(deps, { orgId, id: d.id });
      out.push({ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes });
    }
  }
  return out;
}
