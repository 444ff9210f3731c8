/** A piece of message text: plain, or a web link to show as one. */
export type TextPart = { text: string } | { text: string; href: string };

/** http(s) addresses only: no javascript:, data: or mailto: link is ever made from a message's text. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.example/a."). */
const TRAILING = /[.,;:!?)\]}»”’]+$/;

/** Splits plain text into text and links, keeping every character in order. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * The HTML of a message for a sandboxed preview frame (no scripts, no same-origin access): links open in a
 * new tab, outside the frame.
 */
export function previewDocument(html: string): string {
  return `<base target="_blank">${html}`;
}
