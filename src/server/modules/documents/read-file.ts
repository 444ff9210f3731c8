import convertHeic from 'heic-convert';
import type { ReceivedFile } from '../invoicing/index.ts';
import { readUploadedFatturaPa } from '../purchases/index.ts';
import type { FileKind } from './file-kinds.ts';
import { readImageText, readPdf } from './reading/index.ts';

/**
 * The text of one stored file (issue 17): a PDF's text layer, or OCR of a scan's pages and of photos (prepared:
 * upright, level, grey), or the e-invoice's own data. Reading errors are ReadingError (reading/errors.ts) with a
 * code the document keeps and the screen explains.
 */

export type ReadOutcome = {
  text: string;
  textSource: 'pdf' | 'ocr' | 'einvoice' | 'text' | 'none';
  pageCount: number | null;
  /** A HEIC photo turned into JPEG, so every browser shows it; stored in place of the original. */
  converted?: { content: Buffer; mimeType: 'image/jpeg'; extension: 'jpg' };
  /** The e-invoice file as read, when it is one. */
  einvoice?: ReceivedFile;
};

export type ReadOptions = { onProgress?: (fraction: number) => void; signal?: AbortSignal };

const IMAGE_KINDS: ReadonlySet<FileKind> = new Set(['jpeg', 'png', 'webp', 'heic', 'tiff']);

function einvoiceText(file: ReceivedFile): string {
  const parts = [file.supplier.name, file.supplier.vatNumber, file.supplier.taxCode];
  for (const invoice of file.invoices) {
    parts.push(`${invoice.number} ${invoice.date}`, invoice.description);
    for (const line of invoice.lines) parts.push(line.description);
  }
  return parts.filter(Boolean).join('\n');
}

export async function readFile(
  content: Buffer,
  kind: FileKind,
  fileName: string,
  options: ReadOptions = {},
): Promise<ReadOutcome> {
  if (kind === 'pdf') {
    const pdf = await readPdf(content, options);
    return { text: pdf.text, textSource: pdf.source, pageCount: pdf.pageCount };
  }
  if (IMAGE_KINDS.has(kind)) {
    const { text } = await readImageText(content, options);
    if (kind !== 'heic') return { text, textSource: 'ocr', pageCount: 1 };
    const out = await convertHeic({ buffer: content, format: 'JPEG', quality: 0.9 });
    const jpeg = Buffer.from(out instanceof ArrayBuffer ? new Uint8Array(out) : out);
    return {
      text,
      textSource: 'ocr',
      pageCount: 1,
      converted: { content: jpeg, mimeType: 'image/jpeg', extension: 'jpg' },
    };
  }
  if (kind === 'xml' || kind === 'p7m') {
    const read = await readUploadedFatturaPa(fileName, content);
    if (read?.ok)
      return { text: einvoiceText(read.file), textSource: 'einvoice', pageCount: null, einvoice: read.file };
    // Another XML, or an e-invoice that is not valid: its words are still worth finding.
    const xml = kind === 'xml' ? content.toString('utf8') : '';
    return {
      text: xml
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      textSource: xml ? 'text' : 'none',
      pageCount: null,
    };
  }
  if (kind === 'text') return { text: content.toString('utf8'), textSource: 'text', pageCount: null };
  return { text: '', textSource: 'none', pageCount: null };
}
