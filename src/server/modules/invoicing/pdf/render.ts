import { jsPDF } from 'jspdf';
import { countryName } from '@shared/clients/countries.ts';
import { NO_REFERENCES, type DocumentSnapshot, type Party } from '@shared/invoicing/document.ts';
import { legalNoteText } from '@shared/invoicing/legal-notes.ts';
import { registerFontFamily } from './fonts.ts';
import {
  LABELS,
  documentLocale,
  formatDecimal,
  formatDocumentDate,
  formatIban,
  formatMoney,
  formatPercent,
  statusLabel,
  type DocumentLabels,
} from './labels.ts';
import { TEMPLATES, statusColor, type Template, type TemplateName } from './templates.ts';

/**
 * The one PDF generator of quotes, invoices and credit notes (download and mail attachment), on A4 portrait
 * in millimetres: header with the seller, title, number and status; buyer and document details; the lines
 * table, which breaks across pages with its header repeated; VAT summary and totals; legal wording, payment,
 * notes and terms; a footer with "n/N" on every page.
 */
const PAGE_W = 210;
const PAGE_H = 297;
const MM_PER_PT = 25.4 / 72;
/** Space between the last content line and the footer rule. */
const FOOTER_GAP = 3;
const BADGE_H = 5.2;

type Align = 'left' | 'right' | 'center';
type Weight = 'normal' | 'bold';

type Column = {
  key: 'index' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'vat' | 'total';
  width: number;
  align: Align;
};

type TotalsRow = { label: string; value: string; strong?: boolean; highlight?: boolean; muted?: boolean };

export function renderDocumentPdf(doc: DocumentSnapshot, template: TemplateName): Uint8Array {
  const pdf = new jsPDF({
    orientation: 'portrait',
    unit: 'mm',
    format: 'a4',
    compress: true,
    putOnlyUsedFonts: true,
  });
  const t = TEMPLATES[template];
  const fontName = registerFontFamily(pdf, t.font);
  new DocumentRenderer(pdf, doc, t, fontName).render();
  return new Uint8Array(pdf.output('arraybuffer'));
}

const FILE_PREFIX: Record<DocumentSnapshot['kind'], string> = {
  quote: 'Quote',
  invoice: 'Invoice',
  credit_note: 'CreditNote',
};

/** Quote_{number}_{issue date}.pdf (Invoice_…, CreditNote_…); "Draft" without a number; "/" becomes "-". */
export function documentPdfFileName(doc: Pick<DocumentSnapshot, 'kind' | 'number' | 'issueDate'>): string {
  const safe = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'Draft';
  return `${FILE_PREFIX[doc.kind]}_${safe(doc.number ?? 'Draft')}_${safe(doc.issueDate)}.pdf`;
}

class DocumentRenderer {
  private readonly l: DocumentLabels;
  private readonly left: number;
  private readonly right: number;
  private readonly width: number;
  private readonly bottom: number;
  private y = 0;
  private sizePt = 8;

  constructor(
    private readonly pdf: jsPDF,
    private readonly doc: DocumentSnapshot,
    private readonly t: Template,
    private readonly fontName: string,
  ) {
    this.l = LABELS[doc.language];
    this.left = t.margins.left;
    this.right = PAGE_W - t.margins.right;
    this.width = this.right - this.left;
    this.bottom = PAGE_H - t.margins.bottom - FOOTER_GAP;
  }

  render(): void {
    const { pdf, doc, l } = this;
    const number = doc.number ?? l.draft;
    pdf.setProperties({
      title: `${l.title[doc.kind]} ${number}`,
      author: doc.seller.name,
      subject: doc.buyer.name,
      creator: 'Gestionale',
    });
    pdf.setLanguage(doc.language === 'it' ? 'it' : 'en-GB');
    this.decoratePage();
    this.header();
    this.parties();
    this.linesTable();
    this.summaryAndTotals();
    this.legalNotes();
    this.payment();
    this.paragraphSection(l.notes, doc.notes);
    this.paragraphSection(l.terms, doc.terms);
    this.footers();
  }

  // ——— text primitives ———

  private font(sizePt: number, weight: Weight = 'normal', color = this.t.colors.text): void {
    this.sizePt = sizePt;
    this.pdf.setFont(this.fontName, weight);
    this.pdf.setFontSize(sizePt);
    this.pdf.setTextColor(color);
  }

  private lineHeight(sizePt = this.sizePt): number {
    return sizePt * MM_PER_PT * 1.3;
  }

  /** Baseline of a line whose box starts at `top`: capitals centred in the box. */
  private baseline(top: number, sizePt = this.sizePt): number {
    return top + (this.lineHeight(sizePt) + sizePt * MM_PER_PT * 0.72) / 2;
  }

  /**
   * Characters the embedded font has no glyph for would cut the text short in jsPDF (glyph 0 ends the run):
   * tabs become spaces, other control characters go, anything else unknown (emoji…) becomes "?".
   */
  private clean(text: string): string {
    const font = this.pdf.getFont().metadata as { characterToGlyph(code: number): number };
    let out = '';
    for (const ch of text) {
      const code = ch.codePointAt(0) ?? 0;
      if (ch === '\n') out += ch;
      else if (ch === '\t') out += ' ';
      else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
      else if (code > 0xffff || !font.characterToGlyph(code)) out += '?';
      else out += ch;
    }
    return out;
  }

  private text(text: string, x: number, top: number, align: Align = 'left'): void {
    this.pdf.text(this.clean(text), x, this.baseline(top), { align });
  }

  private wrap(text: string, width: number): string[] {
    const lines = this.pdf.splitTextToSize(this.clean(text), width) as string[];
    return lines.length ? lines : [''];
  }

  private textWidth(text: string): number {
    return this.pdf.getTextWidth(this.clean(text));
  }

  // ——— pages ———

  /** Decorations drawn on every page before its content. */
  private decoratePage(): void {
    if (this.t.headerStyle !== 'sidebar') return;
    this.pdf.setFillColor(this.t.colors.primary);
    this.pdf.rect(0, 0, 7, PAGE_H, 'F');
    this.pdf.setFillColor(this.t.colors.accent);
    this.pdf.rect(7, 0, 1.5, PAGE_H, 'F');
  }

  private newPage(): void {
    this.pdf.addPage('a4', 'portrait');
    this.decoratePage();
    this.y = this.t.margins.top;
    // A short reminder of which document this page belongs to.
    const { doc, l } = this;
    this.font(this.t.fontSize - 0.5, 'bold', this.t.colors.primary);
    this.text(`${l.title[doc.kind]} ${this.numberText()} — ${l.continued}`, this.left, this.y);
    this.font(this.t.fontSize - 0.5, 'normal', this.t.colors.muted);
    this.text(doc.seller.name, this.right, this.y, 'right');
    this.y += this.lineHeight() + 1.5;
    this.rule(this.y, this.t.colors.border, 0.2);
    this.y += 4;
  }

  /** Starts a new page unless `height` more millimetres fit on this one; true if it did. */
  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  private rule(y: number, color: string, width: number, x1 = this.left, x2 = this.right): void {
    this.pdf.setDrawColor(color);
    this.pdf.setLineWidth(width);
    this.pdf.line(x1, y, x2, y);
  }

  private numberText(): string {
    const { doc, l } = this;
    return doc.number ? `${l.numberPrefix} ${doc.number}` : l.draft;
  }

  // ——— header ———

  private header(): void {
    const { pdf, doc, t, l } = this;
    const band = t.headerStyle === 'band';
    const onBand = band ? t.colors.onPrimary : undefined;
    const top = band ? 10 : t.margins.top;
    const title = l.title[doc.kind].toLocaleUpperCase(documentLocale(doc.language));
    this.font(t.fontSize + 12, 'bold');
    const titleW = this.textWidth(title);
    const titleH = this.lineHeight() + 0.5;
    this.font(t.fontSize + 3, 'bold');
    const numberW = this.textWidth(this.numberText());
    const numberH = this.lineHeight() + 1.5;
    // The seller block keeps clear of the title column on the right.
    const leftWidth = Math.min(this.width * 0.56, this.width - Math.max(titleW, numberW) - 8);

    // Measure the seller block first: a band must be tall enough for it.
    const logo = this.logo();
    const details = this.partyLines(doc.seller, true);
    this.font(t.fontSize + 5, 'bold');
    const nameLines = this.wrap(doc.seller.name, leftWidth);
    const nameHeight = nameLines.length * this.lineHeight();
    this.font(t.fontSize - 0.5);
    const detailLines = details.flatMap((d) => this.wrap(d, leftWidth));
    const logoHeight = logo ? logo.h + 3 : 0;
    const sellerBottom = top + logoHeight + nameHeight + 1 + detailLines.length * this.lineHeight();
    // The band runs from the page edge; the other headers start at the top margin.
    const rightBottom = top + titleH + numberH + BADGE_H;
    const headerBottom = Math.max(
      band ? t.headerHeight : t.margins.top + t.headerHeight,
      Math.max(sellerBottom, rightBottom) + 4,
    );

    if (band) {
      pdf.setFillColor(t.colors.primary);
      pdf.rect(0, 0, PAGE_W, headerBottom, 'F');
      pdf.setFillColor(t.colors.accent);
      pdf.rect(0, headerBottom, PAGE_W, 1.2, 'F');
    }

    let y = top;
    if (logo) {
      try {
        pdf.addImage(logo.data, logo.format, this.left, y, logo.w, logo.h, 'logo', 'FAST');
      } catch {
        // A logo jsPDF cannot decode is left out rather than failing the document.
      }
      y += logoHeight;
    }
    this.font(t.fontSize + 5, 'bold', onBand ?? t.colors.primary);
    for (const line of nameLines) {
      this.text(line, this.left, y);
      y += this.lineHeight();
    }
    y += 1;
    this.font(t.fontSize - 0.5, 'normal', onBand ?? t.colors.muted);
    for (const line of detailLines) {
      this.text(line, this.left, y);
      y += this.lineHeight();
    }

    // Right: title, number, status.
    let ry = top;
    this.font(t.fontSize + 12, 'bold', onBand ?? t.colors.primary);
    this.text(title, this.right, ry, 'right');
    ry += titleH;
    this.font(t.fontSize + 3, 'bold', onBand ?? t.colors.text);
    this.text(this.numberText(), this.right, ry, 'right');
    ry += numberH;
    this.badge(statusLabel(doc.status, doc.kind, doc.language), statusColor(t, doc.status), ry, band);

    if (t.headerStyle === 'rule') this.rule(headerBottom - 1, t.colors.accent, 0.6);
    if (t.headerStyle === 'plain' || t.headerStyle === 'sidebar')
      this.rule(headerBottom - 1, t.colors.border, 0.2);
    this.y = headerBottom + 5;
  }

  private badge(label: string, color: string, top: number, onBand: boolean): void {
    const { pdf, t } = this;
    this.font(t.fontSize - 1, 'bold', '#ffffff');
    const text = label.toLocaleUpperCase(documentLocale(this.doc.language));
    const w = this.textWidth(text) + 5;
    const h = BADGE_H;
    pdf.setFillColor(color);
    if (onBand) {
      pdf.setDrawColor('#ffffff');
      pdf.setLineWidth(0.3);
      pdf.roundedRect(this.right - w, top, w, h, 1.2, 1.2, 'FD');
    } else {
      pdf.roundedRect(this.right - w, top, w, h, 1.2, 1.2, 'F');
    }
    pdf.text(this.clean(text), this.right - w / 2, top + h / 2, { align: 'center', baseline: 'middle' });
  }

  private logo(): { data: Uint8Array; format: 'PNG' | 'JPEG'; w: number; h: number } | null {
    const data = this.doc.seller.logo;
    if (!data || data.length < 8) return null;
    const format =
      data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47
        ? 'PNG'
        : data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff
          ? 'JPEG'
          : null;
    if (!format) return null;
    try {
      const { width, height } = this.pdf.getImageProperties(data);
      if (!width || !height) return null;
      const maxW = 45;
      const maxH = 16;
      const scale = Math.min(maxW / width, maxH / height);
      return { data, format, w: width * scale, h: height * scale };
    } catch {
      return null;
    }
  }

  // ——— parties ———

  /** Address and identifiers of a party, one printed line each (the name excluded). */
  private partyLines(p: Party, seller: boolean): string[] {
    const { l, doc } = this;
    const lines: string[] = [];
    if (p.address) lines.push(p.address);
    const place = [p.postalCode, p.city].filter(Boolean).join(' ');
    const placeLine = [place, p.province ? `(${p.province})` : ''].filter(Boolean).join(' ');
    if (placeLine) lines.push(placeLine);
    if (p.country && p.country !== 'IT') lines.push(countryName(p.country, doc.language));
    const ids = [
      p.vatNumber ? `${l.vatNumber} ${p.vatCountry}${p.vatNumber}` : '',
      p.codiceFiscale && p.codiceFiscale !== p.vatNumber ? `${l.taxCode} ${p.codiceFiscale}` : '',
    ].filter(Boolean);
    if (ids.length) lines.push(ids.join(' · '));
    if (p.pec) lines.push(`${l.pec} ${p.pec}`);
    if (seller) {
      const contacts = [p.email ? `${l.email} ${p.email}` : '', p.phone ? `${l.phone} ${p.phone}` : ''];
      const contactLine = contacts.filter(Boolean).join(' · ');
      if (contactLine) lines.push(contactLine);
    }
    return lines;
  }

  private parties(): void {
    const { doc, t, l } = this;
    const gap = 8;
    const leftW = this.width * 0.55;
    const rightW = this.width - leftW - gap;
    const rightX = this.left + leftW + gap;
    const top = this.y;
    const lh = this.lineHeight(t.fontSize);

    const buyer = doc.buyer;
    const buyerName = buyer.name || [buyer.firstName, buyer.lastName].filter(Boolean).join(' ');
    const buyerLines = this.partyLines(buyer, false);
    // A public administration is reached through its office code (Codice univoco ufficio), a business
    // through its recipient code or PEC.
    const officeCode = buyer.isPublicAdministration ? (buyer.paOfficeCode ?? buyer.sdiCode) : null;
    if (officeCode) buyerLines.push(`${l.paOfficeCode} ${officeCode}`);
    else if (buyer.sdiCode) buyerLines.push(`${l.sdiCode} ${buyer.sdiCode}`);

    const details: [string, string][] = [[l.issueDate, formatDocumentDate(doc.issueDate, doc.language)]];
    if (doc.dueDate) {
      details.push([
        doc.kind === 'quote' ? l.validUntil : l.dueDate,
        formatDocumentDate(doc.dueDate, doc.language),
      ]);
    }
    if (doc.relatedDocument) {
      details.push([
        l.correctedInvoice,
        `${l.numberPrefix} ${doc.relatedDocument.number} · ${formatDocumentDate(doc.relatedDocument.issueDate, doc.language)}`,
      ]);
    }
    // What the e-invoice carries besides the amounts: the buyer's reference with CIG and CUP, the deferred
    // invoice's delivery notes, the declaration of intent of a regular exporter.
    const date = (iso: string) => formatDocumentDate(iso, doc.language);
    const refs = doc.references ?? NO_REFERENCES;
    if (refs.purchase) {
      const { kind, documentId, date: on, cig, cup } = refs.purchase;
      details.push([l.purchase[kind], on ? `${documentId} · ${date(on)}` : documentId]);
      if (cig) details.push([l.cig, cig]);
      if (cup) details.push([l.cup, cup]);
    }
    if (doc.kind === 'invoice' && refs.deferred) details.push([l.deferred, 'TD24']);
    for (const note of refs.deliveryNotes)
      details.push([l.deliveryNote, `${note.number} · ${date(note.date)}`]);
    if (refs.intentDeclaration) {
      const { protocol, date: on } = refs.intentDeclaration;
      details.push([l.intentDeclaration, `${protocol} · ${date(on)}`]);
    }

    // Buyer box.
    this.sectionLabel(l.billTo, this.left, top);
    let y = top + lh + 0.5;
    this.font(t.fontSize + 1.5, 'bold');
    for (const line of this.wrap(buyerName, leftW)) {
      this.text(line, this.left, y);
      y += this.lineHeight();
    }
    this.font(t.fontSize);
    for (const line of buyerLines.flatMap((s) => this.wrap(s, leftW))) {
      this.text(line, this.left, y);
      y += lh;
    }

    // Details box: label left, value right.
    this.sectionLabel(l.details, rightX, top);
    let dy = top + lh + 0.5;
    for (const [label, value] of details) {
      this.font(t.fontSize, 'normal', t.colors.muted);
      this.text(label, rightX, dy);
      const labelW = this.textWidth(label) + 3;
      this.font(t.fontSize, 'bold');
      const lines = this.wrap(value, rightW - labelW);
      for (const line of lines) {
        this.text(line, this.right, dy, 'right');
        dy += lh;
      }
      dy += 0.6;
    }
    this.y = Math.max(y, dy) + 5;
  }

  private sectionLabel(label: string, x: number, top: number, color = this.t.colors.heading): void {
    this.font(this.t.fontSize - 1, 'bold', color);
    this.text(label.toLocaleUpperCase(documentLocale(this.doc.language)), x, top);
  }

  // ——— lines table ———

  private columns(): Column[] {
    const lines = this.doc.totals.lines;
    const condensed = this.t.font === 'condensed';
    const k = condensed ? 0.9 : 1;
    const cols: Column[] = [
      { key: 'index', width: 7, align: 'right' },
      { key: 'description', width: 0, align: 'left' },
      { key: 'quantity', width: 15 * k, align: 'right' },
    ];
    if (lines.some((line) => line.unit)) cols.push({ key: 'unit', width: 11 * k, align: 'left' });
    cols.push({ key: 'unitPrice', width: 24 * k, align: 'right' });
    if (lines.some((line) => Number(line.discountPercent) > 0)) {
      cols.push({ key: 'discount', width: 14 * k, align: 'right' });
    }
    cols.push({ key: 'vat', width: 13 * k, align: 'right' }, { key: 'total', width: 26 * k, align: 'right' });
    const fixed = cols.reduce((sum, c) => sum + c.width, 0);
    cols[1]!.width = this.width - fixed;
    return cols;
  }

  private tableHeader(cols: Column[]): void {
    const { pdf, t, l } = this;
    const h = 7;
    if (t.tableHeaderFilled) {
      pdf.setFillColor(t.colors.primary);
      pdf.rect(this.left, this.y, this.width, h, 'F');
    }
    this.font(t.fontSize - 0.5, 'bold', t.tableHeaderFilled ? t.colors.onPrimary : t.colors.primary);
    let x = this.left;
    for (const c of cols) {
      this.cellText(l.columns[c.key], x, c, this.y + (h - this.lineHeight()) / 2);
      x += c.width;
    }
    if (!t.tableHeaderFilled) this.rule(this.y + h, t.colors.primary, 0.4);
    this.y += h;
  }

  private cellText(text: string, x: number, c: Column, top: number): void {
    const pad = 1.6;
    if (c.align === 'right') this.text(text, x + c.width - pad, top, 'right');
    else this.text(text, x + pad, top);
  }

  private cellValue(key: Column['key'], index: number): string {
    const line = this.doc.totals.lines[index]!;
    const lang = this.doc.language;
    switch (key) {
      case 'index':
        return String(line.lineNumber);
      case 'description':
        return line.description;
      case 'quantity':
        return formatDecimal(line.quantity, lang);
      case 'unit':
        return line.unit ?? '';
      case 'unitPrice':
        return formatMoney(line.unitPriceCents, lang);
      case 'discount':
        return Number(line.discountPercent) > 0 ? formatPercent(line.discountPercent, lang) : '';
      case 'vat':
        return line.vatRate > 0 ? `${line.vatRate}%` : (line.nature ?? '0%');
      case 'total':
        return formatMoney(line.totalCents, lang);
    }
  }

  private linesTable(): void {
    const { t } = this;
    const cols = this.columns();
    const desc = cols[1]!;
    const padY = 1.5;
    this.font(t.fontSize);
    const lh = this.lineHeight();
    // The header and at least one row start together.
    this.ensure(7 + lh + 2 * padY);
    this.tableHeader(cols);

    this.doc.totals.lines.forEach((_, i) => {
      this.font(t.fontSize);
      let rest = this.wrap(this.cellValue('description', i), desc.width - 3.2);
      let first = true;
      while (rest.length) {
        const fit = Math.floor((this.bottom - this.y - 2 * padY) / lh);
        const wholeFitsOnNewPage = rest.length * lh + 2 * padY <= this.bottom - this.t.margins.top - 20;
        if (fit < rest.length && (fit < 1 || (first && wholeFitsOnNewPage))) {
          this.newPage();
          this.tableHeader(cols);
          continue;
        }
        const chunk = rest.slice(0, fit);
        rest = rest.slice(fit);
        this.tableRow(cols, i, chunk, first, padY, lh);
        first = false;
      }
    });
    this.y += 5;
  }

  private tableRow(
    cols: Column[],
    i: number,
    descLines: string[],
    first: boolean,
    padY: number,
    lh: number,
  ): void {
    const { pdf, t } = this;
    const h = descLines.length * lh + 2 * padY;
    if (t.colors.zebra && i % 2 === 1) {
      pdf.setFillColor(t.colors.zebra);
      pdf.rect(this.left, this.y, this.width, h, 'F');
    }
    this.font(t.fontSize);
    let x = this.left;
    for (const c of cols) {
      if (c.key === 'description') {
        descLines.forEach((line, n) => this.text(line, x + 1.6, this.y + padY + n * lh));
      } else if (first) {
        if (c.key === 'index') this.font(t.fontSize - 1, 'normal', t.colors.muted);
        this.cellText(this.cellValue(c.key, i), x, c, this.y + padY);
        if (c.key === 'index') this.font(t.fontSize);
      }
      x += c.width;
    }
    this.y += h;
    if (!t.colors.zebra || t.name === 'elegant') this.rule(this.y, t.colors.border, 0.15);
  }

  // ——— VAT summary and totals ———

  private totalsRows(): TotalsRow[] {
    const { doc, l } = this;
    const tot = doc.totals;
    const lang = doc.language;
    const money = (c: number) => formatMoney(c, lang);
    const rows: TotalsRow[] = [];
    if (tot.pensionFundCents > 0 && doc.tax.pensionFund) {
      const fund = doc.tax.pensionFund;
      const label = fund.type === 'TC22' ? l.pensionFundInps : l.pensionFund;
      rows.push({ label: l.subtotal, value: money(tot.taxableCents - tot.pensionFundCents) });
      rows.push({
        label: `${label} ${formatPercent(fund.ratePercent, lang)}`,
        value: money(tot.pensionFundCents),
      });
    }
    rows.push({ label: l.taxable, value: money(tot.taxableCents) });
    rows.push({ label: l.vat, value: money(tot.vatCents) });
    if (tot.stampDutyChargedCents > 0) {
      rows.push({ label: l.stampDuty, value: money(tot.stampDutyChargedCents) });
    } else if (tot.stampDutyCents > 0) {
      rows.push({ label: l.stampDutyBySeller, value: money(tot.stampDutyCents), muted: true });
    }
    const finalIsTotal = tot.amountDueCents === tot.totalCents;
    rows.push({
      label: doc.kind === 'quote' ? l.quoteTotal : l.total,
      value: money(tot.totalCents),
      strong: true,
      highlight: finalIsTotal,
    });
    if (tot.withholdingCents > 0 && doc.tax.withholding) {
      rows.push({
        label: `${l.withholding} ${formatPercent(doc.tax.withholding.ratePercent, lang)}`,
        value: money(-tot.withholdingCents),
      });
    }
    if (tot.splitPaymentVatCents > 0)
      rows.push({ label: l.splitPayment, value: money(-tot.splitPaymentVatCents) });
    if (!finalIsTotal)
      rows.push({ label: l.amountDue, value: money(tot.amountDueCents), strong: true, highlight: true });
    return rows;
  }

  private summaryAndTotals(): void {
    const { doc, t, l, pdf } = this;
    const gap = 10;
    const summaryW = this.width * 0.46;
    const totalsW = this.width - summaryW - gap;
    const totalsX = this.right - totalsW;
    const lh = this.lineHeight(t.fontSize) + 1.6;
    const rows = this.totalsRows();
    const summary = doc.totals.vatSummary;

    // Totals labels may wrap (long Italian wording in a narrow column).
    this.font(t.fontSize, 'bold');
    const amountW = Math.max(...rows.map((r) => this.textWidth(r.value))) + 4;
    const labelW = totalsW - amountW - 2;
    const rowLines = rows.map((r) => this.wrap(r.label, labelW));
    const totalsH = rowLines.reduce((h, ls) => h + (ls.length - 1) * this.lineHeight(t.fontSize) + lh, 0);
    // Natura rows carry their legal reference (RiferimentoNormativo) under the code.
    this.font(t.fontSize - 1.5);
    const references = summary.map((row) =>
      row.legalReference ? this.wrap(row.legalReference, summaryW) : [],
    );
    const referencesH = references.reduce((h, ls) => h + ls.length * this.lineHeight(), 0);
    const summaryH = (summary.length + 1) * lh + this.lineHeight(t.fontSize) + 1 + referencesH;
    this.ensure(Math.max(totalsH, summaryH) + 2);
    const top = this.y;

    // VAT summary.
    this.sectionLabel(l.vatSummary, this.left, top);
    let y = top + this.lineHeight(t.fontSize) + 1;
    const sc = [summaryW * 0.4, summaryW * 0.32, summaryW * 0.28];
    const header = [l.rateOrNature, l.taxable, l.vat];
    this.font(t.fontSize - 1, 'bold', t.colors.muted);
    this.text(header[0]!, this.left, y);
    this.text(header[1]!, this.left + sc[0]! + sc[1]!, y, 'right');
    this.text(header[2]!, this.left + summaryW, y, 'right');
    y += lh - 0.6;
    this.rule(y - 0.8, t.colors.border, 0.2, this.left, this.left + summaryW);
    this.font(t.fontSize);
    summary.forEach((row, i) => {
      this.font(t.fontSize);
      const rate = row.vatRate > 0 ? `${row.vatRate}%` : (row.nature ?? '0%');
      this.text(row.vatCollectability === 'S' ? `${rate} (${l.splitShort})` : rate, this.left, y);
      this.text(formatMoney(row.taxableCents, doc.language), this.left + sc[0]! + sc[1]!, y, 'right');
      this.text(formatMoney(row.vatCents, doc.language), this.left + summaryW, y, 'right');
      y += lh;
      this.font(t.fontSize - 1.5, 'normal', t.colors.muted);
      for (const line of references[i]!) {
        this.text(line, this.left, y - 1.2);
        y += this.lineHeight();
      }
    });
    const summaryBottom = y;

    // Totals.
    let ty = top;
    rows.forEach((row, i) => {
      const labels = rowLines[i]!;
      const h = (labels.length - 1) * this.lineHeight(t.fontSize) + lh;
      if (row.highlight) {
        pdf.setFillColor(t.colors.primary);
        pdf.rect(totalsX, ty - 0.4, totalsW, h + 0.8, 'F');
      } else if (row.strong) {
        this.rule(ty - 0.3, t.colors.primary, 0.3, totalsX, this.right);
      }
      const color = row.highlight ? t.colors.onPrimary : row.muted ? t.colors.muted : t.colors.text;
      this.font(row.strong ? t.fontSize + 1 : t.fontSize, row.strong ? 'bold' : 'normal', color);
      const textTop = ty + (lh - this.lineHeight()) / 2;
      labels.forEach((line, n) => this.text(line, totalsX + 2, textTop + n * this.lineHeight(t.fontSize)));
      this.text(row.value, this.right - 2, textTop, 'right');
      ty += h;
    });
    this.y = Math.max(summaryBottom, ty) + 6;
  }

  // ——— legal wording, payment, notes ———

  /** A titled block of paragraphs that flows line by line across pages. */
  private block(title: string, paragraphs: string[]): void {
    const { t } = this;
    const items = paragraphs.map((p) => p.trim()).filter(Boolean);
    if (!items.length) return;
    this.font(t.fontSize - 0.5);
    const lh = this.lineHeight();
    const titleH = this.lineHeight(t.fontSize) + 1;
    // A short block stays whole on one page; a long one starts with its title and two lines at least.
    const lineCount = items.reduce((n, p) => n + this.wrap(p, this.width).length, 0);
    const wholeH = titleH + lineCount * lh + items.length;
    this.ensure(wholeH <= 60 ? wholeH : titleH + 2 * lh);
    this.sectionLabel(title, this.left, this.y);
    this.y += titleH;
    for (const p of items) {
      this.font(t.fontSize - 0.5);
      for (const line of this.wrap(p, this.width)) {
        if (this.ensure(lh)) this.font(t.fontSize - 0.5);
        this.text(line, this.left, this.y);
        this.y += lh;
      }
      this.y += 1;
    }
    this.y += 4;
  }

  private legalNotes(): void {
    const { doc, l } = this;
    const texts = doc.totals.legalNotes.map((key) => legalNoteText(key, doc.language));
    this.block(l.legalNotes, texts);
  }

  private payment(): void {
    const { doc, l } = this;
    if (doc.kind === 'credit_note') return;
    const rows: string[] = [`${l.paymentMethod}: ${l.paymentMethods[doc.paymentMethod]}`];
    if (doc.seller.iban) rows.push(`${l.iban}: ${formatIban(doc.seller.iban)}`);
    if (doc.seller.bankName) rows.push(`${l.bank}: ${doc.seller.bankName}`);
    const instalments = (doc.references ?? NO_REFERENCES).instalments;
    if (doc.kind === 'invoice' && instalments.length > 0) {
      instalments.forEach((instalment, i) =>
        rows.push(
          `${l.instalment(i + 1, instalments.length)}: ${formatDocumentDate(instalment.dueDate, doc.language)} · ${formatMoney(instalment.amountCents, doc.language)}`,
        ),
      );
    } else if (doc.kind === 'invoice' && doc.dueDate) {
      rows.push(`${l.dueDate}: ${formatDocumentDate(doc.dueDate, doc.language)}`);
    }
    this.block(l.payment, rows);
  }

  private paragraphSection(title: string, text: string | null): void {
    if (text) this.block(title, text.split(/\r?\n\s*\r?\n/));
  }

  // ——— footer ———

  private footers(): void {
    const { pdf, doc, t, l } = this;
    const count = pdf.getNumberOfPages();
    const ruleY = PAGE_H - t.margins.bottom + 2;
    const sellerIds = [doc.seller.name, doc.seller.vatNumber ? `${l.vatNumber} ${doc.seller.vatNumber}` : '']
      .filter(Boolean)
      .join(' · ');
    const validity =
      doc.kind === 'quote'
        ? doc.dueDate
          ? l.quoteValidUntil(formatDocumentDate(doc.dueDate, doc.language))
          : l.quoteValidDefault
        : null;
    for (let n = 1; n <= count; n++) {
      pdf.setPage(n);
      this.rule(ruleY, t.colors.border, 0.2);
      this.font(t.fontSize - 1.5, 'normal', t.colors.muted);
      const lh = this.lineHeight();
      this.text(sellerIds, this.left, ruleY + 1);
      this.text(l.page(n, count), this.right, ruleY + 1, 'right');
      if (validity) {
        this.font(t.fontSize - 1.5, 'bold', t.colors.muted);
        this.text(validity, this.left, ruleY + 1 + lh);
      }
    }
  }
}
