import { sql, type SQL } from 'drizzle-orm';

/**
 * Full-text search in Italian and English (mail, documents). A search is at most 8 words of letters and digits, so
 * no user input ever reaches to_tsquery's own syntax; the last word matches as a prefix, for search-as-you-type.
 */
export function searchWordsOf(q: string | undefined): string[] {
  const text = (q ?? '').trim().toLowerCase();
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** The words, each in the simple, Italian and English configuration, all required. */
export function tsQueryOf(words: string[]): SQL {
  const parts = words.map((word, i) => {
    const term = i === words.length - 1 ? `${word}:*` : word;
    return sql`(to_tsquery('simple', ${term}) || to_tsquery('italian', ${term}) || to_tsquery('english', ${term}))`;
  });
  return sql.join(parts, sql` && `);
}

/** ts_headline options marking the words with \u0002 … \u0003 (never HTML), one fragment of about 30 words. */
export const SNIPPET_HEADLINE_OPTIONS =
  'StartSel="\u0002", StopSel="\u0003", MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "';
