import { jsPDF } from 'jspdf';
import type { Locale } from '@shared/errors/error-codes.ts';
import { formatDate, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { LANGUAGES } from '@shared/i18n/language.ts';
import { registerFontFamily } from '../invoicing/index.ts';

/** A money cell: integer cents, shown in the reader's format (CSV and PDF) or as euros (XLSX, summable). */
export type Money = { cents: number };
export type Cell = string | number | null | Money;

export const isMoney = (cell: Cell): cell is Money => typeof cell === 'object' && cell !== null;

export type ReportPdf = {
  title: string;
  /** The business's name, the period the figures cover and when they were computed, under the title. */
  business?: string;
  period?: string;
  generatedAt: string;
  locale: Locale;
  headers: string[];
  rows: Cell[][];
  /** The totals row, bold at the end (its first cell is usually the word "Total"). */
  totals?: Cell[];
};

const PAGE_W = 297;
const PAGE_H = 210;
const MARGIN = 10;
const MM_PER_PT = 25.4 / 72;
const SIZE = 7.5;
const PAD = 1.2;
const LINE = SIZE * MM_PER_PT * 1.25;
const MUTED = '#5b6472';
const RULE = '#c9ced6';
const HEAD_FILL = '#eef1f5';

/** Money and numbers are right-aligned and written as the reader writes them (it-IT 1.234,56 €). */
function cellText(cell: Cell, locale: Locale): string {
  const intl = LANGUAGES.find((l) => l.code === locale)!.locale;
  if (cell === null) return '';
  if (isMoney(cell)) return formatEuroCents(cell.cents, intl);
  if (typeof cell === 'number') return formatNumber(cell, intl, { maximumFractionDigits: 2 });
  // A date is printed as the reader writes it (the spreadsheets keep ISO dates, which sort).
  return /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatDate(cell, intl) : cell;
}

/**
 * A report as an A4 landscape table (DejaVu Sans Condensed, so "€" and accents print): title, business, period
 * and time of generation, the header row repeated on every page, money right-aligned, the totals row in bold and
 * "n/N" at the foot of each page.
 */
export function renderReportPdf(report: ReportPdf): Buffer {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: true });
  const font = registerFontFamily(pdf, 'condensed');
  pdf.setProperties({ title: report.title, author: report.business ?? '', creator: 'Gestionale' });
  pdf.setLanguage(report.locale === 'it' ? 'it' : 'en-GB');
  const width = PAGE_W - 2 * MARGIN;
  // A character the font has no glyph for would cut the text short in jsPDF: it becomes "?" (as on invoices).
  pdf.setFont(font, 'normal');
  const glyphs = pdf.getFont().metadata as { characterToGlyph(code: number): number };
  const clean = (text: string) =>
    [...text.replace(/[\t\n\r]+/g, ' ')]
      .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20)
      .map((ch) =>
        (ch.codePointAt(0) ?? 0) > 0xffff || !glyphs.characterToGlyph(ch.codePointAt(0)!) ? '?' : ch,
      )
      .join('');
  const texts = (row: Cell[]) => row.map((cell) => clean(cellText(cell, report.locale)));
  const body = report.rows.map(texts);
  const totals = report.totals ? texts(report.totals) : null;
  const right = report.headers.map((_, i) =>
    [...report.rows, ...(report.totals ? [report.totals] : [])].some(
      (row) => isMoney(row[i] ?? null) || typeof row[i] === 'number',
    ),
  );

  // Column widths: each column's widest cell (a header may wrap between words), scaled to the page.
  pdf.setFont(font, 'bold');
  pdf.setFontSize(SIZE);
  const natural = report.headers.map((header, i) => {
    const words = clean(header)
      .split(' ')
      .map((word) => pdf.getTextWidth(word));
    let w = Math.max(...words, pdf.getTextWidth(clean(header)) / 3);
    for (const row of [...body, ...(totals ? [totals] : [])]) w = Math.max(w, pdf.getTextWidth(row[i] ?? ''));
    return Math.min(w, 70) + 2 * PAD;
  });
  const sum = natural.reduce((a, b) => a + b, 0);
  const widths = natural.map((w) => (w * width) / sum);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const wrap = (text: string, i: number) => pdf.splitTextToSize(text, widths[i]! - 2 * PAD) as string[];
  const drawRow = (cells: string[], top: number, bold: boolean, fill?: string) => {
    pdf.setFont(font, bold ? 'bold' : 'normal');
    const lines = cells.map((text, i) => wrap(text, i));
    const h = Math.max(...lines.map((l) => l.length)) * LINE + 2 * PAD;
    if (fill) {
      pdf.setFillColor(fill);
      pdf.rect(MARGIN, top, width, h, 'F');
    }
    lines.forEach((ls, i) => {
      const x = right[i] ? xs[i]! + widths[i]! - PAD : xs[i]! + PAD;
      ls.forEach((line, n) =>
        pdf.text(line, x, top + PAD + (n + 0.8) * LINE, { align: right[i] ? 'right' : 'left' }),
      );
    });
    pdf.setDrawColor(RULE);
    pdf.line(MARGIN, top + h, MARGIN + width, top + h);
    return h;
  };
  const rowHeight = (cells: string[], bold: boolean) => {
    pdf.setFont(font, bold ? 'bold' : 'normal');
    return Math.max(...cells.map((text, i) => wrap(text, i).length)) * LINE + 2 * PAD;
  };

  let y = MARGIN;
  pdf.setTextColor('#111827');
  pdf.setFont(font, 'bold');
  pdf.setFontSize(14);
  pdf.text(clean(report.title), MARGIN, y + 5);
  y += 8;
  pdf.setFont(font, 'normal');
  pdf.setFontSize(9);
  pdf.setTextColor(MUTED);
  for (const line of [report.business, report.period, report.generatedAt]) {
    if (!line) continue;
    pdf.text(clean(line), MARGIN, y + 3.5);
    y += 4.5;
  }
  y += 2;
  pdf.setFontSize(SIZE);
  pdf.setTextColor('#111827');
  const bottom = PAGE_H - MARGIN - 6;
  const headers = report.headers.map(clean);
  const header = () => (y += drawRow(headers, y, true, HEAD_FILL));
  header();
  for (const [cells, bold] of [
    ...body.map((r) => [r, false] as const),
    ...(totals ? [[totals, true] as const] : []),
  ]) {
    if (y + rowHeight(cells, bold) > bottom) {
      pdf.addPage();
      y = MARGIN;
      header();
    }
    y += drawRow(cells, y, bold, bold ? HEAD_FILL : undefined);
  }

  const pages = pdf.getNumberOfPages();
  pdf.setFont(font, 'normal');
  pdf.setFontSize(8);
  pdf.setTextColor(MUTED);
  for (let page = 1; page <= pages; page++) {
    pdf.setPage(page);
    pdf.text(clean(report.title), MARGIN, PAGE_H - MARGIN);
    pdf.text(`${page}/${pages}`, PAGE_W - MARGIN, PAGE_H - MARGIN, { align: 'right' });
  }
  return Buffer.from(pdf.output('arraybuffer'));
}
