import { highlightParts } from './highlight.ts';

/** A subject or snippet with the search's matched words as <mark> (text only: never HTML). */
export function Highlighted({ value }: { value: string }) {
  return (
    <>
      {highlightParts(value).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-warning-soft-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
