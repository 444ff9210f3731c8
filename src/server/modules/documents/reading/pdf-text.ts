/**
 * The text layer of a PDF (issue 17): a text PDF is read without OCR; a scan (pages with little or no text)
 * has its page images taken out for OCR. unpdf (its serverless build of PDF.js) does both offline; pages are
 * not rendered (that needs a canvas package): a scanned page is one embedded image, which PDF.js decodes to
 * pixels, and the largest image of each page is the page. A password-protected PDF is PDF_ENCRYPTED; one
 * PDF.js cannot parse is FILE_CORRUPT; neither throws anything else.
 */
import sharp from 'sharp';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { ReadingError } from './errors.ts';

/** A page with fewer letters or digits than this in its text layer is taken for a scan. */
const SCAN_PAGE_CHARACTERS = 20;
/** Pages whose images are taken out at most (a 300-page scan is read in its first pages only). */
export const MAX_SCAN_PAGES = 50;

export type PdfText = {
  pageCount: number;
  /** The text layer of each page, in order. */
  pages: string[];
  /** True when most pages have (almost) no text layer: the page images must be read by OCR. */
  isScan: boolean;
  /** 1-based numbers of the pages with (almost) no text. */
  pagesWithoutText: number[];
};

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

async function open(data: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: PDF.js transfers (detaches) the buffer it is given.
    return await getDocumentProxy(new Uint8Array(data), { stopAtErrors: false });
  } catch (err) {
    throw toReadingError(err);
  }
}

function toReadingError(err: unknown): ReadingError {
  const name = (err as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException')
    return new ReadingError('PDF_ENCRYPTED', 'the PDF needs a password', { cause: err });
  return new ReadingError('FILE_CORRUPT', 'the PDF cannot be read', { cause: err });
}

function letters(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** Per-page text, page count and whether the PDF is a scan. */
export async function readPdfText(data: Uint8Array): Promise<PdfText> {
  const pdf = await open(data);
  try {
    let pages: string[];
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch (err) {
      throw toReadingError(err);
    }
    const pagesWithoutText = pages.flatMap((t, i) => (letters(t) < SCAN_PAGE_CHARACTERS ? [i + 1] : []));
    return {
      pageCount: pdf.numPages,
      pages,
      isScan: pagesWithoutText.length * 2 > pdf.numPages,
      pagesWithoutText,
    };
  } finally {
    await pdf.cleanup();
    await pdf.loadingTask.destroy();
  }
}

/**
 * The page images of a scanned PDF as PNG (the largest image of each page; pages without an image are left
 * out), for the pages asked (1-based; default every page up to MAX_SCAN_PAGES).
 */
export async function pdfPageImages(
  data: Uint8Array,
  pageNumbers?: number[],
): Promise<{ page: number; png: Buffer }[]> {
  const pdf = await open(data);
  try {
    const wanted = (pageNumbers ?? Array.from({ length: pdf.numPages }, (_, i) => i + 1)).slice(
      0,
      MAX_SCAN_PAGES,
    );
    const out: { page: number; png: Buffer }[] = [];
    for (const page of wanted) {
      let images: Awaited<ReturnType<typeof extractImages>>;
      try {
        images = await extractImages(pdf, page);
      } catch (err) {
        throw toReadingError(err);
      }
      const largest = images.reduce<(typeof images)[number] | undefined>(
        (best, img) => (!best || img.width * img.height > best.width * best.height ? img : best),
        undefined,
      );
      if (!largest || largest.width < 100 || largest.height < 100) continue;
      const png = await sharp(
        Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength),
        {
          raw: { width: largest.width, height: largest.height, channels: largest.channels },
        },
      )
        .png({ compressionLevel: 3 })
        .toBuffer();
      out.push({ page, png });
    }
    return out;
  } finally {
    await pdf.cleanup();
    await pdf.loadingTask.destroy();
  }
}
