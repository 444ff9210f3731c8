import { randomUUID } from 'node:crypto';
import { MAIL_ATTACHMENTS_MAX_BYTES, type TComposeRequest } from '@shared/mailbox/compose.ts';
import { AppError } from '../../platform/errors.ts';
import { attachmentsByIds } from './attachments-repository.ts';
import type { ComposeDeps } from './compose-service.ts';
import type { MailScope } from './folders-repository.ts';
import { uploadKey } from './storage-keys.ts';
import { deleteUploads, insertUpload, takeAbandonedUploads } from './uploads-repository.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { FileStore } from '../../platform/storage.ts';

/**
 * The files of composed mail (issue 16): uploaded first under a key derived from the sender (so a message can name
 * only its sender's uploads), read when the message is built, removed once it holds them.
 */

export type Attachment = { filename: string; contentType: string; content: Buffer };

/**
 * The files of the message: those uploaded for it (their keys derive from the sender, so no one else's can be
 * named) and the attachments of a stored message of the sender's (a forward). Over MAIL_ATTACHMENTS_MAX_BYTES in
 * all: ATTACHMENT_TOO_LARGE with the limit; a file that is gone (an upload removed meanwhile): NOT_FOUND.
 */
export async function attachmentsOf(
  deps: ComposeDeps,
  scope: MailScope,
  input: TComposeRequest,
): Promise<Attachment[]> {
  const forwarded = await attachmentsByIds(deps.db, scope, input.forwardAttachmentIds);
  if (forwarded.length !== new Set(input.forwardAttachmentIds).size) throw new AppError('NOT_FOUND');
  const files: Attachment[] = [];
  let total = 0;
  const add = async (key: string, filename: string, contentType: string) => {
    const content = await deps.files.get(key);
    if (!content) throw new AppError('NOT_FOUND');
    total += content.length;
    if (total > MAIL_ATTACHMENTS_MAX_BYTES) throw tooLarge();
    files.push({ filename, contentType, content });
  };
  for (const a of forwarded) await add(a.storageKey, a.filename, a.contentType);
  if (input.documents.length > 0) {
    if (!deps.documentFiles) throw new AppError('FORBIDDEN');
    for (const file of await deps.documentFiles(scope.orgId, input.documents)) {
      total += file.content.length;
      if (total > MAIL_ATTACHMENTS_MAX_BYTES) throw tooLarge();
      files.push(file);
    }
  }
  for (const a of input.attachments) await add(uploadKey(scope, a.uploadId), a.filename, a.contentType);
  return files;
}

export const tooLarge = () =>
  AppError.withParams('ATTACHMENT_TOO_LARGE', { limit: `${MAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB` });

/** Once the message holds them, the uploaded files go. */
export async function removeUploads(deps: ComposeDeps, scope: MailScope, input: TComposeRequest) {
  for (const a of input.attachments)
    await deps.files.remove(uploadKey(scope, a.uploadId)).catch(() => undefined);
  await deleteUploads(
    deps.db,
    scope,
    input.attachments.map((a) => a.uploadId),
  );
}

/** POST /mail/uploads: a file for the composer, kept under the sender's own key until the message is sent. */
export async function storeUpload(deps: ComposeDeps, scope: MailScope, content: Buffer) {
  if (content.length === 0) throw new AppError('VALIDATION_ERROR');
  if (content.length > MAIL_ATTACHMENTS_MAX_BYTES) throw tooLarge();
  const uploadId = randomUUID();
  await deps.files.put(uploadKey(scope, uploadId), content);
  await insertUpload(deps.db, scope, { id: uploadId, size: content.length });
  return { uploadId, size: content.length };
}

/** The composer dropped a file (removed from the list, or closed without sending). */
export async function removeUpload(deps: ComposeDeps, scope: MailScope, uploadId: string) {
  await deps.files.remove(uploadKey(scope, uploadId));
  await deleteUploads(deps.db, scope, [uploadId]);
}

/** Uploads are kept this long for a composer that may still send them; a draft that names one keeps it longer. */
export const UPLOAD_SWEEP = { keepHours: 24, everyMs: 60 * 60 * 1000, batch: 500 } as const;

/**
 * Removes the files of composers closed without sending (the tab closed, the browser gone), once they are older
 * than UPLOAD_SWEEP.keepHours and no draft names them; returns how many went.
 */
export async function sweepUploads(deps: { db: Db; files: FileStore }, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_SWEEP.keepHours * 3_600_000);
  let removed = 0;
  for (;;) {
    const taken = await takeAbandonedUploads(deps.db, before, UPLOAD_SWEEP.batch);
    for (const u of taken) {
      await deps.files.remove(uploadKey({ orgId: u.orgId, userId: u.userId }, u.id)).catch(() => undefined);
    }
    removed += taken.length;
    if (taken.length < UPLOAD_SWEEP.batch) return removed;
  }
}

/** The hourly sweep, where background jobs run (app.ts). */
export function startUploadSweep(deps: { db: Db; files: FileStore; log: FastifyBaseLogger }) {
  const run = () =>
    sweepUploads(deps)
      .then((removed) => {
        if (removed > 0) deps.log.info({ removed }, 'abandoned composer uploads removed');
      })
      .catch((err: unknown) => deps.log.error({ err }, 'the upload sweep failed'));
  const timer = setInterval(run, UPLOAD_SWEEP.everyMs);
  timer.unref();
  void run();
  return { stop: () => clearInterval(timer) };
}
