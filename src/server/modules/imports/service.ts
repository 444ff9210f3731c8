import {
  PARSE_DELIMITERS,
  XLSX_TYPE,
  type TParseQuery,
  type TParsedFile,
} from '@shared/imports/contracts.ts';
import { parseCsv } from '@shared/imports/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { MAX_IMPORT_ROWS, readXlsx } from './spreadsheets.ts';

const fileProblem = (message: string) => new AppError('VALIDATION_ERROR', [{ path: 'file', message }]);

/**
 * Reads an uploaded CSV or XLSX file (by its content type; anything but XLSX is read as CSV text) into a header
 * row and text rows. Empty, unreadable and oversized files are validation errors on `file`.
 */
export async function parseImportFile(
  body: Buffer,
  contentType: string | undefined,
  options: TParseQuery = {},
): Promise<TParsedFile> {
  if (body.length === 0) throw fileProblem('imports.errors.emptyFile');
  const format = contentType?.split(';')[0]?.trim() === XLSX_TYPE ? 'xlsx' : 'csv';
  let parsed: { headers: string[]; rows: string[][] };
  if (format === 'xlsx') {
    try {
      parsed = await readXlsx(body);
    } catch {
      throw fileProblem('imports.errors.unreadableFile');
    }
  } else {
    const delimiter = options.delimiter ? PARSE_DELIMITERS[options.delimiter] : undefined;
    parsed = parseCsv(body.toString('utf8'), { delimiter, skipLines: options.skipLines });
  }
  if (parsed.headers.length === 0) throw fileProblem('imports.errors.emptyFile');
  if (parsed.rows.length > MAX_IMPORT_ROWS) throw fileProblem('imports.errors.tooManyRows');
  return { headers: parsed.headers, rows: parsed.rows, format };
}
