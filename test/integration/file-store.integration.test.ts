import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEncryptedFileStore,
  createLocalFileStore,
  createS3FileStore,
  StoredFileError,
  type FileStore,
} from '@server/platform/storage.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3.ts';
import { createTestApp } from '../helpers/test-app.ts';

const SECRET = 'file-store-test-secret-0123456789abcdef';
/** The encrypted format's plaintext segment and its tag (platform/storage/encrypted.ts). */
const SEGMENT = 64 * 1024;
const STORED_SEGMENT = SEGMENT + 16;
const HEADER = 80;

/** `total` random bytes in uneven chunks, made as they are read; `digest()` is their SHA-256 once read. */
function generated(total: number, options: { failAfter?: number } = {}) {
  const hash = createHash('sha256');
  async function* source() {
    for (let sent = 0; sent < total;) {
      if (options.failAfter !== undefined && sent >= options.failAfter)
        throw new Error('the upload broke off');
      const chunk = randomBytes(Math.min(100_003, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { source: source(), digest: () => hash.digest('hex') };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(store: FileStore, prefix: string) {
  const keys: string[] = [];
  for await (const f of store.list(prefix)) keys.push(f.key);
  return keys.sort();
}

type Kind = 'local' | 's3';

describe.each<Kind>(['local', 's3'])('file store on %s, encrypted', (kind) => {
  let raw: FileStore;
  let store: FileStore;
  let root = '';
  let s3: S3TestServer | undefined;

  beforeAll(async () => {
    if (kind === 'local') {
      root = await fs.mkdtemp(path.join(os.tmpdir(), 'gestionale-files-'));
      raw = createLocalFileStore(root);
    } else {
      s3 = await startS3Server();
      raw = createS3FileStore(s3.config);
    }
    store = createEncryptedFileStore(raw, SECRET);
  });
  afterAll(async () => {
    await s3?.stop();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps a Buffer, encrypted at rest, and answers null for a missing key', async () => {
    const content = Buffer.from('Fattura n. 42 — totale 1.234,56 € — Forlì\n'.repeat(50));
    await store.put('org-1/logo.png', content);
    expect(await store.get('org-1/logo.png')).toEqual(content);
    expect(await store.stat('org-1/logo.png')).toEqual({ sizeBytes: content.length });

    // What the disk or the bucket holds: the mark, no plaintext.
    const atRest =
      kind === 'local'
        ? await fs.readFile(path.join(root, 'org-1/logo.png'))
        : await raw.get('org-1/logo.png');
    expect(atRest!.subarray(0, 4).toString()).toBe('GFE1');
    expect(atRest!.includes(Buffer.from('Fattura'))).toBe(false);
    expect(atRest!.length).toBe(HEADER + content.length + 16);
    // A second put of the same bytes is sealed under another key.
    await store.put('org-1/logo-2.png', content);
    expect((await raw.get('org-1/logo-2.png'))!.equals(atRest!)).toBe(false);

    expect(await store.get('org-1/none')).toBeNull();
    expect(await store.getStream('org-1/none')).toBeNull();
    expect(await store.getStream('org-1/none', { range: { start: 0 } })).toBeNull();
    expect(await store.stat('org-1/none')).toBeNull();
    await store.remove('org-1/none');
    await expect(store.get('../outside')).rejects.toThrow(/invalid storage key/);

    await store.put('org-1/empty', Buffer.alloc(0));
    expect(await store.get('org-1/empty')).toEqual(Buffer.alloc(0));
    expect(await bytesOf((await store.getStream('org-1/empty'))!)).toEqual(Buffer.alloc(0));
  });

  it('streams a few MB in and out, whole and by range', async () => {
    const size = 3 * 1024 * 1024 + 12_345;
    const input = generated(size);
    expect(await store.putStream('org-1/scan.pdf', input.source)).toEqual({ sizeBytes: size });
    const out = await bytesOf((await store.getStream('org-1/scan.pdf'))!);
    expect(out.length).toBe(size);
    expect(createHash('sha256').update(out).digest('hex')).toBe(input.digest());
    expect(await store.stat('org-1/scan.pdf')).toEqual({ sizeBytes: size });
    expect((await raw.stat('org-1/scan.pdf'))!.sizeBytes).toBe(
      HEADER + size + Math.ceil(size / SEGMENT) * 16,
    );

    // Ranges: inside a segment, across segment boundaries, to the end, past the end.
    for (const [start, end] of [
      [10, 99],
      [SEGMENT - 5, 3 * SEGMENT + 7],
      [size - 100, undefined],
      [size - 1, size + 50],
    ] as const) {
      const part = await bytesOf((await store.getStream('org-1/scan.pdf', { range: { start, end } }))!);
      expect(part).toEqual(out.subarray(start, end === undefined ? undefined : end + 1));
    }
    expect(
      await bytesOf((await store.getStream('org-1/scan.pdf', { range: { start: size } }))!),
    ).toHaveLength(0);
    await expect(store.getStream('org-1/scan.pdf', { range: { start: 5, end: 2 } })).rejects.toThrow(
      RangeError,
    );

    // An exact number of segments: the last full one is the final one.
    const exact = randomBytes(2 * SEGMENT);
    await store.putStream('org-1/exact', [exact.subarray(0, 1000), exact.subarray(1000)]);
    expect(await store.get('org-1/exact')).toEqual(exact);
    expect((await raw.stat('org-1/exact'))!.sizeBytes).toBe(HEADER + 2 * STORED_SEGMENT);
  });

  it('lists by prefix and removes', async () => {
    await store.put('org-2/a/one', Buffer.from('1'));
    await store.put('org-2/a/two', Buffer.from('22'));
    await store.put('org-2/b/three', Buffer.from('333'));
    await store.put('org-2b/four', Buffer.from('4444'));
    expect(await keysOf(store, 'org-2/')).toEqual(['org-2/a/one', 'org-2/a/two', 'org-2/b/three']);
    expect(await keysOf(store, 'org-2/a/t')).toEqual(['org-2/a/two']);
    expect(await keysOf(store, 'org-2')).toEqual([
      'org-2/a/one',
      'org-2/a/two',
      'org-2/b/three',
      'org-2b/four',
    ]);
    expect(await keysOf(store, 'org-9/')).toEqual([]);
    const sizes = new Map<string, number>();
    for await (const f of store.list('org-2/a/')) sizes.set(f.key, f.sizeBytes);
    // Sizes at rest: the header and one tag more than the content.
    expect(sizes.get('org-2/a/two')).toBe(HEADER + 2 + 16);

    await store.remove('org-2/a/one');
    expect(await keysOf(store, 'org-2/')).toEqual(['org-2/a/two', 'org-2/b/three']);
    expect(await store.get('org-2/a/one')).toBeNull();
  });

  it('leaves nothing under the key when the source fails half-way, and keeps what was there', async () => {
    // Past one S3 part (5 MiB), so the bucket has begun a multipart upload that must be aborted.
    const broken = generated(8 * 1024 * 1024, { failAfter: 6 * 1024 * 1024 });
    await expect(store.putStream('org-3/broken.pdf', broken.source)).rejects.toThrow('the upload broke off');
    expect(await store.get('org-3/broken.pdf')).toBeNull();
    expect(await keysOf(raw, 'org-3/')).toEqual([]);
    if (s3) expect(await s3.pendingUploads()).toEqual([]);
    else expect(await fs.readdir(path.join(root, '.partial'))).toEqual([]);

    await store.put('org-3/kept', Buffer.from('the first version'));
    await expect(
      store.putStream('org-3/kept', generated(200_000, { failAfter: 100_000 }).source),
    ).rejects.toThrow();
    expect(String(await store.get('org-3/kept'))).toBe('the first version');
  });

  it('refuses changed, cut and reordered bytes, and bytes sealed under another secret', async () => {
    const content = randomBytes(3 * SEGMENT + 500);
    await store.put('org-4/doc', content);
    const sealed = (await raw.get('org-4/doc'))!;
    const refused = async (stored: Buffer) => {
      await raw.put('org-4/bad', stored);
      await expect(store.get('org-4/bad')).rejects.toThrow(StoredFileError);
      const stream = await store.getStream('org-4/bad');
      const released: Buffer[] = [];
      await expect(
        (async () => {
          for await (const chunk of stream!) released.push(chunk as Buffer);
        })(),
      ).rejects.toThrow(StoredFileError);
      return Buffer.concat(released);
    };

    const flipped = Buffer.from(sealed);
    flipped[HEADER + 2 * STORED_SEGMENT + 10]! ^= 1;
    // Streaming gives out the segments verified before the changed one, and nothing of it.
    expect(await refused(flipped)).toEqual(content.subarray(0, 2 * SEGMENT));
    // Cut at a segment boundary: every tag left is valid, but the last segment was not sealed as the final one.
    await refused(sealed.subarray(0, HEADER + 3 * STORED_SEGMENT));
    await refused(sealed.subarray(0, sealed.length - 1));
    await refused(Buffer.concat([sealed, Buffer.from('extra')]));
    const swapped = Buffer.concat([
      sealed.subarray(0, HEADER),
      sealed.subarray(HEADER + STORED_SEGMENT, HEADER + 2 * STORED_SEGMENT),
      sealed.subarray(HEADER, HEADER + STORED_SEGMENT),
      sealed.subarray(HEADER + 2 * STORED_SEGMENT),
    ]);
    expect(await refused(swapped)).toHaveLength(0);
    const otherHeader = Buffer.from(sealed);
    otherHeader[HEADER - 1]! ^= 1; // the nonce prefix
    await refused(otherHeader);
    await refused(sealed.subarray(0, 40));

    await raw.put('org-4/bad', flipped);
    const range = await store.getStream('org-4/bad', {
      range: { start: 2 * SEGMENT + 1, end: 2 * SEGMENT + 5 },
    });
    await expect(bytesOf(range!)).rejects.toThrow(StoredFileError);
    // Ranges before the changed segment are verified on their own and read.
    expect(await bytesOf((await store.getStream('org-4/bad', { range: { start: 5, end: 9 } }))!)).toEqual(
      content.subarray(5, 10),
    );

    await expect(createEncryptedFileStore(raw, `${SECRET}-other`).get('org-4/doc')).rejects.toThrow(
      /another server secret/,
    );
  });

  it('reads files stored before encryption as they are', async () => {
    const legacy = Buffer.from('%PDF-1.4 a file stored before issue 17\n'.repeat(100));
    await raw.put('org-5/old.pdf', legacy);
    expect(await store.get('org-5/old.pdf')).toEqual(legacy);
    expect(await bytesOf((await store.getStream('org-5/old.pdf'))!)).toEqual(legacy);
    expect(await bytesOf((await store.getStream('org-5/old.pdf', { range: { start: 4, end: 7 } }))!)).toEqual(
      Buffer.from('-1.4'),
    );
    expect(await store.stat('org-5/old.pdf')).toEqual({ sizeBytes: legacy.length });
    await raw.put('org-5/void', Buffer.alloc(0));
    expect(await store.stat('org-5/void')).toEqual({ sizeBytes: 0 });
    expect(await store.get('org-5/void')).toEqual(Buffer.alloc(0));
    expect(await bytesOf((await store.getStream('org-5/void', { range: { start: 0 } }))!)).toHaveLength(0);
    await raw.put('org-5/tiny', Buffer.from('ab'));
    expect(String(await store.get('org-5/tiny'))).toBe('ab');
    expect(String(await bytesOf((await store.getStream('org-5/tiny'))!))).toBe('ab');
  });
});

describe('the app', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.stop());

  it('stores its files in the bucket when S3 is configured, encrypted, and on disk otherwise, encrypted', async () => {
    const inBucket = await createTestApp('pglite', { s3: s3.config });
    try {
      await inBucket.app.services.files.put('org-6/logo.png', Buffer.from('a logo in the bucket'));
      const atRest = await createS3FileStore(s3.config).get('org-6/logo.png');
      expect(atRest!.subarray(0, 4).toString()).toBe('GFE1');
      expect(String(await inBucket.app.services.files.get('org-6/logo.png'))).toBe('a logo in the bucket');
    } finally {
      await inBucket.close();
    }
    const onDisk = await createTestApp('pglite');
    try {
      await onDisk.app.services.files.put('org-6/logo.png', Buffer.from('a logo on disk'));
      const atRest = await fs.readFile(path.join(onDisk.config.dataDir, 'files', 'org-6/logo.png'));
      expect(atRest.subarray(0, 4).toString()).toBe('GFE1');
      expect(String(await onDisk.app.services.files.get('org-6/logo.png'))).toBe('a logo on disk');
    } finally {
      await onDisk.close();
    }
  });
});
