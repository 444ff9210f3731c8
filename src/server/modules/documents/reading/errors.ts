/**
 * Faults of reading a file (issue 17, "Bad input and faults"): each has a code the documents service maps to
 * its AppError (a clear 4xx for the person who uploaded the file, never a 5xx).
 * - IMAGE_TOO_LARGE: more pixels than the reader accepts (a decompression bomb, a 100-megapixel scan);
 * - PDF_ENCRYPTED: a PDF that needs a password to open;
 * - FILE_CORRUPT: a file its decoder cannot read (truncated, not what its name says);
 * - OCR_CANCELLED: the caller's AbortSignal fired.
 */
export const READING_ERROR_CODES = [
  'IMAGE_TOO_LARGE',
  'PDF_ENCRYPTED',
  'FILE_CORRUPT',
  'OCR_CANCELLED',
] as const;
export type ReadingErrorCode = (typeof READING_ERROR_CODES)[number];

export class ReadingError extends Error {
  constructor(
    public readonly code: ReadingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ReadingError';
  }
}

export function isReadingError(err: unknown, code?: ReadingErrorCode): err is ReadingError {
  return err instanceof ReadingError && (code === undefined || err.code === code);
}
