import type { DocumentType, TDocumentListItem } from '@shared/documents/contracts.ts';

/**
 * The documents of a record page. A client's documents are two lists of the API (linked to the client; filed
 * with the client as correspondent) merged here: each document once, newest upload first, as the API sorts.
 */
export function mergeDocumentLists(...lists: TDocumentListItem[][]): TDocumentListItem[] {
  const byId = new Map<string, TDocumentListItem>();
  for (const list of lists) for (const doc of list) if (!byId.has(doc.id)) byId.set(doc.id, doc);
  return [...byId.values()].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

/** A document in the client's timeline: its upload instant and title. */
export interface DocumentTimelineEntry {
  kind: 'document';
  id: string;
  /** When it was uploaded, ISO 8601. */
  date: string;
  title: string;
  documentType: DocumentType;
}

/** The instant an entry stands for: a bare day (YYYY-MM-DD) counts as its end, as the server's timeline sorts. */
function instant(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T23:59:59.999Z` : new Date(date).toISOString();
}

/**
 * The server's timeline entries with the client's documents among them, newest first. When the server cut its
 * list (`hasMore`), documents older than its oldest entry are left out: the timeline would otherwise show them
 * next to entries that are not the ones of their time.
 */
export function withDocuments<E extends { id: string; date: string; kind: string }>(
  entries: E[],
  documents: TDocumentListItem[],
  hasMore: boolean,
): (E | DocumentTimelineEntry)[] {
  const oldest = entries.reduce<string | null>((min, e) => {
    const at = instant(e.date);
    return min === null || at < min ? at : min;
  }, null);
  const docs: DocumentTimelineEntry[] = documents
    .filter((d) => !d.deletedAt)
    .filter((d) => !hasMore || oldest === null || instant(d.createdAt) >= oldest)
    .map((d) => ({
      kind: 'document',
      id: d.id,
      date: d.createdAt,
      title: d.title,
      documentType: d.documentType,
    }));
  const all: (E | DocumentTimelineEntry)[] = [...entries, ...docs];
  // A stable sort keeps the server's order among entries of the same instant.
  return all
    .map((entry, index) => ({ entry, index, at: instant(entry.date) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : a.at < b.at ? 1 : -1))
    .map((x) => x.entry);
}
