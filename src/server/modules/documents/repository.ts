import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { TDocumentListItem, TDocumentQuery, TDocumentTag } from '@shared/documents/contracts.ts';
import { independentReads, type DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { documentLinks, documents, documentTagLinks, documentTags } from '../../db/schema/documents.ts';
import { suppliers } from '../../db/schema/purchases.ts';
import { SNIPPET_HEADLINE_OPTIONS, searchWordsOf, tsQueryOf } from '../../platform/full-text-repository.ts';

export type DocumentRow = typeof documents.$inferSelect;

const d = documents;
const clientName = sql<string | null>`coalesce(${clients.companyName}, ${clients.fullName})`;

const listColumns = {
  id: d.id,
  title: d.title,
  documentType: d.documentType,
  documentDate: d.documentDate,
  fileName: d.fileName,
  mimeType: d.mimeType,
  sizeBytes: d.sizeBytes,
  pageCount: d.pageCount,
  clientId: d.clientId,
  clientName,
  supplierId: d.supplierId,
  supplierName: suppliers.name,
  readingStatus: d.readingStatus,
  readingProgress: d.readingProgress,
  createdAt: d.createdAt,
  deletedAt: d.deletedAt,
};

type ListRow = {
  id: string;
  title: string;
  documentType: string;
  documentDate: string | null;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  pageCount: number | null;
  clientId: string | null;
  clientName: string | null;
  supplierId: string | null;
  supplierName: string | null;
  readingStatus: string;
  readingProgress: number;
  createdAt: Date;
  deletedAt: Date | null;
  snippet?: string | null;
};

/** The tags of some documents, in one query. */
async function tagsOf(db: DbOrTx, ids: string[]): Promise<Map<string, TDocumentTag[]>> {
  const byDocument = new Map<string, TDocumentTag[]>();
  if (ids.length === 0) return byDocument;
  const rows = await db
    .select({
      documentId: documentTagLinks.documentId,
      id: documentTags.id,
      name: documentTags.name,
      color: documentTags.color,
    })
    .from(documentTagLinks)
    .innerJoin(documentTags, eq(documentTags.id, documentTagLinks.tagId))
    .where(inArray(documentTagLinks.documentId, ids))
    .orderBy(asc(documentTags.name));
  for (const row of rows) {
    const list = byDocument.get(row.documentId) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color as TDocumentTag['color'] });
    byDocument.set(row.documentId, list);
  }
  return byDocument;
}

function toListItem(row: ListRow, tags: TDocumentTag[]): TDocumentListItem {
  const correspondent = row.clientId
    ? { kind: 'client' as const, id: row.clientId, name: row.clientName ?? '' }
    : row.supplierId
      ? { kind: 'supplier' as const, id: row.supplierId, name: row.supplierName ?? '' }
      : null;
  return {
    id: row.id,
    title: row.title,
    documentType: row.documentType as TDocumentListItem['documentType'],
    documentDate: row.documentDate,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    pageCount: row.pageCount,
    correspondent,
    tags,
    readingStatus: row.readingStatus as TDocumentListItem['readingStatus'],
    readingProgress: row.readingProgress,
    snippet: row.snippet ?? null,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/**
 * The search's words (prefix on the last), or the text as PostgreSQL's parser reads it: "FT-88" is indexed as
 * 'ft' and '-88', which the words "ft" and "88" do not find, but the parsed text does.
 */
function searchQuery(words: string[], raw: string | undefined): SQL {
  return sql`((${tsQueryOf(words)}) || websearch_to_tsquery('simple', ${(raw ?? '').slice(0, 200)}))`;
}

function filtersOf(orgId: string, q: TDocumentQuery, words: string[]): SQL {
  const parts: (SQL | undefined)[] = [
    eq(d.organizationId, orgId),
    q.trash === 'true' ? isNotNull(d.deletedAt) : isNull(d.deletedAt),
  ];
  if (words.length > 0) parts.push(sql`${d.searchVector} @@ ${searchQuery(words, q.q)}`);
  if (q.type) parts.push(eq(d.documentType, q.type));
  if (q.clientId) parts.push(eq(d.clientId, q.clientId));
  if (q.supplierId) parts.push(eq(d.supplierId, q.supplierId));
  if (q.from) parts.push(gte(d.documentDate, q.from));
  if (q.to) parts.push(lte(d.documentDate, q.to));
  if (q.tagId) {
    parts.push(
      sql`exists (select 1 from ${documentTagLinks} where ${documentTagLinks.documentId} = ${d.id} and ${documentTagLinks.tagId} = ${q.tagId})`,
    );
  }
  if (q.linkedType) {
    const sameRecord = q.linkedId ? sql` and ${documentLinks.recordId} = ${q.linkedId}` : sql``;
    parts.push(
      sql`exists (select 1 from ${documentLinks} where ${documentLinks.documentId} = ${d.id} and ${documentLinks.recordType} = ${q.linkedType}${sameRecord})`,
    );
  }
  return and(...parts)!;
}

/**
 * "More like this": the words the document uses most (lexemes of its search vector with the most positions, longer
 * than 3 letters, not numbers), any of them, ranked by how much they match. Null when it has no words to go by.
 */
async function likeQuery(db: DbOrTx, orgId: string, id: string): Promise<SQL | null> {
  const rows = await db
    .select({ word: sql<string>`w.lexeme` })
    .from(sql`${d}, unnest(${d.searchVector}) as w(lexeme, positions, weights)`)
    .where(
      and(
        eq(d.organizationId, orgId),
        eq(d.id, id),
        sql`length(w.lexeme) > 3`,
        sql`w.lexeme !~ '^[0-9.,/-]+$'`,
      ),
    )
    .groupBy(sql`w.lexeme`)
    .orderBy(sql`max(coalesce(array_length(w.positions, 1), 1)) desc`, sql`w.lexeme`)
    .limit(12);
  if (rows.length === 0) return null;
  return sql.join(
    rows.map((r) => sql`to_tsquery('simple', ${`'${r.word.replace(/'/g, "''")}'`})`),
    sql` || `,
  );
}

/**
 * Ranking reads each match's whole search vector, kept out of line (TOAST, a few KB a document): for a common word,
 * thousands of them. So only the newest RANK_CAP matches are ranked (a search with fewer is ordered wholly by rank),
 * and older matches follow them, newest first. The index's bitmap itself reads no vector, nor does the count.
 */
export const SEARCH_RANK_CAP = 1000;
/** The most of a document's text a snippet is looked for in, and the part of it read first (see snippetOf). */
const SNIPPET_MAX_CHARS = 20000;
const SNIPPET_WINDOW_CHARS = 600;

/**
 * The snippet: ts_headline marks the search's words in a fragment of the text. It parses and stems all the text it
 * is given, about half a microsecond a character (5 to 10 ms for a contract's 20,000), and a page of long documents
 * took over 100 ms. So it is first given 600 characters from a little before the first place where a word of the
 * search, or its Italian or English stem, appears as plain text, in any case (one regexp_instr: about 0.1 ms),
 * marking there any of the words (a fragment with all of them may lie elsewhere); only when nothing
 * was marked there (the plain text was inside another word) does it read the 20,000 for the whole
 * search. A subquery, so that the text is read (detoasted) and the first headline computed once.
 */
function snippetOf(words: string[]): SQL<string | null> {
  const query = tsQueryOf(words);
  const anyWord = sql.join(
    words.map((word, i) => {
      const term = i === words.length - 1 ? `${word}:*` : word;
      return sql`to_tsquery('simple', ${term}) || to_tsquery('italian', ${term}) || to_tsquery('english', ${term})`;
    }),
    sql` || `,
  );
  // The words and their stems as one case-insensitive pattern (the words are letters and digits only).
  const pattern = sql`array_to_string(array[${sql.join(
    words.flatMap((w) => [
      sql`${w}::text`,
      sql`(ts_lexize('italian_stem', ${w}))[1]`,
      sql`(ts_lexize('english_stem', ${w}))[1]`,
    ]),
    sql`, `,
  )}], '|')`;
  const headline = (of: SQL, q: SQL) =>
    sql`ts_headline('italian', ${of}, (${q}), ${SNIPPET_HEADLINE_OPTIONS})`;
  const window = sql`substr(l.body, greatest(1, coalesce(nullif(regexp_instr(l.body, ${pattern}, 1, 1, 0, 'i'), 0), 1) - 100), ${sql.raw(String(SNIPPET_WINDOW_CHARS))})`;
  return sql<string | null>`case when ${d.content} is null or ${d.content} = '' then null else (
    select case when strpos(h.marked, chr(2)) > 0 then h.marked else ${headline(sql`l.body`, query)} end
    from (select left(${d.content}, ${sql.raw(String(SNIPPET_MAX_CHARS))}) as body) l
    cross join lateral (select ${headline(window, anyWord)} as marked) h) end`;
}

/**
 * A search's query on the GIN index's bitmap (settings local to this transaction). PostgreSQL does not count reading
 * each row's search vector out of line (TOAST) in a scan's filter: for a word in a third of the documents it chose a
 * sequential scan, or a walk of the date index, that reads every vector, several times slower than the bitmap, which
 * reads none (docs/BENCHMARKS.md, "Documents: search and upload"). Nor parallel workers: starting them took longer (about 10
 * ms) than sorting a few thousand matches. Inside a caller's transaction the settings would outlive the query, so
 * there the planner is left alone.
 */
async function withGinIndex<T>(db: DbOrTx, run: (db: DbOrTx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return run(tx);
  });
}

export async function listDocuments(
  db: DbOrTx,
  orgId: string,
  q: TDocumentQuery,
): Promise<{ items: TDocumentListItem[]; total: number }> {
  const words = searchWordsOf(q.q);
  let where = filtersOf(orgId, q, words);
  let rank: SQL | null =
    words.length > 0 ? sql`ts_rank(${d.searchVector}, ${searchQuery(words, q.q)})` : null;
  if (q.likeId) {
    const like = await likeQuery(db, orgId, q.likeId);
    if (!like) return { items: [], total: 0 };
    where = and(where, sql`${d.searchVector} @@ (${like})`, sql`${d.id} <> ${q.likeId}`)!;
    rank = sql`ts_rank(${d.searchVector}, ${like})`;
  }
  // Evaluated lazily: the rank for the newest SEARCH_RANK_CAP matches only, null (last) for the others.
  const ranked = rank
    ? sql`case when row_number() over (order by ${d.createdAt} desc, ${d.id} desc) <= ${sql.raw(String(SEARCH_RANK_CAP))} then ${rank} end desc nulls last`
    : null;
  // A costly column, computed by PostgreSQL after the sort and the limit, for the page's rows only.
  const snippet = words.length > 0 ? snippetOf(words) : sql<null>`null`;
  const offset = (q.page - 1) * q.pageSize;
  const page = (tx: DbOrTx) =>
    tx
      .select({ ...listColumns, snippet })
      .from(d)
      .leftJoin(clients, eq(clients.id, d.clientId))
      .leftJoin(suppliers, eq(suppliers.id, d.supplierId))
      .where(where)
      .orderBy(...(ranked ? [ranked] : []), desc(d.createdAt), desc(d.id))
      .limit(q.pageSize)
      .offset(offset);
  const total = async (tx: DbOrTx) =>
    (await tx.select({ total: count() }).from(d).where(where))[0]?.total ?? 0;
  const searching = rank !== null;
  const [rows, counted] = await independentReads(db, [
    () => (searching ? withGinIndex(db, page) : page(db)),
    () => (searching ? withGinIndex(db, total) : total(db)),
  ]);
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toListItem(row as ListRow, tags.get(row.id) ?? [])),
    total: counted,
  };
}

export async function findDocumentRow(db: DbOrTx, orgId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.organizationId, orgId), eq(d.id, id)));
  return row ?? null;
}

export async function findListItem(db: DbOrTx, orgId: string, id: string): Promise<TDocumentListItem | null> {
  const [row] = await db
    .select(listColumns)
    .from(d)
    .leftJoin(clients, eq(clients.id, d.clientId))
    .leftJoin(suppliers, eq(suppliers.id, d.supplierId))
    .where(and(eq(d.organizationId, orgId), eq(d.id, id)));
  if (!row) return null;
  const tags = await tagsOf(db, [id]);
  return toListItem(row as ListRow, tags.get(id) ?? []);
}

/** A live (not trashed) document of the organization with this content, if any. */
export async function findBySha(db: DbOrTx, orgId: string, sha256: string): Promise<string | null> {
  const [row] = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.organizationId, orgId), eq(d.sha256, sha256), isNull(d.deletedAt)))
    .orderBy(asc(d.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export async function linksOf(db: DbOrTx, orgId: string, id: string) {
  return db
    .select({ id: documentLinks.id, recordType: documentLinks.recordType, recordId: documentLinks.recordId })
    .from(documentLinks)
    .where(and(eq(documentLinks.organizationId, orgId), eq(documentLinks.documentId, id)))
    .orderBy(asc(documentLinks.createdAt));
}

/**
 * Keeps `search_extra` (tag names and the correspondent's name) in step with the filing, so the search finds a
 * document by its tags and correspondent.
 */
export async function refreshSearchExtra(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update documents doc set search_extra = coalesce((
      select string_agg(t.name, ' ') from document_tag_links l join document_tags t on t.id = l.tag_id
      where l.document_id = doc.id), '')
      || ' ' || coalesce((select coalesce(c.company_name, c.full_name) from clients c where c.id = doc.client_id), '')
      || ' ' || coalesce((select s.name from suppliers s where s.id = doc.supplier_id), '')
    where doc.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

export async function setTags(db: DbOrTx, documentId: string, tagIds: string[]): Promise<void> {
  await db.delete(documentTagLinks).where(eq(documentTagLinks.documentId, documentId));
  if (tagIds.length > 0) {
    await db
      .insert(documentTagLinks)
      .values(tagIds.map((tagId) => ({ documentId, tagId })))
      .onConflictDoNothing();
  }
}

/** The tags of the organization among these ids (a foreign id is dropped by the caller's check). */
export async function ownTagIds(db: DbOrTx, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: documentTags.id })
    .from(documentTags)
    .where(and(eq(documentTags.organizationId, orgId), inArray(documentTags.id, ids)));
  return rows.map((r) => r.id);
}

/** Documents of the organization among these ids. */
export async function ownDocumentIds(db: DbOrTx, orgId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- writes

export async function insertDocument(db: DbOrTx, values: typeof documents.$inferInsert): Promise<void> {
  await db.insert(documents).values(values);
}

export type FilingChange = Partial<
  Pick<typeof documents.$inferInsert, 'title' | 'documentType' | 'documentDate' | 'clientId' | 'supplierId'>
>;

/** The user's filing of one document, with its tags when given, and the search words that follow from it. */
export async function updateFiling(
  db: DbOrTx,
  orgId: string,
  id: string,
  change: FilingChange,
  tagIds: string[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(d)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(d.organizationId, orgId), eq(d.id, id)));
    if (tagIds) await setTags(tx, id, tagIds);
    await refreshSearchExtra(tx, [id]);
  });
}

/** Moves live documents to the trash; answers those moved with their reading state. */
export function trashRows(db: DbOrTx, orgId: string, ids: string[]) {
  return db
    .update(d)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids), isNull(d.deletedAt)))
    .returning({ id: d.id, status: d.readingStatus });
}

/** Brings documents back from the trash; one whose reading was interrupted by the deletion is read again. */
export async function restoreRows(
  db: DbOrTx,
  orgId: string,
  ids: string[],
): Promise<{ restored: number; requeued: number }> {
  const done = await db
    .update(d)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids), isNotNull(d.deletedAt)))
    .returning({ id: d.id, status: d.readingStatus });
  const interrupted = done.filter((row) => row.status === 'running').map((row) => row.id);
  if (interrupted.length > 0) {
    await db
      .update(d)
      .set({ readingStatus: 'pending', readingLeaseUntil: null, readingAttempts: 0 })
      .where(inArray(d.id, interrupted));
  }
  return { restored: done.length, requeued: interrupted.length };
}

export async function deleteRows(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(d).where(inArray(d.id, ids));
}

/** Documents in the trash since before `limit` (all organizations), a batch at a time. */
export function expiredTrash(db: DbOrTx, limit: Date, batch: number) {
  return db
    .select({ id: d.id, fileKey: d.fileKey })
    .from(d)
    .where(and(isNotNull(d.deletedAt), lt(d.deletedAt, limit)))
    .limit(batch);
}

/** Stops a pending or running reading; answers whether there was one. */
export async function cancelReadingRow(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const done = await db
    .update(d)
    .set({ readingStatus: 'cancelled', readingLeaseUntil: null, readingProgress: 0 })
    .where(and(eq(d.organizationId, orgId), eq(d.id, id), inArray(d.readingStatus, ['pending', 'running'])))
    .returning({ id: d.id });
  return done.length > 0;
}

/** Queues an ended reading again, from its first attempt. */
export async function retryReadingRow(db: DbOrTx, orgId: string, id: string): Promise<void> {
  await db
    .update(d)
    .set({
      readingStatus: 'pending',
      readingError: null,
      readingProgress: 0,
      readingAttempts: 0,
      readingLeaseUntil: null,
    })
    .where(
      and(
        eq(d.organizationId, orgId),
        eq(d.id, id),
        inArray(d.readingStatus, ['failed', 'cancelled', 'done']),
      ),
    );
}

export async function insertLinks(
  db: DbOrTx,
  orgId: string,
  userId: string,
  documentIds: string[],
  link: { recordType: string; recordId: string },
): Promise<number> {
  if (documentIds.length === 0) return 0;
  const added = await db
    .insert(documentLinks)
    .values(
      documentIds.map((documentId) => ({ organizationId: orgId, documentId, ...link, createdBy: userId })),
    )
    .onConflictDoNothing()
    .returning({ id: documentLinks.id });
  return added.length;
}

export async function deleteLink(
  db: DbOrTx,
  orgId: string,
  documentId: string,
  linkId: string,
): Promise<boolean> {
  const removed = await db
    .delete(documentLinks)
    .where(
      and(
        eq(documentLinks.organizationId, orgId),
        eq(documentLinks.documentId, documentId),
        eq(documentLinks.id, linkId),
      ),
    )
    .returning({ id: documentLinks.id });
  return removed.length > 0;
}

export async function setTypeRows(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  documentType: string,
): Promise<number> {
  const done = await db
    .update(d)
    .set({ documentType, updatedAt: new Date() })
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids)))
    .returning({ id: d.id });
  return done.length;
}

/** Adds a tag to or removes it from documents; answers how many changed. */
export async function changeTagRows(
  db: DbOrTx,
  ids: string[],
  tagId: string,
  change: 'add' | 'remove',
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed =
      change === 'add'
        ? await tx
            .insert(documentTagLinks)
            .values(ids.map((documentId) => ({ documentId, tagId })))
            .onConflictDoNothing()
            .returning({ id: documentTagLinks.documentId })
        : await tx
            .delete(documentTagLinks)
            .where(and(eq(documentTagLinks.tagId, tagId), inArray(documentTagLinks.documentId, ids)))
            .returning({ id: documentTagLinks.documentId });
    await refreshSearchExtra(tx, ids);
    return changed.length;
  });
}

export function filesOf(db: DbOrTx, orgId: string, ids: string[]) {
  return db
    .select({ id: d.id, fileKey: d.fileKey, fileName: d.fileName })
    .from(d)
    .where(and(eq(d.organizationId, orgId), inArray(d.id, ids)))
    .orderBy(asc(d.createdAt));
}

/** Clients (not archived) and suppliers whose name contains the words, 10 of each. */
export async function correspondentsByName(db: DbOrTx, orgId: string, q: string | undefined) {
  const like = `%${(q ?? '').trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [clientRows, supplierRows] = await Promise.all([
    db
      .select({ id: clients.id, name: sql<string>`coalesce(${clientName}, '')` })
      .from(clients)
      .where(
        and(
          eq(clients.organizationId, orgId),
          isNull(clients.archivedAt),
          or(ilike(clients.companyName, like), ilike(clients.fullName, like)),
        ),
      )
      .orderBy(asc(clientName))
      .limit(10),
    db
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(and(eq(suppliers.organizationId, orgId), ilike(suppliers.name, like)))
      .orderBy(asc(suppliers.name))
      .limit(10),
  ]);
  return [
    ...clientRows.map((r) => ({ kind: 'client' as const, ...r })),
    ...supplierRows.map((r) => ({ kind: 'supplier' as const, ...r })),
  ];
}
