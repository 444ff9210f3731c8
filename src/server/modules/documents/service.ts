import type { FastifyBaseLogger } from 'fastify';
import type {
  TBulkAction,
  TDocument,
  TDocumentPage,
  TDocumentQuery,
  TDocumentUpdate,
  LinkRecordType,
} from '@shared/documents/contracts.ts';
import { DOCUMENT_TRASH_DAYS } from '@shared/documents/contracts.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import type { TTransactionInput } from '@shared/transactions/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import { createTransaction } from '../transactions/index.ts';
import { recordExists, recordLabels } from './records-repository.ts';
import * as repo from './repository.ts';

export type DocumentDeps = {
  db: Db;
  files: FileStore;
  wakeReader?: () => void;
  readingCancelled?: (id: string) => void;
};
type Scope = { orgId: string; userId: string };

const validation = (path: string, key: string) => new AppError('VALIDATION_ERROR', [{ path, message: key }]);

function assertId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

async function rowOf(deps: DocumentDeps, orgId: string, id: string) {
  assertId(id);
  const row = await repo.findDocumentRow(deps.db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listDocuments(
  deps: DocumentDeps,
  orgId: string,
  query: TDocumentQuery,
): Promise<TDocumentPage> {
  const { items, total } = await repo.listDocuments(deps.db, orgId, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getDocument(deps: DocumentDeps, orgId: string, id: string): Promise<TDocument> {
  const row = await rowOf(deps, orgId, id);
  const item = (await repo.findListItem(deps.db, orgId, id))!;
  const links = await repo.linksOf(deps.db, orgId, id);
  const labels = new Map<string, string | null>();
  for (const type of new Set(links.map((l) => l.recordType as LinkRecordType))) {
    const found = await recordLabels(
      deps.db,
      orgId,
      type,
      links.filter((l) => l.recordType === type).map((l) => l.recordId),
    );
    found.forEach((label, recordId) => labels.set(`${type}:${recordId}`, label));
  }
  return {
    ...item,
    content: row.content,
    textSource: row.textSource as TDocument['textSource'],
    readingError: row.readingError,
    suggestions: row.suggestions ?? null,
    sha256: row.sha256,
    links: links.map((l) => ({
      id: l.id,
      recordType: l.recordType as LinkRecordType,
      recordId: l.recordId,
      label: labels.get(`${l.recordType}:${l.recordId}`) ?? null,
    })),
  };
}

async function checkCorrespondent(
  deps: DocumentDeps,
  orgId: string,
  c: { kind: 'client' | 'supplier'; id: string },
) {
  if (!(await recordExists(deps.db, orgId, c.kind, c.id))) {
    throw validation('correspondent', 'documents.errors.correspondentUnknown');
  }
}

async function checkTags(deps: DocumentDeps, orgId: string, tagIds: string[]) {
  const own = await repo.ownTagIds(deps.db, orgId, tagIds);
  if (own.length !== new Set(tagIds).size) throw validation('tagIds', 'documents.errors.tagUnknown');
}

export async function updateDocument(
  deps: DocumentDeps,
  scope: Scope,
  id: string,
  input: TDocumentUpdate,
): Promise<TDocument> {
  const row = await rowOf(deps, scope.orgId, id);
  if (row.deletedAt) throw new AppError('DOCUMENT_IN_TRASH');
  if (input.correspondent) await checkCorrespondent(deps, scope.orgId, input.correspondent);
  if (input.tagIds) await checkTags(deps, scope.orgId, input.tagIds);
  const change: repo.FilingChange = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.documentType !== undefined ? { documentType: input.documentType } : {}),
    ...(input.documentDate !== undefined ? { documentDate: input.documentDate } : {}),
    ...(input.correspondent !== undefined
      ? {
          clientId: input.correspondent?.kind === 'client' ? input.correspondent.id : null,
          supplierId: input.correspondent?.kind === 'supplier' ? input.correspondent.id : null,
        }
      : {}),
  };
  await repo.updateFiling(deps.db, scope.orgId, id, change, input.tagIds && [...new Set(input.tagIds)]);
  return getDocument(deps, scope.orgId, id);
}

// ---------------------------------------------------------------- trash

export async function trashDocuments(deps: DocumentDeps, orgId: string, ids: string[]): Promise<number> {
  const own = await repo.ownDocumentIds(deps.db, orgId, ids);
  if (own.length === 0) return 0;
  const done = await repo.trashRows(deps.db, orgId, own);
  // A document being read stops being read (its row says deleted; the progress update notices).
  done.filter((d) => d.status === 'running').forEach((d) => deps.readingCancelled?.(d.id));
  return done.length;
}

export async function restoreDocuments(deps: DocumentDeps, orgId: string, ids: string[]): Promise<number> {
  const own = await repo.ownDocumentIds(deps.db, orgId, ids);
  if (own.length === 0) return 0;
  const { restored, requeued } = await repo.restoreRows(deps.db, orgId, own);
  // One that was being read when it was deleted is read again.
  if (requeued > 0) deps.wakeReader?.();
  return restored;
}

/** Removes documents and their stored content for good: the row first, then the file (a failed removal of the
 * file leaves an unreferenced object, never a row without its file). */
async function removeForGood(deps: DocumentDeps, rows: { id: string; fileKey: string }[]) {
  if (rows.length === 0) return;
  await repo.deleteRows(
    deps.db,
    rows.map((r) => r.id),
  );
  for (const row of rows) await deps.files.remove(row.fileKey);
}

export async function deletePermanently(deps: DocumentDeps, orgId: string, id: string): Promise<void> {
  const row = await rowOf(deps, orgId, id);
  if (!row.deletedAt) throw new AppError('DOCUMENT_NOT_IN_TRASH');
  await removeForGood(deps, [row]);
}

/** Documents in the trash for more than DOCUMENT_TRASH_DAYS are deleted for good (all organizations). */
export async function emptyExpiredTrash(deps: DocumentDeps, now = new Date()): Promise<number> {
  const limit = new Date(now.getTime() - DOCUMENT_TRASH_DAYS * 86_400_000);
  const rows = await repo.expiredTrash(deps.db, limit, 500);
  await removeForGood(deps, rows);
  return rows.length;
}

// ---------------------------------------------------------------- reading

export async function cancelReading(deps: DocumentDeps, orgId: string, id: string): Promise<TDocument> {
  await rowOf(deps, orgId, id);
  if (!(await repo.cancelReadingRow(deps.db, orgId, id))) throw new AppError('DOCUMENT_NOT_READING');
  deps.readingCancelled?.(id);
  return getDocument(deps, orgId, id);
}

export async function retryReading(deps: DocumentDeps, orgId: string, id: string): Promise<TDocument> {
  const row = await rowOf(deps, orgId, id);
  if (row.deletedAt) throw new AppError('DOCUMENT_IN_TRASH');
  if (row.readingStatus === 'not_needed') throw new AppError('DOCUMENT_NOT_READING');
  await repo.retryReadingRow(deps.db, orgId, id);
  deps.wakeReader?.();
  return getDocument(deps, orgId, id);
}

// ---------------------------------------------------------------- links

export async function addLink(
  deps: DocumentDeps,
  scope: Scope,
  ids: string[],
  link: { recordType: LinkRecordType; recordId: string },
): Promise<number> {
  if (!(await recordExists(deps.db, scope.orgId, link.recordType, link.recordId)))
    throw new AppError('NOT_FOUND');
  const own = await repo.ownDocumentIds(deps.db, scope.orgId, ids);
  return repo.insertLinks(deps.db, scope.orgId, scope.userId, own, link);
}

export async function removeLink(
  deps: DocumentDeps,
  orgId: string,
  id: string,
  linkId: string,
): Promise<TDocument> {
  await rowOf(deps, orgId, id);
  assertId(linkId);
  if (!(await repo.deleteLink(deps.db, orgId, id, linkId))) throw new AppError('NOT_FOUND');
  return getDocument(deps, orgId, id);
}

// ---------------------------------------------------------------- bulk

export async function bulkAction(deps: DocumentDeps, scope: Scope, action: TBulkAction): Promise<number> {
  const { orgId } = scope;
  switch (action.action) {
    case 'delete':
      return trashDocuments(deps, orgId, action.ids);
    case 'restore':
      return restoreDocuments(deps, orgId, action.ids);
    case 'link':
      return addLink(deps, scope, action.ids, action.link);
    case 'set_type': {
      const own = await repo.ownDocumentIds(deps.db, orgId, action.ids);
      if (own.length === 0) return 0;
      return repo.setTypeRows(deps.db, orgId, own, action.documentType);
    }
    case 'add_tag':
    case 'remove_tag': {
      await checkTags(deps, orgId, [action.tagId]);
      const own = await repo.ownDocumentIds(deps.db, orgId, action.ids);
      if (own.length === 0) return 0;
      return repo.changeTagRows(deps.db, own, action.tagId, action.action === 'add_tag' ? 'add' : 'remove');
    }
  }
}

// ---------------------------------------------------------------- files

export async function documentFile(deps: DocumentDeps, orgId: string, id: string) {
  const row = await rowOf(deps, orgId, id);
  const stream = await deps.files.getStream(row.fileKey);
  if (!stream) throw new AppError('NOT_FOUND');
  return { stream, fileName: row.fileName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}

/** The files of some documents, for a zip: names made unique ("fattura.pdf", "fattura (2).pdf"). */
export async function filesForZip(deps: DocumentDeps, orgId: string, ids: string[]) {
  const rows = await repo.filesOf(deps.db, orgId, ids);
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  const used = new Map<string, number>();
  return rows.map((row) => {
    const n = (used.get(row.fileName.toLowerCase()) ?? 0) + 1;
    used.set(row.fileName.toLowerCase(), n);
    const dot = row.fileName.lastIndexOf('.');
    const name =
      n === 1
        ? row.fileName
        : dot > 0
          ? `${row.fileName.slice(0, dot)} (${n})${row.fileName.slice(dot)}`
          : `${row.fileName} (${n})`;
    return { name, fileKey: row.fileKey };
  });
}

// ---------------------------------------------------------------- expense from a receipt

/** Saves the expense the user checked (prefilled from the receipt) and links it to the document, in one go. */
export async function createExpense(
  deps: DocumentDeps,
  scope: Scope,
  id: string,
  values: TTransactionInput,
): Promise<{ transactionId: string }> {
  const row = await rowOf(deps, scope.orgId, id);
  if (row.deletedAt) throw new AppError('DOCUMENT_IN_TRASH');
  if (values.direction !== 'expense') throw validation('direction', 'transactions.errors.directionInvalid');
  const transaction = await createTransaction(
    { db: deps.db },
    { orgId: scope.orgId, userId: scope.userId, values },
  );
  await repo.insertLinks(deps.db, scope.orgId, scope.userId, [id], {
    recordType: 'transaction',
    recordId: transaction.id,
  });
  return { transactionId: transaction.id };
}

// ---------------------------------------------------------------- correspondents

export function findCorrespondents(deps: DocumentDeps, orgId: string, q: string | undefined) {
  return repo.correspondentsByName(deps.db, orgId, q);
}

/** Empties the expired part of the trash once an hour (and at start). */
export function startDocumentTrashSweep(deps: DocumentDeps & { log: FastifyBaseLogger }) {
  const run = () =>
    emptyExpiredTrash(deps)
      .then((removed) => {
        if (removed > 0) deps.log.info({ removed }, 'documents deleted for good after 30 days in the trash');
      })
      .catch((err: unknown) => deps.log.error({ err }, 'the documents trash sweep failed'));
  const timer = setInterval(run, 3_600_000);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
