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
