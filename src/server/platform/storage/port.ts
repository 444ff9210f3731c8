import type { Readable } from 'node:stream';

/** Bytes of a file, inclusive at both ends as in an HTTP `Range` header; `end` omitted means to the end. */
export type ByteRange = { start: number; end?: number };

/** What a streaming put reads: a Node stream, or any iterable of bytes (async or not). */
export type FileSource = Readable | AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>;

/** One stored file as a listing gives it: `sizeBytes` is what the file takes in the store (at rest). */
export type StoredFile = { key: string; sizeBytes: number };

/**
 * File storage port (DESIGN.md §5). Embedded mode keeps files under DATA_DIR/files, server mode in an
 * S3-compatible bucket; app.ts wraps either in the encryption at rest of `createEncryptedFileStore`.
 *
 * - A put, whole or streamed, either stores everything or leaves the key as it was: a failure half-way (the
 *   source erring, the disk or the bucket refusing) never leaves part of a file under the key.
 * - Streams hold one bounded piece at a time, never the whole file.
 * - A missing key reads as `null`; removing one is not an error.
 */
export type FileStore = {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Stores what `source` gives; its size in bytes (the content's, not what it takes at rest). */
  putStream(key: string, source: FileSource): Promise<{ sizeBytes: number }>;
  /** The content as a stream, or the bytes of `range` only (empty when `range` starts past the end). */
  getStream(key: string, options?: { range?: ByteRange }): Promise<Readable | null>;
  /** The content's size in bytes, or null when there is no such file. */
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** The files whose key starts with `prefix` ('' for all), in no particular order. */
  list(prefix: string): AsyncIterable<StoredFile>;
};

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,200}$/;

/** The one key rule of every adapter: letters, digits and `/_.-`, starting with a letter or digit, no `..`. */
export function assertStorageKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
}

/** A listing prefix follows the key rule, or is empty. */
export function assertStoragePrefix(prefix: string): void {
  if (prefix !== '' && (!SAFE_KEY.test(prefix) || prefix.includes('..')))
    throw new Error(`invalid storage prefix: ${prefix}`);
}

/** A range checked once for every adapter: whole non-negative numbers, `end` not before `start`. */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start))
  )
    throw new RangeError(`invalid byte range: ${start}-${end ?? ''}`);
}

export function toBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
