import { z } from 'zod';
import type { CsvDelimiter } from './csv.ts';

/**
 * The contract of `POST /api/v1/imports/parse`, shared by every import screen (clients, items, bank statements):
 * the raw file goes up as the body (text/csv or XLSX), its header row and text rows come back; each screen then
 * maps the columns and posts the mapped rows to its own import route.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The parse route's body limit; the web refuses a larger file before sending it. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The file input's `accept`. */
export const IMPORT_FILE_ACCEPT = `.csv,.txt,.xlsx,text/csv,${XLSX_TYPE}`;

/** Named CSV delimiters of the query string (a tab or semicolon is awkward in a URL). */
export const PARSE_DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const satisfies Record<
  string,
  CsvDelimiter
>;
export type ParseDelimiter = keyof typeof PARSE_DELIMITERS;
const DELIMITER_NAMES = Object.keys(PARSE_DELIMITERS) as [ParseDelimiter, ...ParseDelimiter[]];

/** The name of a delimiter character; undefined for anything else (detect it). */
export function parseDelimiterOf(char: string | undefined): ParseDelimiter | undefined {
  return DELIMITER_NAMES.find((name) => PARSE_DELIMITERS[name] === char);
}

/** Options of CSV files (an XLSX file ignores them). */
export const ZParseQuery = z.object({
  delimiter: z.enum(DELIMITER_NAMES).optional(),
  skipLines: z.coerce.number().int().min(0).max(50).optional(),
});
export type TParseQuery = z.output<typeof ZParseQuery>;

export const ZParsedFile = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  format: z.enum(['csv', 'xlsx']),
});
export type TParsedFile = z.output<typeof ZParsedFile>;
export type ImportFileFormat = TParsedFile['format'];

/** What a file is by its name or type: CSV (.csv, .txt), XLSX, or null for anything else. */
export function importFileKind(file: { name: string; type?: string }): ImportFileFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx') || file.type === XLSX_TYPE) return 'xlsx';
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv') return 'csv';
  return null;
}

/** valid_only: import the valid rows, skip the rest; all_or_nothing: import nothing when a row is invalid. */
export const IMPORT_MODES = ['valid_only', 'all_or_nothing'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
