/**
 * Reading a document's text (issue 17): what the documents service and its job runner call.
 * - `readImageText`: an image prepared (upright, level, grey, sized) and read by OCR; a page the OCR reads
 *   with little confidence is tried again turned (180°, 90°, 270°) and the most confident reading kept.
 * - `readPdf`: the text layer of a PDF, or OCR of its page images when it is a scan.
 * - `readFields` (src/shared/documents/fields.ts): the fields and suggestions from the text.
 * Faults are ReadingError (IMAGE_TOO_LARGE, PDF_ENCRYPTED, FILE_CORRUPT, OCR_CANCELLED).
 */
import sharp from 'sharp';
import { ocrEngine, type OcrEngine, type OcrOptions } from './ocr-engine.ts';
import { readPdfText, pdfPageImages } from './pdf-text.ts';
import { prepareImage } from './prepare-image.ts';

export { ReadingError, isReadingError, type ReadingErrorCode } from './errors.ts';
export { closeOcrEngine, ocrEngine, OcrEngine, type OcrResult } from './ocr-engine.ts';
export { MAX_INPUT_PIXELS, checkImageSize, prepareImage } from './prepare-image.ts';
export { readPdfText, pdfPageImages } from './pdf-text.ts';

export type ReadText = {
  text: string;
  /** 'pdf' when the PDF's text layer was read, 'ocr' otherwise. */
  source: 'pdf' | 'ocr';
  /** OCR's mean word confidence, 0..1 (1 for a text layer). */
  confidence: number;
  pageCount: number;
};

type ReadOptions = OcrOptions & { engine?: OcrEngine };

/** Below this OCR confidence a page is tried again turned. */
const RETRY_TURNED_BELOW = 0.6;
const RETRY_SIDEWAYS_BELOW = 0.35;

export async function readImageText(image: Buffer, options: ReadOptions = {}): Promise<ReadText> {
  const engine = options.engine ?? ocrEngine();
  const prepared = await prepareImage(image);
  const ocrOptions: OcrOptions = { ...options, layout: options.layout ?? 'block' };
  let result = await engine.recognize(prepared.png, ocrOptions);
  // A poor reading may be a page the upright check got wrong (a page of capitals upside down, a narrow
  // receipt on its side): 180° is tried when the reading is poor, 90° and 270° when it is very poor (a page
  // on its side reads as near noise), and the most confident reading is kept.
  // The sideways test can take a short receipt's columns for lines: a page it turned is read unturned too.
  const sidewaysTurn = prepared.rotated === 90 || prepared.rotated === 270;
  for (const [turn, below] of [
    [180, RETRY_TURNED_BELOW],
    [90, sidewaysTurn && prepared.rotated === 270 ? Infinity : RETRY_SIDEWAYS_BELOW],
    [270, sidewaysTurn && prepared.rotated === 90 ? Infinity : RETRY_SIDEWAYS_BELOW],
  ] as const) {
    if (result.confidence >= below) continue;
    const turned = await sharp(prepared.png).rotate(turn).png().toBuffer();
    const again = await engine.recognize(turned, { ...ocrOptions, onProgress: undefined });
    if (again.confidence > result.confidence + 0.1) result = again;
  }
  return { text: result.text, source: 'ocr', confidence: result.confidence, pageCount: 1 };
}

/** A PDF's text: its text layer, or OCR of its page images when it is a scan. */
export async function readPdf(data: Uint8Array, options: ReadOptions = {}): Promise<ReadText> {
  const layer = await readPdfText(data);
  if (!layer.isScan)
    return { text: layer.pages.join('\n\f\n'), source: 'pdf', confidence: 1, pageCount: layer.pageCount };
  const images = await pdfPageImages(data, layer.pagesWithoutText);
  const texts = [...layer.pages];
  let confidence = 0;
  for (const [i, { page, png }] of images.entries()) {
    const r = await readImageText(png, {
      ...options,
      onProgress: (f) => options.onProgress?.((i + f) / images.length),
    });
    texts[page - 1] = r.text;
    confidence += r.confidence / images.length;
  }
  return { text: texts.join('\n\f\n'), source: 'ocr', confidence, pageCount: layer.pageCount };
}
