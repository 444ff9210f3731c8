import type ExcelJS from 'exceljs';

/** exceljs is large (about 0.4 s to load): loaded on the first spreadsheet, not at start-up. */
const loadExcel = async () => (await import('exceljs')).default;

/** Reading and writing XLSX for imports and exports (exceljs); CSV is `parseCsv`/`toCsv` in src/shared/imports. */

export const MAX_IMPORT_ROWS = 50_000;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue); // formula
    if ('text' in value) return String(value.text); // hyperlink
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('error' in value) return '';
  }
  return String(value).trim();
}

/** The first worksheet as a header row and data rows of text (dates as YYYY-MM-DD). */
export async function readXlsx(content: Buffer): Promise<{ headers: string[]; rows: string[][] }> {
  const workbook = new (await loadExcel()).Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const all: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[]; // 1-based, index 0 empty
    all.push(values.slice(1).map(cellText));
  });
  const [headerRow = [], ...rows] = all;
  const width = headerRow.length;
  return {
    headers: headerRow,
    rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
  };
}

export async function writeXlsx(sheetName: string, headers: string[], rows: (string | number | null)[][]) {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export { XLSX_TYPE } from '@shared/imports/contracts.ts';
