import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { DocumentType, TUploadResult } from '@shared/documents/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import {
  contentMatches,
  kindOfName,
  MIME_OF_KIND,
  READABLE_KINDS,
  SNIFF_BYTES,
  titleOfFileName,
  validFileName,
} from './file-kinds.ts';
import { findBySha, findListItem, insertDocument } from './repository.ts';

/**
 * Storing an uploaded file as a document (issue 17), streamed: the bytes go to the file store as they arrive while
 * their SHA-256, size and first bytes are taken on the way, so a 50 MB file never sits in memory. What fails a
 * check after the bytes are stored (empty, not what its name says, already stored) is removed again: nothing is
 * left half-stored, and no row points at a file that is not there.
 */

export type UploadInput = {
  orgId: string;
  userId: string;
  fileName: string;
  stream: Readable;
  maxBytes: number;
  documentType?: DocumentType;
  allowDuplicate?: boolean;
};

class TooLarge extends Error {}

export async function storeUpload(
  deps: { db: Db; files: FileStore; wakeReader?: () => void },
  input: UploadInput,
): Promise<TUploadResult> {
  const fileName = validFileName(input.fileName);
  if (!fileName) {
    input.stream.resume();
    throw new AppError('FILE_NAME_INVALID');
  }
  const kind = kindOfName(fileName);
  const id = randomUUID();
  const fileKey = `documents/${input.orgId}/${id}`;
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > input.maxBytes) return done(new TooLarge());
      hash.update(chunk);
      if (head.length < SNIFF_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  input.stream.on('error', (err) => measure.destroy(err));
  // The store's putStream rejects with the stream's error; this keeps a second emission from being unhandled.
  measure.on('error', () => undefined);
  // @fastify/multipart ends a file at its size limit and flags it: that is too large too.
  input.stream.on('limit', () => measure.destroy(new TooLarge()));
  try {
    await deps.files.putStream(fileKey, input.stream.pipe(measure));
  } catch (err) {
    input.stream.resume();
    if (err instanceof TooLarge) {
      throw AppError.withParams('FILE_TOO_LARGE', {
        maxMb: String(Math.round(input.maxBytes / 1024 / 1024)),
      });
    }
    throw err;
  }
  const refuse = async (code: 'FILE_EMPTY' | 'FILE_TYPE_MISMATCH') => {
    await deps.files.remove(fileKey);
    throw new AppError(code);
  };
  if (size === 0) await refuse('FILE_EMPTY');
  if (!contentMatches(kind, head)) await refuse('FILE_TYPE_MISMATCH');

  const sha256 = hash.digest('hex');
  const existing = await findBySha(deps.db, input.orgId, sha256);
  if (existing && !input.allowDuplicate) {
    await deps.files.remove(fileKey);
    const document = await findListItem(deps.db, input.orgId, existing);
    if (document) return { status: 'duplicate', document };
  }
  const readable = READABLE_KINDS.has(kind);
  try {
    await insertDocument(deps.db, {
      id,
      organizationId: input.orgId,
      title: titleOfFileName(fileName),
      documentType: input.documentType ?? (kind === 'xml' || kind === 'p7m' ? 'received_invoice' : 'other'),
      fileName,
      mimeType: MIME_OF_KIND[kind],
      sizeBytes: size,
      sha256,
      fileKey,
      readingStatus: readable ? 'pending' : 'not_needed',
      textSource: 'none',
      createdBy: input.userId,
    });
  } catch (err) {
    await deps.files.remove(fileKey);
    throw err;
  }
  if (readable) deps.wakeReader?.();
  const document = await findListItem(deps.db, input.orgId, id);
  return { status: 'created', document: document! };
}
