import Papa from 'papaparse';

/**
 * CSV files of clients, items and bank statements, read with papaparse into a header row and string rows.
 * - The delimiter is detected among ",", ";" and tab unless given; an Excel "sep=;" first line sets it.
 * - A UTF-8 byte-order mark is removed; empty lines are skipped; every cell is trimmed.
 * - `skipLines` drops lines before the header (Italian bank exports often start with account details).
 * - Rows shorter than the header are padded with "" so that row[i] belongs to headers[i]; cells past the
 *   header are kept only when not empty. Blank header cells are named "(n)" after their 1-based column.
 */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  delimiter: CsvDelimiter;
  /** Papaparse's complaints (unclosed quotes…), with their 0-based data row. */
  errors: { row: number | undefined; message: string }[];
}

export interface ParseCsvOptions {
  delimiter?: CsvDelimiter;
  /** Lines to drop before the header row. */
  skipLines?: number;
}

export function parseCsv(text: string, options: ParseCsvOptions = {}): ParsedCsv {
  let body = text.replace(/^\uFEFF/, '');
  let delimiter = options.delimiter;
  const sep = /^sep=(.)\r?\n/i.exec(body);
  if (sep) {
    body = body.slice(sep[0].length);
    if (!delimiter && (CSV_DELIMITERS as readonly string[]).includes(sep[1]!)) {
      delimiter = sep[1] as CsvDelimiter;
    }
  }
  if (options.skipLines)
    body = body
      .split(/\r\n|\n|\r/)
      .slice(options.skipLines)
      .join('\n');

  const result = Papa.parse<string[]>(body, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    header: false,
  });
  const [first = [], ...rest] = result.data.map((row) => row.map((cell) => (cell ?? '').trim()));
  const headers = first.map((h, i) => h || `(${i + 1})`);
  const rows = rest.map((row) => {
    const cells =
      row.length < headers.length ? [...row, ...Array(headers.length - row.length).fill('')] : row;
    let end = cells.length;
    while (end > headers.length && cells[end - 1] === '') end--;
    return cells.slice(0, end);
  });
  const detected = result.meta.delimiter as CsvDelimiter;
  return {
    headers,
    rows,
    delimiter: (CSV_DELIMITERS as readonly string[]).includes(detected) ? detected : ',',
    errors: result.errors
      .filter((e) => e.code !== 'UndetectableDelimiter')
      .map((e) => ({ row: e.row === undefined ? undefined : e.row - 1, message: e.message })),
  };
}

/** Cells that a spreadsheet would run as a formula; plain numbers ("-12.50", "+39 02 1234") are left alone. */
const FORMULA_START = /^(?![-+]?[\d.,\s]+$)[=+\-@\t\r]/;

/**
 * A CSV file for export: header row, CRLF line ends, quotes where needed, a byte-order mark so that Excel
 * reads UTF-8, and cells that start like a formula prefixed with "'" (CSV injection).
 */
export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
  options: { delimiter?: CsvDelimiter; bom?: boolean } = {},
): string {
  const data = [headers, ...rows].map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
  );
  const csv = Papa.unparse(data, {
    delimiter: options.delimiter ?? ',',
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
  });
  return (options.bom ?? true) ? `\uFEFF${csv}` : csv;
}
