/**
 * Text for the FatturaPA schema's string types. The String…LatinType fields (names, addresses, descriptions,
 * Causale) accept Basic Latin and Latin-1 Supplement only (U+0020–U+00FF): "è", "à", "ß" pass, "€" (U+20AC),
 * curly quotes and dashes do not. The String…Type fields (UnitaMisura, Numero…) accept Basic Latin only.
 * We write the common characters outside those ranges with Latin equivalents ("€" → "EUR", "’" → "'",
 * "ł" → "l", "ő" → "o"); what has no equivalent (emoji, Greek, Cyrillic, CJK) is reported, not guessed.
 * Every value is also whitespace-normalised (xs:normalizedString: no line breaks or tabs) and trimmed.
 */

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '-',
  '\u2026': '...',
  '\u2122': 'TM',
  '\u0152': 'OE',
  '\u0153': 'oe',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u0126': 'H',
  '\u0127': 'h',
};

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

const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Line breaks, tabs and the Unicode spaces (NBSP, thin and narrow spaces…), all written as one space. */
const SPACES = /[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g;
/** C0 and C1 control characters and invisible formatting characters (zero-width, BOM, soft hyphen). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200d\u2060\ufeff]/g;

export type LatinText = { text: string; unsupported: string[] };

function euro(text: string): string {
  return text
    .replace(/(\d)\s*€/g, '$1 EUR')
    .replace(/€\s*(\d)/g, 'EUR $1')
    .replace(/€/g, 'EUR');
}

/** The text with characters in U+0020–U+00FF only, and the characters that could not be written so. */
export function toLatin(value: string): LatinText {
  const unsupported: string[] = [];
  let text = '';
  for (const ch of euro(value.replace(SPACES, ' ').replace(INVISIBLE, ''))) {
    if (ch <= '\u00ff') text += ch;
    else if (REPLACEMENTS[ch] !== undefined) text += REPLACEMENTS[ch];
    else {
      const base = ch.normalize('NFKD').replace(COMBINING_MARKS, '');
      if (base !== '' && [...base].every((c) => c >= ' ' && c <= '\u00ff')) text += base;
      else if (!unsupported.includes(ch)) unsupported.push(ch);
    }
  }
  return { text: text.replace(/ {2,}/g, ' ').trim(), unsupported };
}

/** Characters that no Latin-1 equivalent can stand for (empty when the text can go into the XML). */
export function unsupportedCharacters(value: string): string[] {
  return toLatin(value).unsupported;
}

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
