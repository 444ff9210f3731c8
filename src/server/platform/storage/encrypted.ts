import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createSealedBox, isSealedBytes, type SealedBox } from '../sealed-box.ts';
import { assertByteRange, toBuffer, type ByteRange, type FileSource, type FileStore } from './port.ts';

/**
 * Encryption at rest for any file store (issue 17): AES-256-GCM under a random key per file, that key sealed by
 * the key the server secret gives for FILE_KEYS_PURPOSE (platform/sealed-box.ts). Streamed in segments, so a file
 * of any size is written and read holding one segment at a time:
 *
 *   header   'GFE1' · version 1 · log2 of the segment size (16) · u16 length of the sealed key (64) ·
 *            the sealed key (sealBytes: 'SBX1', IV, tag, 32-byte key) · 8-byte nonce prefix      = 80 bytes
 *   segments each SEGMENT plaintext bytes (the last one 0…SEGMENT) sealed as ciphertext · 16-byte tag, with
 *            nonce = prefix · u32 index and additional data = header · u32 index · u8 final (1 on the last).
 *
 * So a changed byte, a changed header, segments swapped, dropped or added, and a file cut short (even at a segment
 * boundary: its new last segment was not sealed as final) all fail a tag, and a segment is given out only once its
 * tag is verified. Bytes without the mark are files stored before this wrapper and are read as they are.
 */
export const FILE_KEYS_PURPOSE = 'file-keys';

const MAGIC = Buffer.from('GFE1');
const VERSION = 1;
const SEGMENT_LOG2 = 16;
const SEGMENT = 2 ** SEGMENT_LOG2;
const TAG = 16;
const STORED_SEGMENT = SEGMENT + TAG;
const SEALED_KEY = 64;
const NONCE_PREFIX = 8;
const HEADER = MAGIC.length + 1 + 1 + 2 + SEALED_KEY + NONCE_PREFIX;
const MAX_SEGMENTS = 2 ** 32;
const OUTPUT_BATCH = 1024 * 1024;

/** Stored bytes that fail their checks: changed, cut short, or sealed under another server secret. */
export class StoredFileError extends Error {
  override name = 'StoredFileError';
}

const hasMark = (bytes: Buffer) =>
  bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);

type Header = { bytes: Buffer; sealedKey: Buffer; prefix: Buffer };

function buildHeader(sealedKey: Buffer, prefix: Buffer): Buffer {
  const header = Buffer.alloc(HEADER);
  MAGIC.copy(header, 0);
  header[4] = VERSION;
  header[5] = SEGMENT_LOG2;
  header.writeUInt16BE(sealedKey.length, 6);
  sealedKey.copy(header, 8);
  prefix.copy(header, 8 + SEALED_KEY);
  return header;
}

/** The header of marked bytes; anything but this version's exact layout is refused, never read as plain. */
function parseHeader(bytes: Buffer, key: string): Header {
  if (bytes.length < HEADER) throw new StoredFileError(`stored file ${key} is cut short (header)`);
  const header = bytes.subarray(0, HEADER);
  const sealedKey = header.subarray(8, 8 + SEALED_KEY);
  if (
    header[4] !== VERSION ||
    header[5] !== SEGMENT_LOG2 ||
    header.readUInt16BE(6) !== SEALED_KEY ||
    !isSealedBytes(sealedKey)
  )
    throw new StoredFileError(`stored file ${key} has an unknown format`);
  return { bytes: Buffer.from(header), sealedKey, prefix: header.subarray(8 + SEALED_KEY) };
}

function segmentParams(header: Header, index: number, final: boolean) {
  if (index >= MAX_SEGMENTS) throw new RangeError('file too large for one encrypted file');
  const nonce = Buffer.alloc(12);
  header.prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, NONCE_PREFIX);
  const aad = Buffer.alloc(HEADER + 5);
  header.bytes.copy(aad, 0);
  aad.writeUInt32BE(index, HEADER);
  aad[HEADER + 4] = final ? 1 : 0;
  return { nonce, aad };
}

/** Seals the segments of one new file, in order. */
function createSealer(box: SealedBox) {
  const dataKey = randomBytes(32);
  const sealedKey = box.sealBytes(dataKey);
  const header: Header = { bytes: Buffer.alloc(0), sealedKey, prefix: randomBytes(NONCE_PREFIX) };
  header.bytes = buildHeader(sealedKey, header.prefix);
  let index = 0;
  return {
    header: header.bytes,
    /** The sealed segment in pieces (ciphertext, then the tag), to be joined with the others of a batch. */
    seal(plain: Buffer, final: boolean): Buffer[] {
      const { nonce, aad } = segmentParams(header, index++, final);
      const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
      cipher.setAAD(aad);
      const body = cipher.update(plain);
      const rest = cipher.final(); // empty with GCM; kept should it not be
      return [body, rest, cipher.getAuthTag()];
    },
    forget() {
      dataKey.fill(0);
    },
  };
}

/** Opens the segments of one stored file; each is verified before its bytes are returned. */
function createOpener(box: SealedBox, header: Header, key: string) {
  let dataKey: Buffer;
  try {
    dataKey = box.openBytes(header.sealedKey);
  } catch {
    throw new StoredFileError(
      `stored file ${key}: its key does not open (changed, or another server secret)`,
    );
  }
  return {
    open(stored: Buffer, index: number, final: boolean): Buffer {
      if (stored.length < TAG) throw new StoredFileError(`stored file ${key} is cut short`);
      const { nonce, aad } = segmentParams(header, index, final);
      const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce);
      decipher.setAAD(aad);
      decipher.setAuthTag(stored.subarray(stored.length - TAG));
      const body = decipher.update(stored.subarray(0, stored.length - TAG));
      try {
        const rest = decipher.final(); // GCM gives everything from update: this only checks the tag
        return rest.length ? Buffer.concat([body, rest]) : body;
      } catch {
        throw new StoredFileError(
          `stored file ${key} is damaged, cut short or was changed (segment ${index})`,
        );
      }
    },
    forget() {
      dataKey.fill(0);
    },
  };
}

/** Segment count and content size of an encrypted file from its size at rest. */
function layoutOf(storedBytes: number, key: string) {
  const body = storedBytes - HEADER;
  const segments = Math.max(1, Math.ceil(body / STORED_SEGMENT));
  const lastStored = body - (segments - 1) * STORED_SEGMENT;
  if (lastStored < TAG) throw new StoredFileError(`stored file ${key} is cut short`);
  return { segments, lastStored, sizeBytes: body - segments * TAG };
}

/** Reads an async iterable of bytes in pieces of the size asked for. */
function byteReader(source: AsyncIterable<Buffer | Uint8Array | string>) {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let ended = false;
  const pull = async () => {
    const next = await iterator.next();
    if (next.done) ended = true;
    else {
      const chunk = toBuffer(next.value);
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  };
  const take = (n: number) => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    const out = all.subarray(0, n);
    pending = all.length > n ? [all.subarray(n)] : [];
    pendingBytes = all.length - out.length;
    return out;
  };
  return {
    /** Up to `n` bytes: fewer only at the end. */
    async read(n: number): Promise<Buffer> {
      while (pendingBytes < n && !ended) await pull();
      return take(Math.min(n, pendingBytes));
    },
    async atEnd(): Promise<boolean> {
      while (pendingBytes === 0 && !ended) await pull();
      return pendingBytes === 0;
    },
    /** Whatever is left, as it comes. */
    async *rest(): AsyncGenerator<Buffer> {
      if (pendingBytes) yield take(pendingBytes);
      while (!ended) {
        await pull();
        if (pendingBytes) yield take(pendingBytes);
      }
    },
    async close() {
      await iterator.return?.();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(toBuffer(chunk));
  return Buffer.concat(chunks);
}

/** A stream of what `generate` yields; closing it early also closes the stored file's stream under it. */
function outputOf(generate: AsyncGenerator<Buffer>, inner: Readable): Readable {
  const out = Readable.from(generate, { objectMode: false });
  out.once('close', () => inner.destroy());
  return out;
}

export function createEncryptedFileStore(inner: FileStore, serverSecret: string): FileStore {
  const box = createSealedBox(serverSecret, FILE_KEYS_PURPOSE);

  async function* sealStream(source: FileSource, total: { bytes: number }): AsyncGenerator<Buffer> {
    const sealer = createSealer(box);
    // Sealed segments leave in batches of about OUTPUT_BATCH bytes: fewer, larger writes to the disk.
    let batch: Buffer[] = [sealer.header];
    let batchBytes = HEADER;
    try {
      const segment = Buffer.allocUnsafe(SEGMENT);
      let fill = 0;
      for await (const chunk of source) {
        let bytes = toBuffer(chunk);
        total.bytes += bytes.length;
        while (bytes.length) {
          // A full segment is sealed once more bytes follow it: only then is it known not to be the last.
          if (fill === SEGMENT) {
            batch.push(...sealer.seal(segment, false));
            batchBytes += STORED_SEGMENT;
            fill = 0;
            if (batchBytes >= OUTPUT_BATCH) {
              yield Buffer.concat(batch);
              batch = [];
              batchBytes = 0;
            }
          }
          const copied = bytes.copy(segment, fill);
          fill += copied;
          bytes = bytes.subarray(copied);
        }
      }
      batch.push(...sealer.seal(segment.subarray(0, fill), true));
      yield Buffer.concat(batch);
    } finally {
      sealer.forget();
    }
  }

  /** The whole stored file opened, segment by segment, after its header. */
  async function* openStream(reader: ReturnType<typeof byteReader>, key: string): AsyncGenerator<Buffer> {
    try {
      const head = await reader.read(HEADER);
      if (!hasMark(head)) {
        if (head.length) yield head;
        yield* reader.rest();
        return;
      }
      const opener = createOpener(box, parseHeader(head, key), key);
      try {
        for (let index = 0; ; index++) {
          const stored = await reader.read(STORED_SEGMENT);
          const final = await reader.atEnd();
          yield opener.open(stored, index, final);
          if (final) return;
        }
      } finally {
        opener.forget();
      }
    } finally {
      await reader.close();
    }
  }

  /**
   * The stored size and the first bytes, enough to tell an encrypted file from one stored before. The size comes
   * first: an empty file (never an encrypted one) is not asked for a range, which some S3 servers mishandle.
   */
  async function peek(key: string) {
    const info = await inner.stat(key);
    if (!info) return null;
    if (info.sizeBytes === 0) return { info, head: Buffer.alloc(0) };
    const headStream = await inner.getStream(key, {
      range: { start: 0, end: Math.min(HEADER, info.sizeBytes) - 1 },
    });
    return headStream ? { info, head: await readAll(headStream) } : null;
  }

  /** The segments covering `range` only, read from the store with a range of its own. */
  async function rangeStream(key: string, range: ByteRange): Promise<Readable | null> {
    const peeked = await peek(key);
    if (!peeked) return null;
    const { info, head } = peeked;
    if (!hasMark(head))
      return info.sizeBytes === 0
        ? Readable.from([], { objectMode: false })
        : inner.getStream(key, { range });
    const header = parseHeader(head, key);
    const { segments, lastStored, sizeBytes } = layoutOf(info.sizeBytes, key);
    const end = Math.min(range.end ?? sizeBytes - 1, sizeBytes - 1);
    if (range.start > end) return Readable.from([], { objectMode: false });
    const first = Math.floor(range.start / SEGMENT);
    const last = Math.floor(end / SEGMENT);
    const body = await inner.getStream(key, {
      range: {
        start: HEADER + first * STORED_SEGMENT,
        end: HEADER + last * STORED_SEGMENT + (last === segments - 1 ? lastStored : STORED_SEGMENT) - 1,
      },
    });
    if (!body) return null;
    const reader = byteReader(body);
    async function* generate(): AsyncGenerator<Buffer> {
      const opener = createOpener(box, header, key);
      try {
        for (let index = first; index <= last; index++) {
          const expected = index === segments - 1 ? lastStored : STORED_SEGMENT;
          const stored = await reader.read(expected);
          if (stored.length !== expected) throw new StoredFileError(`stored file ${key} is cut short`);
          const plain = opener.open(stored, index, index === segments - 1);
          const from = index === first ? range.start - first * SEGMENT : 0;
          const to = index === last ? end - last * SEGMENT + 1 : plain.length;
          yield plain.subarray(from, to);
        }
      } finally {
        opener.forget();
        await reader.close();
      }
    }
    return outputOf(generate(), body);
  }

  return {
    async put(key, content) {
      const sealer = createSealer(box);
      try {
        const parts = [sealer.header];
        for (let at = 0; at === 0 || at < content.length; at += SEGMENT) {
          const end = Math.min(at + SEGMENT, content.length);
          parts.push(...sealer.seal(content.subarray(at, end), end === content.length));
        }
        await inner.put(key, Buffer.concat(parts));
      } finally {
        sealer.forget();
      }
    },
    async get(key) {
      const stored = await inner.get(key);
      if (!stored || !hasMark(stored)) return stored;
      const opener = createOpener(box, parseHeader(stored, key), key);
      try {
        const { segments } = layoutOf(stored.length, key);
        const parts: Buffer[] = [];
        for (let index = 0; index < segments; index++) {
          const at = HEADER + index * STORED_SEGMENT;
          parts.push(opener.open(stored.subarray(at, at + STORED_SEGMENT), index, index === segments - 1));
        }
        return Buffer.concat(parts);
      } finally {
        opener.forget();
      }
    },
    remove: (key) => inner.remove(key),
    async putStream(key, source) {
      const total = { bytes: 0 };
      await inner.putStream(key, sealStream(source, total));
      return { sizeBytes: total.bytes };
    },
    async getStream(key, options = {}) {
      if (options.range) {
        assertByteRange(options.range);
        return rangeStream(key, options.range);
      }
      const stored = await inner.getStream(key);
      if (!stored) return null;
      return outputOf(openStream(byteReader(stored), key), stored);
    },
    async stat(key) {
      const peeked = await peek(key);
      if (!peeked) return null;
      const { info, head } = peeked;
      if (!hasMark(head)) return info;
      parseHeader(head, key);
      return { sizeBytes: layoutOf(info.sizeBytes, key).sizeBytes };
    },
    list: (prefix) => inner.list(prefix),
  };
}
