/**
 * Fields read from a document's text (issue 17): dates, times, totals, the VAT breakdown by rate, the issuer's
 * name and P.IVA, codici fiscali, IBANs, e-mail addresses, the document number and the payment method, in
 * Italian and English documents. Pure: it runs on the server after OCR and in the browser alike.
 *
 * The text may come from OCR, so the matching is tolerant of tesseract's usual confusions, applied only where
 * the context says a digit is meant (inside a number, after a keyword): O/o/D/Q → 0, l/I/i/|/! → 1, S/s → 5,
 * B → 8, Z → 2, G → 6; "15, 79" and "15 ,79" → "15,79"; a comma or a point as the decimal mark. Identifiers
 * (P.IVA, codice fiscale, IBAN) are accepted only when their check characters are right, after trying those
 * confusions, so a misread identifier is dropped rather than suggested wrong. Each value carries a confidence
 * (0..1) from how it was found (after its keyword, by a check, by a fallback).
 */
import { isValidCodiceFiscale, isValidPartitaIva } from '../business-profile/italian-tax-ids.ts';

export type Read<T> = { value: T; confidence: number };
export type VatLine = { ratePercent: number; taxableCents: number | null; vatCents: number };
export type PaymentMethod = 'cash' | 'card' | 'bank_transfer' | 'other';
export type GuessedDocumentType =
  | 'received_invoice'
  | 'receipt'
  | 'contract'
  | 'delivery_note'
  | 'bank_statement'
  | 'quote'
  | 'identity_document'
  | 'other';

export type DocumentFields = {
  documentType: GuessedDocumentType | null;
  /** ISO date (yyyy-mm-dd). */
  documentDate: Read<string> | null;
  /** hh:mm, 24-hour. */
  time: Read<string> | null;
  totalCents: Read<number> | null;
  /** One entry per VAT rate, in the order printed. */
  vat: VatLine[];
  issuerName: Read<string> | null;
  /** The issuer's P.IVA (the first valid one above the customer's part), 11 digits. */
  issuerVatNumber: Read<string> | null;
  /** Every valid P.IVA in the text, 11 digits, issuer's first. */
  vatNumbers: string[];
  taxCodes: string[];
  ibans: string[];
  emails: string[];
  /** Names with a legal form (S.r.l., S.p.A., Ltd …) found anywhere, for matching against contacts. */
  companyNames: string[];
  documentNumber: Read<string> | null;
  paymentMethod: Read<PaymentMethod> | null;
};

// ---------------------------------------------------------------------------------------------------------
// Text clean-up

/** Characters tesseract reads in place of a digit, and the digit meant. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  U: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  L: '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  b: '6',
  g: '9',
  q: '9',
  T: '7',
  A: '4',
};

/** Unicode forms folded, typographic dashes and quotes made plain, spaces collapsed per line. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[\t\u00a0 ]+/g, ' ').trim())
    .join('\n');
}

/** Folds accents and case for keyword matching: "Importo Pagato" → "importo pagato", "è" → "e". */
export function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A token's look-alike letters turned into digits: "l5,7O" → "15,70". */
function digitsFromLookalikes(token: string): string {
  return [...token].map((ch) => DIGIT_LOOKALIKES[ch] ?? ch).join('');
}

/**
 * The line with its numbers repaired: tokens made mostly of digits (at least two real digits, every other
 * character a look-alike, a separator or a currency sign) get their look-alikes turned into digits, and a
 * space around the decimal mark of an amount is closed ("15 ,79", "15, 79" → "15,79").
 */
export function repairNumbers(line: string): string {
  const joined = line
    .replace(/(\d)\s+([.,])\s*(\d{2})(?!\d)/g, '$1$2$3')
    .replace(/(\d)([.,])\s+(\d{2})(?![\d.,])/g, '$1$2$3');
  return joined.replace(/\S+/g, (token) => {
    const core = token.replace(/^[€$£(]+|[)€%:;]+$/g, '');
    const digits = (core.match(/\d/g) ?? []).length;
    if (digits < 2 || !/^[\dOoDQUlIi|!LSsBZzGbgqTA.,'/:-]+$/.test(core)) return token;
    if (!/\d[.,/:]?[\dOoDQUlIi|!LSsBZzGbgqTA]|[\dOoDQUlIi|!LSsBZzGbgqTA][.,/:]?\d/.test(core)) return token;
    const lookalikes = core.length - digits - (core.match(/[.,'/:-]/g) ?? []).length;
    if (lookalikes > digits) return token;
    return token.replace(core, digitsFromLookalikes(core));
  });
}

function lines(text: string): string[] {
  return normalizeText(text).split('\n');
}

// ---------------------------------------------------------------------------------------------------------
// Amounts

/** Money in a line: "1.234,56", "1,234.56", "15,79", "15.79", "-2,50", "€ 3,00". */
const AMOUNT = /(?<![\d.,/:])(-?\s?(?:\d{1,3}(?:[.,' ]\d{3})+|\d+)[.,]\d{2})(?![\d%]|[.,]\d)/g;

/** "1.234,56" → 123456 cents; null when it is not an amount with two decimals. */
export function parseAmountCents(raw: string): number | null {
  const s = raw.replace(/[\s€$£']/g, '');
  const m = /^(-?)(\d{1,3}(?:[.,]\d{3})*|\d+)[.,](\d{2})$/.exec(s);
  if (!m) return null;
  const units = Number((m[2] as string).replace(/[.,]/g, ''));
  const cents = units * 100 + Number(m[3]);
  return Number.isSafeInteger(cents) ? (m[1] ? -cents : cents) : null;
}

/** The amounts of a line (after number repair), left to right, with their positions. */
function amountsIn(line: string): { cents: number; index: number }[] {
  const out: { cents: number; index: number }[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const cents = parseAmountCents(m[1] as string);
    if (cents !== null) out.push({ cents, index: m.index ?? 0 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Dates and times

const MONTH_NAMES: Record<string, number> = {
  gen: 1,
  gennaio: 1,
  jan: 1,
  january: 1,
  feb: 2,
  febbraio: 2,
  february: 2,
  mar: 3,
  marzo: 3,
  march: 3,
  apr: 4,
  aprile: 4,
  april: 4,
  mag: 5,
  maggio: 5,
  may: 5,
  giu: 6,
  giugno: 6,
  jun: 6,
  june: 6,
  lug: 7,
  luglio: 7,
  jul: 7,
  july: 7,
  ago: 8,
  agosto: 8,
  aug: 8,
  august: 8,
  set: 9,
  settembre: 9,
  sep: 9,
  sept: 9,
  september: 9,
  ott: 10,
  ottobre: 10,
  oct: 10,
  october: 10,
  nov: 11,
  novembre: 11,
  november: 11,
  dic: 12,
  dicembre: 12,
  dec: 12,
  december: 12,
};

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += year >= 70 ? 1900 : 2000;
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type DateHit = { iso: string; line: number; score: number };

/** A separator in a numeric date; OCR reads "/" as "1", "l" or "I" at times, handled by the fixed widths. */
const NUMERIC_DATE =
  /(?<![\d])(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d)|(?<!\d)(\d{4})([/.-])(\d{1,2})\6(\d{1,2})(?!\d)/g;
const NAMED_DATE_IT = /(?<!\d)(\d{1,2})\s*(?:°|º)?\s+([a-zA-Z]{3,10})\.?\s+(\d{4}|\d{2})(?!\d)/g;
const NAMED_DATE_EN = /\b([a-zA-Z]{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)/g;
/** "12/03/2025" read with the slashes as ones: "12103/2025", "121031/2025"; only with a date keyword. */
const DAMAGED_DATE = /(?<!\d)(\d{2})[1lI|](\d{2})[1lI|/](\d{4})(?!\d)/g;

const DATE_KEYWORDS =
  /\b(data|date|del|dated|emissione|emessa|issued|giorno|day)\b|data documento|invoice date|data fattura/;
const DUE_KEYWORDS = /scadenz|due|entro|valid|validita|nato|nata|born|birth/;

/** Every date in the text, with a score: near a time or a date keyword is better, a due date worse. */
export function findDates(text: string): DateHit[] {
  const hits: DateHit[] = [];
  lines(text).forEach((raw, index) => {
    const line = repairNumbers(raw);
    const folded = foldForMatch(line);
    let base = 0.6;
    if (DATE_KEYWORDS.test(folded)) base += 0.2;
    if (/\d{1,2}[:.]\d{2}(?![.,]?\d)/.test(line.replace(NUMERIC_DATE, ' '))) base += 0.15;
    if (DUE_KEYWORDS.test(folded)) base -= 0.35;
    for (const m of line.matchAll(NUMERIC_DATE)) {
      let iso: string | null;
      if (m[5]) iso = isoDate(Number(m[5]), Number(m[7]), Number(m[8]));
      else {
        const a = Number(m[1]);
        const b = Number(m[3]);
        const y = Number(m[4]);
        // Day first (the European order); month first only when the day-first reading is impossible.
        iso = isoDate(y, b, a) ?? isoDate(y, a, b);
        if ((m[4] as string).length === 2 && m[2] === '.' && !DATE_KEYWORDS.test(folded)) {
          // "12.03.25" could be an amount-like token; accepted but less sure.
          if (iso) hits.push({ iso, line: index, score: base - 0.2 });
          continue;
        }
      }
      if (iso) hits.push({ iso, line: index, score: base });
    }
    for (const m of line.matchAll(NAMED_DATE_IT)) {
      const month = MONTH_NAMES[foldForMatch(m[2] as string)];
      const iso = month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
      if (iso) hits.push({ iso, line: index, score: base });
    }
    for (const m of line.matchAll(NAMED_DATE_EN)) {
      const month = MONTH_NAMES[foldForMatch(m[1] as string)];
      const iso = month ? isoDate(Number(m[3]), month, Number(m[2])) : null;
      if (iso) hits.push({ iso, line: index, score: base });
    }
    if (!hits.some((h) => h.line === index) && DATE_KEYWORDS.test(folded)) {
      for (const m of line.matchAll(DAMAGED_DATE)) {
        const iso = isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
        if (iso) hits.push({ iso, line: index, score: base - 0.25 });
      }
    }
  });
  return hits;
}

/** The document's date: the best-scored one; ties go to the first printed. */
export function readDate(text: string): Read<string> | null {
  const hits = findDates(text);
  if (!hits.length) return null;
  const best = hits.reduce((a, b) => (b.score > a.score ? b : a));
  const agreeing = hits.filter((h) => h.iso === best.iso).length;
  return { value: best.iso, confidence: Math.min(1, best.score + (agreeing > 1 ? 0.1 : 0)) };
}

/** hh:mm (24 h) of the first time printed near a date, or after "ore"/"time"/"h". */
export function readTime(text: string): Read<string> | null {
  const all = lines(text);
  let fallback: Read<string> | null = null;
  for (const raw of all) {
    const line = repairNumbers(raw);
    const folded = foldForMatch(line);
    const withoutDates = line.replace(NUMERIC_DATE, ' ');
    for (const m of withoutDates.matchAll(
      /(?<![\d.,])([01]?\d|2[0-3])\s?[:.]\s?([0-5]\d)(?::([0-5]\d))?(?![\d%]|[.,]\d)/g,
    )) {
      const value = `${(m[1] as string).padStart(2, '0')}:${m[2]}`;
      const separatorIsColon = m[0].includes(':');
      const nearDate = withoutDates !== line;
      const keyword = /\b(ore|orario|time|h)\b/.test(folded);
      if (nearDate || keyword) return { value, confidence: separatorIsColon ? 0.9 : 0.75 };
      if (!fallback && separatorIsColon && !amountsIn(line).length) fallback = { value, confidence: 0.5 };
    }
  }
  return fallback;
}

// ---------------------------------------------------------------------------------------------------------
// Totals

/**
 * A keyword's letters widened to what OCR reads for them ("complessivo" also matches "complesslvo",
 * "c0mplessivo"): i/l/1/|/! and o/0 and s/5 are interchangeable. For the folded (lowercase) text.
 */
const LETTER_CLASSES: Record<string, string> = { i: '[il1|!]', l: '[li1|]', o: '[o0]', s: '[s5]' };
function fuzzy(words: string): string {
  return [...words].map((ch) => LETTER_CLASSES[ch] ?? (ch === ' ' ? '\\s+' : ch)).join('');
}
const TOTALE = fuzzy('totale');

type TotalRule = { re: RegExp; confidence: number };
/** Keywords of the amount paid, best first; the negative look-arounds keep subtotals and VAT totals out. */
const TOTAL_RULES: TotalRule[] = [
  {
    re: new RegExp(
      `\\b${TOTALE}\\s+(${['complessivo', 'documento', 'fattura', 'da pagare', 'dovuto', 'generale', 'euro', 'eur'].map(fuzzy).join('|')})\\b`,
    ),
    confidence: 0.95,
  },
  {
    re: new RegExp(`\\b(${['importo pagato', 'netto a pagare', 'totale a pagare'].map(fuzzy).join('|')})\\b`),
    confidence: 0.9,
  },
  {
    re: /\b(grand\s+total|total\s+(due|amount|to\s+pay|paid|eur)|amount\s+(due|paid)|balance\s+due)\b/,
    confidence: 0.92,
  },
  {
    re: /(?<!sub\s?)(?<!\w)totale?(?!\s*(iva|imposta|imponibile|tax|vat|net|parziale|pezzi|articoli|items|qty|quantit|sconto|discount|before|excl))\b/,
    confidence: 0.85,
  },
];
const NOT_TOTAL =
  /subtotal|sub-total|sub total|totale parziale|resto|change|di cui|iva\s|imponibile|taxable|sconto|discount/;

/**
 * The total paid: the amount on the line of the best total keyword (its last amount), or on the next line
 * when the keyword's line has none. Failing every keyword, the largest amount of the text, at low confidence.
 */
export function readTotal(text: string): Read<number> | null {
  const all = lines(text).map(repairNumbers);
  const folded = all.map(foldForMatch);
  for (const rule of TOTAL_RULES) {
    for (let i = 0; i < all.length; i++) {
      const f = folded[i] as string;
      if (!rule.re.test(f)) continue;
      if (NOT_TOTAL.test(f.replace(rule.re, ' ')) && !/complessivo|pagato|da pagare|due|grand/.test(f))
        continue;
      const here = amountsIn(all[i] as string).filter((a) => a.cents > 0);
      if (here.length)
        return { value: (here[here.length - 1] as { cents: number }).cents, confidence: rule.confidence };
      const next = amountsIn(all[i + 1] ?? '').filter((a) => a.cents > 0);
      if (next.length === 1)
        return { value: (next[0] as { cents: number }).cents, confidence: rule.confidence - 0.15 };
    }
  }
  const every = all.flatMap((l) => amountsIn(l).map((a) => a.cents));
  if (!every.length) return null;
  return { value: Math.max(...every), confidence: 0.3 };
}

// ---------------------------------------------------------------------------------------------------------
// VAT by rate

/** The rates a document may carry (Italian 0/4/5/10/22 and other EU standard and reduced rates). */
const KNOWN_RATES = new Set([
  0, 2, 4, 5, 5.5, 6, 7, 8, 9, 10, 12, 13, 13.5, 14, 15, 17, 19, 20, 21, 22, 23, 24, 25, 27,
]);
const RATE = /(?<![\d.,])(\d{1,2})(?:[.,](\d{1,2}))?\s?(%|X|96|9o)(?![\d])/g;
const VAT_WORD = /\b(iva|i\.v\.a\.?|vat|aliquota|aliq\.?|imposta|tax)\b/;

function rateValue(whole: string, decimals: string | undefined): number | null {
  const rate = Number(`${whole}.${decimals ?? '0'}`);
  return KNOWN_RATES.has(rate) ? rate : null;
}

/** The tax of a taxable amount at a rate, rounded as the receipt would. */
function taxOf(taxableCents: number, rate: number): number {
  return Math.round((taxableCents * rate) / 100);
}

/**
 * From the amounts after a rate on a line, the (taxable, tax) pair: first a pair that checks (tax = taxable ×
 * rate, to a cent or two), else the single amount as the tax when the line names the tax, else the last two.
 */
function vatFromAmounts(
  rate: number,
  amounts: number[],
  namesTax: boolean,
): (VatLine & { sure: boolean }) | null {
  for (let i = 0; i < amounts.length; i++)
    for (let j = 0; j < amounts.length; j++) {
      if (i === j) continue;
      const taxable = amounts[i] as number;
      const tax = amounts[j] as number;
      if (rate > 0 && Math.abs(taxOf(taxable, rate) - tax) <= 2 && tax < taxable)
        return { ratePercent: rate, taxableCents: taxable, vatCents: tax, sure: true };
      // Scontrino layout: the gross amount (VAT included) and its tax.
      if (rate > 0 && Math.abs(Math.round((taxable * rate) / (100 + rate)) - tax) <= 2 && tax < taxable)
        return { ratePercent: rate, taxableCents: taxable - tax, vatCents: tax, sure: true };
    }
  if (rate === 0 && amounts.length) {
    const taxable = amounts.find((a) => a > 0) ?? null;
    return { ratePercent: 0, taxableCents: taxable, vatCents: 0, sure: false };
  }
  if (amounts.length === 1 && namesTax)
    return { ratePercent: rate, taxableCents: null, vatCents: amounts[0] as number, sure: false };
  if (amounts.length >= 2) {
    const [taxable, tax] = amounts.slice(-2) as [number, number];
    if (tax < taxable) return { ratePercent: rate, taxableCents: taxable, vatCents: tax, sure: false };
  }
  return null;
}

/**
 * The VAT summary: lines with a rate ("IVA 22%", "22,00%", "VAT 20%") and amounts after it, in a VAT
 * context (a VAT word on the line, or below a header such as "Aliquota Imponibile Imposta"). Table rows whose
 * rate lost its "%" are read by their column when a header was seen. One entry per rate; a check-passing
 * reading of a rate replaces an unchecked one. Item lines carrying a rate are skipped when a summary exists.
 */
export function readVat(text: string): VatLine[] {
  const all = lines(text).map(repairNumbers);
  const folded = all.map(foldForMatch);
  const found = new Map<number, VatLine & { sure: boolean; summary: boolean }>();
  let tableHeaderAt = -10;
  for (let i = 0; i < all.length; i++) {
    const line = all[i] as string;
    const f = folded[i] as string;
    if (
      /(aliquota|aliq|rate|iva\s*%|vat\s*%)/.test(f) &&
      /(imponibile|imposta|taxable|net|tax|iva|vat)/.test(f) &&
      !amountsIn(line).length
    ) {
      tableHeaderAt = i;
      continue;
    }
    const inTable = i - tableHeaderAt <= 6;
    const vatContext = VAT_WORD.test(f) || inTable;
    if (!vatContext) continue;
    if (/\b(totale|total)\b/.test(f) && !/\b(iva|vat|imposta|tax)\b/.test(f)) continue;
    let rate: number | null = null;
    let after = line;
    for (const m of line.matchAll(RATE)) {
      rate = rateValue(m[1] as string, m[2]);
      if (rate !== null) {
        after = line.slice((m.index ?? 0) + m[0].length);
        break;
      }
    }
    if (rate === null && inTable) {
      // "22,00  10,00  2,20" under the header: the first number is the rate when it is a known one.
      const m = /^\s*[A-Z]?\s*(\d{1,2})(?:[.,](\d{1,2}))?\b/.exec(line);
      if (m) {
        rate = rateValue(m[1] as string, m[2]);
        if (rate !== null) after = line.slice(m.index + m[0].length);
      }
    }
    if (rate === null) continue;
    const amounts = amountsIn(after)
      .map((a) => a.cents)
      .filter((c) => c >= 0);
    const read = vatFromAmounts(rate, amounts, /imposta|iva|vat|tax/.test(f));
    if (!read) continue;
    const previous = found.get(rate);
    if (!previous || (read.sure && !previous.sure))
      found.set(rate, { ...read, summary: inTable || VAT_WORD.test(f) });
  }
  return [...found.values()].map(({ ratePercent, taxableCents, vatCents }) => ({
    ratePercent,
    taxableCents,
    vatCents,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Identifiers

/**
 * A run of digits and look-alikes of a P.IVA's length, spaces allowed, with what OCR makes of an "IT" prefix
 * before it ("IT", "1T", "1IT", "17", "lT"): the prefix is dropped and the last eleven characters are the
 * number.
 */
const PIVA_CANDIDATE =
  /(?<![\dA-Za-z])((?:[1lI|]?[I1l|][T7])?\s?[\dOoDQlI|SBZ](?:\s?[\dOoDQlI|SBZ]){10})(?![\d])/g;
const PIVA_KEYWORD =
  /p\.?\s?\.?iva|partita\s+iva|vat\s*(no|number|reg|id)?|c\.?\s?f\.?\s?\/\s?p|codice\s+fiscale|cod\.?\s?fisc|tax\s*id/;
const CUSTOMER_KEYWORD =
  /\b(cliente|spett|destinatario|intestat|bill\s+to|billed\s+to|customer|sold\s+to|acquirente|committente)\b/;

/** Every valid P.IVA of the text in order, with the line and whether a keyword stood before it. */
function vatNumberHits(text: string) {
  const out: { value: string; line: number; keyword: boolean }[] = [];
  lines(text).forEach((line, index) => {
    const f = foldForMatch(line);
    for (const m of line.matchAll(PIVA_CANDIDATE)) {
      const compact = (m[1] as string).replace(/\s/g, '');
      const keyword = PIVA_KEYWORD.test(f.slice(0, Math.max(0, (m.index ?? 0) + 3)));
      // The plain reading first; the prefix-dropping one only after a keyword (it is a guess otherwise).
      const readings = [compact, ...(keyword || compact.length > 11 ? [compact.slice(-11)] : [])];
      for (const reading of readings) {
        if (reading.length !== 11) continue;
        const lookalikes = [...reading].filter((c) => /\D/.test(c)).length;
        const digits = digitsFromLookalikes(reading);
        if (lookalikes > 2 || !isValidPartitaIva(digits)) continue;
        if (!out.some((o) => o.value === digits))
          out.push({ value: digits, line: index, keyword: keyword || compact.length > 11 });
        break;
      }
    }
  });
  return out;
}

/** Valid P.IVAs (checksum), issuer's first. */
export function readVatNumbers(text: string): string[] {
  return vatNumberHits(text).map((h) => h.value);
}

/**
 * The issuer's P.IVA: the first valid one after a P.IVA keyword above any customer section ("Cliente",
 * "Spett.le", "Bill to"); else the first valid one at all, less sure.
 */
export function readIssuerVatNumber(text: string): Read<string> | null {
  const all = lines(text);
  const customerAt = all.findIndex((l) => CUSTOMER_KEYWORD.test(foldForMatch(l)));
  const hits = vatNumberHits(text);
  const above = hits.filter((h) => customerAt < 0 || h.line < customerAt);
  const best = above.find((h) => h.keyword) ?? above[0] ?? hits[0];
  if (!best) return null;
  return { value: best.value, confidence: best.keyword ? 0.95 : 0.7 };
}

const CF_SHAPE = 'LLLLLLDDLDDLDDDL';
const LETTER_FROM_DIGIT: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '5': 'S',
  '8': 'B',
  '2': 'Z',
  '6': 'G',
};

/** Personal codici fiscali (16 characters, check letter right), look-alikes repaired by position. */
export function readTaxCodes(text: string): string[] {
  const out: string[] = [];
  for (const m of normalizeText(text)
    .toUpperCase()
    .matchAll(/(?<![A-Z0-9])([A-Z0-9](?:\s?[A-Z0-9]){15})(?![A-Z0-9])/g)) {
    const raw = (m[1] as string).replace(/\s/g, '');
    if (!/[A-Z]/.test(raw) || !/\d/.test(raw)) continue;
    // Omocodia letters (L M N P Q R S T U V) are legal in the digit places, so they are kept on the first try
    // and read as digits only when that fails the check.
    for (const keepOmocodia of [true, false]) {
      const fixed = [...raw]
        .map((ch, i) => {
          const want = CF_SHAPE[i];
          if (want === 'D' && /[A-Z]/.test(ch) && !(keepOmocodia && 'LMNPQRSTUV'.includes(ch)))
            return DIGIT_LOOKALIKES[ch] ?? ch;
          if (want === 'L' && /\d/.test(ch)) return LETTER_FROM_DIGIT[ch] ?? ch;
          return ch;
        })
        .join('');
      if (isValidCodiceFiscale(fixed)) {
        if (!out.includes(fixed)) out.push(fixed);
        break;
      }
    }
  }
  return out;
}

/** IBAN check (ISO 13616, mod 97 = 1) of a compact, uppercase IBAN. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('IT') && iban.length !== 27) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = (v > 9 ? rest * 100 + v : rest * 10 + v) % 97;
  }
  return rest === 1;
}

/** Valid IBANs (mod 97), compact; look-alikes in the check digits and the Italian numeric parts repaired. */
export function readIbans(text: string): string[] {
  const out: string[] = [];
  const upper = normalizeText(text).toUpperCase();
  for (const m of upper.matchAll(/(?<![A-Z0-9])([A-Z]{2}\s?[0-9OIL]{2}(?:\s?[A-Z0-9]){11,30})/g)) {
    let raw = (m[1] as string).replace(/\s/g, '');
    raw = raw.slice(0, 2) + digitsFromLookalikes(raw.slice(2, 4)) + raw.slice(4);
    // Longest valid prefix: the match may run into the next word.
    for (let len = Math.min(raw.length, 34); len >= 15; len--) {
      let candidate = raw.slice(0, len);
      if (candidate.startsWith('IT') && len === 27) {
        // IT kk C AAAAA BBBBB NNNNNNNNNNNN: the ABI and CAB are digits.
        candidate =
          candidate.slice(0, 5) + digitsFromLookalikes(candidate.slice(5, 15)) + candidate.slice(15);
      }
      if (isValidIban(candidate)) {
        if (!out.includes(candidate)) out.push(candidate);
        break;
      }
    }
  }
  return out;
}

/** E-mail addresses, lowercased; OCR's spaces around "@" and "." closed. */
export function readEmails(text: string): string[] {
  const out: string[] = [];
  const joined = normalizeText(text)
    .replace(/\s*@\s*/g, '@')
    .replace(/(@[\w-]+)\s*\.\s*(?=[a-z]{2,})/gi, '$1.');
  for (const m of joined.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/g)) {
    const email = m[0].toLowerCase().replace(/^[._-]+/, '');
    if (!out.includes(email)) out.push(email);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Document number

const DOCUMENT_NUMBER_RULES: { re: RegExp; confidence: number }[] = [
  {
    re: /\b(?:documento|doc\.?|scontrino|ricevuta|fattura|invoice|receipt|bill|nota\s+di\s+credito|credit\s+note|ddt|preventivo|quote|order|ordine)\s*(?:commerciale\s*)?(?:numero|number|num\.?|nr\.?|no\.?|n°|nº|n\.?|#)\s*[:.]?\s*/i,
    confidence: 0.9,
  },
  {
    re: /\b(?:numero|number)\s+(?:documento|fattura|scontrino|ricevuta|invoice|receipt|document)\s*[:.]?\s*/i,
    confidence: 0.9,
  },
  {
    re: /\b(?:n\.?|nr\.?|no\.?|n°|#)\s*(?:documento|doc\.?|fattura|scontrino)\s*[:.]?\s*/i,
    confidence: 0.85,
  },
  { re: /\b(?:invoice|receipt|fattura)\s*#\s*/i, confidence: 0.85 },
];

/** A document number token after its keyword: "0123-0045", "12/2025", "INV-0042", "FT 2025/12". */
const NUMBER_TOKEN = /^([A-Z]{0,4}[\s-]?[0-9OoIl|][0-9A-Z/._-]*[0-9A-Z])|^([0-9])/;

function cleanNumberToken(raw: string): string {
  // Wholly digits and look-alikes ("O123-OO45"): all of it is the number.
  const asDigits = digitsFromLookalikes(raw);
  if (/^[\d/._-]+$/.test(asDigits) && (raw.match(/\d/g) ?? []).length >= 2) return asDigits;
  // Letters are kept in the prefix ("FT", "INV-"); after the first digit, look-alikes become digits.
  const m = /^([A-Z]*[\s-]?)(.*)$/.exec(raw) as RegExpExecArray;
  const prefix = (m[1] as string).replace(/\s+/g, ' ');
  const body = (m[2] as string).replace(/[OoDQ]/g, '0').replace(/[Il|]/g, '1');
  return (prefix + body).trim();
}

export function readDocumentNumber(text: string): Read<string> | null {
  const all = lines(text);
  for (const rule of DOCUMENT_NUMBER_RULES) {
    for (const line of all) {
      const m = rule.re.exec(line);
      if (!m) continue;
      const rest = line.slice(m.index + m[0].length).replace(/^[:.\s]+/, '');
      const token = NUMBER_TOKEN.exec(rest.replace(/\s+(del|dated|of|date|data)\b.*$/i, ''));
      if (!token) continue;
      const value = cleanNumberToken(token[0]).replace(/[./-]+$/, '');
      if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(value)) continue; // a date, not a number
      if (/\d/.test(value)) return { value, confidence: rule.confidence };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Payment method

const PAYMENT_WORDS: { re: RegExp; method: PaymentMethod }[] = [
  { re: /\b(contanti|contante|cash|in\s+denaro)\b/, method: 'cash' },
  {
    re: /\b(carta|carte|card|bancomat|pos|credit|debit|debito|credito|visa|mastercard|maestro|amex|american\s+express|contactless|elettronico|elettronica|electronic|satispay|apple\s+pay|google\s+pay)\b/,
    method: 'card',
  },
  { re: /\b(bonifico|bank\s+transfer|wire\s+transfer|sepa|riba|ri\.ba\.?)\b/, method: 'bank_transfer' },
  { re: /\b(assegno|cheque|check|buoni\s+pasto|ticket\s+restaurant|voucher)\b/, method: 'other' },
];

/**
 * How it was paid. A receipt prints a line per means ("Pagamento contante 0,00", "Pagamento elettronico
 * 15,79"): a means with a non-zero amount wins; "Resto"/"Change" above zero means cash. "Pagamento
 * elettronico" (electronic payment at the till) is a card payment. Otherwise the first means named.
 */
export function readPaymentMethod(text: string): Read<PaymentMethod> | null {
  const all = lines(text).map(repairNumbers);
  const named: { method: PaymentMethod; cents: number | null; payLine: boolean }[] = [];
  for (const line of all) {
    const f = foldForMatch(line);
    if (/\b(iva|vat|tax)\b/.test(f) && !/pagamento|payment|paid|pagato/.test(f)) continue;
    for (const { re, method } of PAYMENT_WORDS) {
      if (!re.test(f)) continue;
      const amounts = amountsIn(line);
      named.push({
        method,
        cents: amounts.length ? (amounts[amounts.length - 1] as { cents: number }).cents : null,
        payLine: /pagamento|pagato|payment|paid|pagam|metodo|method|tender/.test(f),
      });
      break;
    }
  }
  const paid = named.find((n) => n.cents !== null && n.cents > 0);
  if (paid) return { value: paid.method, confidence: 0.95 };
  const change = all.find((l) => /\b(resto|change)\b/.test(foldForMatch(l)));
  const changeAmount = change ? amountsIn(change)[0]?.cents : undefined;
  if (changeAmount !== undefined && changeAmount > 0) return { value: 'cash', confidence: 0.8 };
  const withoutZero = named.filter((n) => n.cents !== 0);
  const first = withoutZero.find((n) => n.payLine) ?? withoutZero[0];
  if (!first) return null;
  return { value: first.method, confidence: first.payLine ? 0.85 : 0.6 };
}

// ---------------------------------------------------------------------------------------------------------
// Issuer and company names

const LEGAL_FORM =
  /\b(s\.?\s?r\.?\s?l\.?s?|s\.?\s?p\.?\s?a\.?|s\.?\s?n\.?\s?c\.?|s\.?\s?a\.?\s?s\.?|s\.?\s?c\.?\s?a\.?\s?r\.?\s?l\.?|soc\.?\s+coop|societa|ltd\.?|limited|inc\.?|llc|gmbh|plc|co\.|& c\.?|di\s+[A-Z][a-z]+\s+[A-Z][a-z]+)(?=\W|$)/i;
const NOT_A_NAME =
  /^(documento|document|scontrino|ricevuta|receipt|fattura|invoice|tax\s+invoice|copia|copy|di vendita|welcome|benvenuti|grazie|thank|tel|fax|www\.|http|p\.?\s?iva|partita|c\.?\s?f\.?|cod|vat|via|viale|v\.le|piazza|p\.zza|corso|c\.so|largo|vicolo|strada|loc\.|localita|road|street|st\.|avenue|lane|\d)/;

/** Company names with a legal form anywhere in the text ("Rossi Alimentari S.r.l."), for contact matching. */
export function readCompanyNames(text: string): string[] {
  const out: string[] = [];
  for (const line of lines(text)) {
    const m = LEGAL_FORM.exec(line);
    if (!m || m.index === 0) continue;
    const name = line
      .slice(0, m.index + m[0].length)
      .replace(/^.*?(?:spett\.?\s*le|spettabile|bill\s+to|cliente|customer|to)\s*[:,]?\s*/i, '')
      .trim();
    if (name.length >= 3 && /[A-Za-z]{2}/.test(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The issuer: among the first lines (above the first amount, P.IVA or document heading), a line with a legal
 * form; else the first line that reads as a name (mostly letters, not an address, phone or heading).
 */
export function readIssuerName(text: string): Read<string> | null {
  const all = lines(text)
    .filter((l) => l.length)
    .slice(0, 8);
  const candidates: string[] = [];
  for (const line of all) {
    const f = foldForMatch(line);
    if (amountsIn(repairNumbers(line)).length || /p\.?\s?iva|partita iva|vat no/.test(f)) break;
    if (NOT_A_NAME.test(f)) continue;
    const letters = (line.match(/[A-Za-zÀ-ÿ]/g) ?? []).length;
    if (letters < 3 || letters / line.replace(/\s/g, '').length < 0.6) continue;
    candidates.push(line);
  }
  const withForm = candidates.find((c) => LEGAL_FORM.test(c));
  if (withForm) return { value: withForm, confidence: 0.9 };
  const first = candidates[0];
  return first ? { value: first, confidence: 0.6 } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Document type

const TYPE_RULES: { re: RegExp; type: GuessedDocumentType }[] = [
  { re: /documento commerciale|scontrino|ricevuta fiscale|receipt|rt\s+\d|cassa\s+\d/, type: 'receipt' },
  { re: /documento di trasporto|\bd\.?d\.?t\.?\b|delivery note|packing slip/, type: 'delivery_note' },
  { re: /estratto conto|bank statement|saldo iniziale|opening balance/, type: 'bank_statement' },
  { re: /\bpreventivo\b|\bquotation\b|\bquote\b|\bestimate\b|offerta economica/, type: 'quote' },
  { re: /\bfattura\b|\binvoice\b|nota di credito|credit note/, type: 'received_invoice' },
  { re: /\bcontratto\b|\bcontract\b|\bagreement\b|le parti convengono/, type: 'contract' },
  {
    re: /carta d'identita|carta di identita|passaporto|passport|patente di guida|identity card|driving licen/,
    type: 'identity_document',
  },
];

export function guessDocumentType(text: string): GuessedDocumentType | null {
  const f = foldForMatch(normalizeText(text));
  for (const { re, type } of TYPE_RULES) if (re.test(f)) return type;
  return null;
}

/** Everything this module reads, in one pass over the text. */
export function readFields(text: string): DocumentFields {
  const issuerVatNumber = readIssuerVatNumber(text);
  const vatNumbers = readVatNumbers(text);
  return {
    documentType: guessDocumentType(text),
    documentDate: readDate(text),
    time: readTime(text),
    totalCents: readTotal(text),
    vat: readVat(text),
    issuerName: readIssuerName(text),
    issuerVatNumber,
    vatNumbers: issuerVatNumber
      ? [issuerVatNumber.value, ...vatNumbers.filter((v) => v !== issuerVatNumber.value)]
      : vatNumbers,
    taxCodes: readTaxCodes(text),
    ibans: readIbans(text),
    emails: readEmails(text),
    companyNames: readCompanyNames(text),
    documentNumber: readDocumentNumber(text),
    paymentMethod: readPaymentMethod(text),
  };
}
