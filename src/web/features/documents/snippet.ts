/** A piece of a search snippet: plain text, or a matching word the server marked. */
export type SnippetSegment = { text: string; mark: boolean };

const START = '\u0002';
const END = '\u0003';

/**
 * Splits a search snippet marked with \u0002 … \u0003 (documents contract) into segments the page renders as text
 * and <mark>, never as HTML. An unclosed mark runs to the end; stray end markers are dropped; empty pieces are
 * left out and neighbours of the same kind are joined.
 */
export function snippetSegments(snippet: string | null | undefined): SnippetSegment[] {
  if (!snippet) return [];
  const segments: SnippetSegment[] = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last && last.mark === mark) last.text += text;
    else segments.push({ text, mark });
  };
  let mark = false;
  let current = '';
  for (const char of snippet) {
    if (char === START || char === END) {
      const next = char === START;
      if (next !== mark) {
        push(current, mark);
        current = '';
        mark = next;
      }
      continue;
    }
    current += char;
  }
  push(current, mark);
  return segments;
}

/**
 * The segments as one line around the first match: runs of white space (the text's line breaks) become one space,
 * and the text before the first match keeps only its last `lead` characters, cut at a word and led by "…", so the
 * match shows within the two lines a list row has.
 */
export function focusSnippet(segments: SnippetSegment[], lead = 60): SnippetSegment[] {
  const flat = segments
    .map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ') }))
    .filter((s) => s.text !== '');
  const first = flat[0];
  if (!first || first.mark || !flat.some((s) => s.mark) || first.text.length <= lead) return flat;
  const tail = first.text.slice(-lead);
  const space = tail.indexOf(' ');
  const cut = space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail;
  return [{ text: `…${cut}`, mark: false }, ...flat.slice(1)];
}
