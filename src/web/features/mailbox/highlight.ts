/**
 * Search highlights: the server marks the matched words of a subject or snippet between \u0002 and \u0003
 * (never HTML). They are split into parts here and shown as <mark> elements by React, so a message's text can
 * never become markup. Unbalanced markers are dropped.
 */
export type HighlightPart = { text: string; match: boolean };

const START = '\u0002';
const END = '\u0003';

export function highlightParts(value: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let match = false;
  let current = '';
  const push = () => {
    if (current) {
      const last = parts[parts.length - 1];
      if (last && last.match === match) last.text += current;
      else parts.push({ text: current, match });
    }
    current = '';
  };
  for (const ch of value) {
    if (ch === START) {
      push();
      match = true;
    } else if (ch === END) {
      push();
      match = false;
    } else current += ch;
  }
  // An opening marker never closed: its text is shown plainly.
  match = false;
  push();
  return parts;
}

/** The text without markers (for labels and titles). */
export function plainText(value: string): string {
  return value.replaceAll(START, '').replaceAll(END, '');
}
