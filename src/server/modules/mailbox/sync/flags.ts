/**
 * IMAP flags ↔ the message row's columns (issue 15): \Seen → is_read, \Flagged → is_starred, $Important or
 * \Important → is_important, \Answered, \Draft; every other keyword is kept so a write-back never drops it.
 */
export type FlagColumns = {
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  isAnswered: boolean;
  isDraft: boolean;
  keywords: string[];
};

const IMPORTANT = new Set(['$important', '\\important']);
/** System flags and session flags that are not keywords to keep. */
const NOT_KEYWORDS = new Set([
  '\\seen',
  '\\flagged',
  '\\answered',
  '\\draft',
  '\\deleted',
  '\\recent',
  '\\*',
]);

export function flagColumns(flags: Iterable<string>): FlagColumns {
  const list = [...flags];
  const lower = new Set(list.map((f) => f.toLowerCase()));
  return {
    isRead: lower.has('\\seen'),
    isStarred: lower.has('\\flagged'),
    isImportant: [...IMPORTANT].some((f) => lower.has(f)),
    isAnswered: lower.has('\\answered'),
    isDraft: lower.has('\\draft'),
    keywords: list
      .filter((f) => !NOT_KEYWORDS.has(f.toLowerCase()) && !IMPORTANT.has(f.toLowerCase()))
      .map((f) => f.split('\u0000').join('').slice(0, 200))
      .slice(0, 100)
      .sort(),
  };
}

/** The IMAP flags of these columns (a message stored here without a server, e.g. the app's own Sent). */
export function imapFlags(columns: Partial<Omit<FlagColumns, 'keywords'>>): string[] {
  return [
    columns.isRead ? '\\Seen' : null,
    columns.isStarred ? '\\Flagged' : null,
    columns.isImportant ? '$Important' : null,
    columns.isAnswered ? '\\Answered' : null,
    columns.isDraft ? '\\Draft' : null,
  ].filter((f): f is string => f !== null);
}

/** Whether two flag sets differ in anything the row stores. */
export function sameFlags(a: FlagColumns, b: FlagColumns): boolean {
  return (
    a.isRead === b.isRead &&
    a.isStarred === b.isStarred &&
    a.isImportant === b.isImportant &&
    a.isAnswered === b.isAnswered &&
    a.isDraft === b.isDraft &&
    a.keywords.length === b.keywords.length &&
    a.keywords.every((k, i) => k === b.keywords[i])
  );
}

/** The owner's labels by their IMAP keyword, lower-cased (keywords compare without case, RFC 3501). */
export type LabelKeywords = Map<string, string>;

/**
 * Labels ↔ keywords read back (issue 15): the keywords that are one of the owner's labels ($label_<slug>, as the
 * write-back sets them) become those labels; the others stay keywords. Both sorted, so they compare as sets.
 */
export function splitLabels(
  keywords: string[],
  labels: LabelKeywords,
): { keywords: string[]; labelIds: string[] } {
  const labelIds = new Set<string>();
  const rest: string[] = [];
  for (const k of keywords) {
    const label = labels.get(k.toLowerCase());
    if (label) labelIds.add(label);
    else rest.push(k);
  }
  return { keywords: rest.sort(), labelIds: [...labelIds].sort() };
}

/**
 * Whether a folder's server takes this keyword (RFC 3501 PERMANENTFLAGS): `\*` (any new keyword) or the keyword
 * itself, compared without case. Not known yet (null, the folder never selected for writing): it is tried, and
 * the replay learns the answer. A keyword it does not take stays local (a label kept here only).
 */
export function keywordStorable(permanentFlags: readonly string[] | null, keyword: string): boolean {
  if (!permanentFlags) return true;
  const wanted = keyword.toLowerCase();
  return permanentFlags.some((f) => f === '\\*' || f.toLowerCase() === wanted);
}
