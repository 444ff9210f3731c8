import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { FileStore } from '../../platform/storage.ts';

/**
 * A zip of stored files, streamed: each file is read from the store and written into the archive as it comes
 * (stored, not compressed: PDFs and photos are compressed already), so a large selection never sits in memory.
 */
export function zipStream(files: FileStore, entries: { name: string; fileKey: string }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return out.destroy(err);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const entry of entries) {
        const source = await files.getStream(entry.fileKey);
        if (!source) continue;
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        for await (const chunk of source) {
          file.push(new Uint8Array(chunk as Buffer));
          // Let the reader catch up before reading more.
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
