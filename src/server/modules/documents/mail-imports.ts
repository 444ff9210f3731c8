import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentType, TMailImport, TUploadResult } from '@shared/documents/contracts.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import { AppError } from '../../platform/errors.ts';
import { findMailFolder, mailAttachmentFile, type AttachedFile } from '../mailbox/index.ts';
import * as importsRepo from './mail-imports-repository.ts';
import * as repo from './repository.ts';
import type { DocumentDeps } from './service.ts';
import { storeUpload } from './upload.ts';

/**
 * Mail into documents (issue 17): "Save to documents" on an attachment of the user's own mail, and a folder that
 * imports the attachments of its new mail (as Paperless-ngx consumes mail), filed with the folder's type and tags.
 * A file already stored (same SHA-256) is not stored twice.
 */

type Scope = { orgId: string; userId: string };
export type MailImportDeps = DocumentDeps & { maxFileBytes: number; log?: FastifyBaseLogger };

const toItem = (row: importsRepo.MailImportRow): TMailImport => ({
  folderId: row.folderId,
  assignType: row.assignType as DocumentType | null,
  assignTagIds: row.assignTagIds,
});

export async function saveMailAttachment(
  deps: MailImportDeps,
  scope: Scope,
  attachmentId: string,
): Promise<TUploadResult> {
  if (!isUuid(attachmentId)) throw new AppError('NOT_FOUND');
  const file = await mailAttachmentFile(deps, scope, attachmentId);
  return storeUpload(deps, {
    ...scope,
    fileName: file.fileName,
    stream: Readable.from([file.content]),
    maxBytes: deps.maxFileBytes,
  });
}

export async function listMailImports(deps: DocumentDeps, scope: Scope): Promise<TMailImport[]> {
  return (await importsRepo.mailImportsOf(deps.db, scope.orgId, scope.userId)).map(toItem);
}

export async function setMailImport(
  deps: DocumentDeps,
  scope: Scope,
  folderId: string,
  input: { assignType?: DocumentType | null; assignTagIds?: string[] },
): Promise<TMailImport> {
  if (!isUuid(folderId) || !(await findMailFolder(deps.db, scope, folderId))) throw new AppError('NOT_FOUND');
  const tags = [...new Set(input.assignTagIds ?? [])];
  if ((await repo.ownTagIds(deps.db, scope.orgId, tags)).length !== tags.length) {
    throw new AppError('VALIDATION_ERROR', [
      { path: 'assignTagIds', message: 'documents.errors.tagUnknown' },
    ]);
  }
  const row = await importsRepo.upsertMailImport(deps.db, scope, folderId, {
    assignType: input.assignType ?? null,
    assignTagIds: tags,
  });
  return toItem(row);
}

export async function removeMailImport(deps: DocumentDeps, scope: Scope, folderId: string): Promise<void> {
  if (!isUuid(folderId) || !(await importsRepo.deleteMailImport(deps.db, scope, folderId))) {
    throw new AppError('NOT_FOUND');
  }
}

/** New mail stored in a folder: its attachments become documents when the folder imports them. */
export async function importNewMailAttachments(
  deps: MailImportDeps,
  input: Scope & { folderId: string; messages: { messageRowId: string; files: AttachedFile[] }[] },
): Promise<number> {
  const rule = await importsRepo.mailImportOfFolder(deps.db, input, input.folderId);
  if (!rule) return 0;
  let stored = 0;
  for (const file of input.messages.flatMap((m) => m.files)) {
    try {
      const result = await storeUpload(deps, {
        orgId: input.orgId,
        userId: input.userId,
        fileName: file.fileName,
        stream: Readable.from([file.content]),
        maxBytes: deps.maxFileBytes,
        documentType: (rule.assignType as DocumentType | null) ?? undefined,
      });
      if (result.status !== 'created') continue;
      stored++;
      if (rule.assignTagIds.length > 0) {
        const tags = await repo.ownTagIds(deps.db, input.orgId, rule.assignTagIds);
        await repo.updateFiling(deps.db, input.orgId, result.document.id, {}, tags);
      }
    } catch (err) {
      // A file the documents refuse (too large, not what its name says) stays in the mail only.
      deps.log?.info(
        { code: (err as AppError).code, file: file.fileName },
        'a mail attachment was not imported',
      );
    }
  }
  return stored;
}

/**
 * Suppliers' e-invoices that arrived by PEC (already recorded as received invoices by modules/purchases) are kept
 * as documents too: the reader links each to its received invoice. A file already stored is not stored again.
 */
export async function keepMailedInvoices(
  deps: MailImportDeps,
  input: Scope & { files: AttachedFile[] },
): Promise<number> {
  let stored = 0;
  for (const file of input.files) {
    try {
      const result = await storeUpload(deps, {
        orgId: input.orgId,
        userId: input.userId,
        fileName: file.fileName,
        stream: Readable.from([file.content]),
        maxBytes: deps.maxFileBytes,
        documentType: 'received_invoice',
      });
      if (result.status === 'created') stored++;
    } catch (err) {
      deps.log?.info({ code: (err as AppError).code }, 'a received e-invoice was not kept in documents');
    }
  }
  return stored;
}
