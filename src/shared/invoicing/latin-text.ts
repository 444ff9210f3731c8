/**
 * The characters FatturaPA accepts (issue 12, point 14), shared so the web form catches what the e-invoice would
 * refuse, naming the field, with the very function the XML builder uses. The String…LatinType fields (names,
 * addresses, descriptions, Causale) accept Basic Latin and Latin-1 Supplement only (U+0020–U+00FF): "è", "à",
 * "ß" pass, "€" (U+20AC), curly quotes and dashes do not, and are written with Latin equivalents ("€" → "EUR",
 * "’" → "'", "ł" → "l", "ő" → "o"); what has no equivalent (emoji, Greek, Cyrillic, CJK) is reported, not
 * guessed. Every value is also whitespace-normalised (xs:normalizedString: no line breaks or tabs) and trimmed.
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

export const COMBINING_MARKS = /[\u0300-\u036f]/g;
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
