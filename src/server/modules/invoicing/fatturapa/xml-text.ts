import { COMBINING_MARKS, toLatin } from '@shared/invoicing/latin-text.ts';

export { toLatin, unsupportedCharacters, type LatinText } from '@shared/invoicing/latin-text.ts';

/**
 * Text for the FatturaPA schema's string types. The Latin-1 rules of the String…LatinType fields (what is
 * replaced, what is refused) live in @shared/invoicing/latin-text.ts, shared with the web forms. The String…Type
 * fields (UnitaMisura, Numero…) accept Basic Latin only: ascii() below.
 */

/** Latin-1 letters and signs NFKD does not take to Basic Latin. */
const ASCII_REPLACEMENTS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  '×': 'x',
  '«': '"',
  '»': '"',
};

/** Latin-1 text; throws on characters without an equivalent (missingFatturaPaData reports them first). */
export function latin(value: string, max = Number.POSITIVE_INFINITY): string {
  const { text, unsupported } = toLatin(value);
  if (unsupported.length > 0) {
    throw new RangeError(`Characters not allowed in FatturaPA: ${unsupported.join(' ')}`);
  }
  return truncate(text, max);
}

/** Basic Latin text for the String…Type fields: accents dropped ("è" → "e", "²" → "2"), the rest omitted. */
export function ascii(value: string, max: number): string {
  const { text } = toLatin(value);
  const plain = text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(/[^\u0020-\u007e]/g, (ch) => ASCII_REPLACEMENTS[ch] ?? '');
  return truncate(plain.replace(/ {2,}/g, ' ').trim(), max);
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

/** Pieces of at most `max` characters, cut at spaces where possible (Causale is repeated per 200 characters). */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const cut = space > 0 ? space : max;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Escapes element text (the builder writes no attribute values of the user's). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : '&gt;'));
}
