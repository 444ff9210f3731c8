// Issue 17's file store figures: a 50 MB file streamed into and out of the local folder and an S3-compatible
// bucket (s3rver in a process of its own), encrypted at rest and, for comparison, not; throughput and how much this
// process's memory grew meanwhile (RSS sampled every 20 ms), which shows that a file is never held whole.
// Called by scripts/bench.ts (section `storage`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import {
  createEncryptedFileStore,
  createLocalFileStore,
  createS3FileStore,
  type FileStore,
} from '../src/server/platform/storage.ts';
import { startS3ServerProcess } from '../test/helpers/s3.ts';

export const STORAGE_FILE_BYTES = 50 * 1024 * 1024;
/** One file this much larger, once: memory that grows with the file would show here. */
const LARGE_FACTOR = 4;
export const STORAGE_RUNS = 3;
const BLOCK = 1024 * 1024;
const SAMPLE_MS = 20;
const SECRET = 'bench-storage-secret-0123456789abcdefghij';

export type StorageRun = { ms: number; peakRssGrowthBytes: number };
export type StorageResult = { store: string; fileBytes: number; puts: StorageRun[]; gets: StorageRun[] };
export type StorageBench = { results: StorageResult[]; notes: string[] };

/** Runs `work` while sampling this process's RSS; the time it took and the peak growth over the RSS before it. */
async function measured(work: () => Promise<void>): Promise<StorageRun> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, SAMPLE_MS);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms, peakRssGrowthBytes: peak - before };
}

/** The file's content: one random MiB over and over, made as it is read. */
async function* content(block: Buffer, fileBytes: number) {
  for (let sent = 0; sent < fileBytes; sent += block.length) yield block;
}

/** Reads the stream through, checking every byte against what was written. */
async function readBack(stream: Readable, block: Buffer, fileBytes: number) {
  let at = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length;) {
      const offset = (at + i) % BLOCK;
      const n = Math.min(chunk.length - i, BLOCK - offset);
      if (!chunk.subarray(i, i + n).equals(block.subarray(offset, offset + n)))
        throw new Error(`read back differs at byte ${at + i}`);
      i += n;
    }
    at += chunk.length;
  }
  if (at !== fileBytes) throw new Error(`read back ${at} bytes of ${fileBytes}`);
}

async function readAll(stream: Readable) {
  for await (const _ of stream);
}

async function benchStore(
  name: string,
  store: FileStore,
  block: Buffer,
  log: (m: string) => void,
  options: { fileBytes: number; runs: number } = { fileBytes: STORAGE_FILE_BYTES, runs: STORAGE_RUNS },
) {
  const { fileBytes, runs } = options;
  const result: StorageResult = { store: name, fileBytes, puts: [], gets: [] };
  // One unmeasured file first (past one S3 part), so the runs measure the store, not first-use costs.
  await store.putStream('bench/warm-up.bin', [block, block, block, block, block, block]);
  await readAll((await store.getStream('bench/warm-up.bin'))!);
  await store.remove('bench/warm-up.bin');
  for (let run = 0; run < runs; run++) {
    const key = `bench/${run}.bin`;
    result.puts.push(
      await measured(async () => {
        const { sizeBytes } = await store.putStream(key, content(block, fileBytes));
        if (sizeBytes !== fileBytes) throw new Error(`stored ${sizeBytes} bytes`);
      }),
    );
    result.gets.push(await measured(async () => readBack((await store.getStream(key))!, block, fileBytes)));
    await store.remove(key);
  }
  const mbps = (r: StorageRun) => (fileBytes / 2 ** 20 / (r.ms / 1000)).toFixed(0);
  log(
    `storage: ${name}: put ${result.puts.map(mbps).join(', ')} MB/s; get ${result.gets.map(mbps).join(', ')} MB/s`,
  );
  return result;
}

export async function storageBench(deps: {
  tmpRoot: string;
  log: (msg: string) => void;
}): Promise<StorageBench> {
  const { log } = deps;
  const bench: StorageBench = { results: [], notes: [] };
  const block = randomBytes(BLOCK);
  const root = path.join(deps.tmpRoot, 'storage-files');
  fs.mkdirSync(root, { recursive: true });
  const local = createLocalFileStore(root);
  const encrypted = createEncryptedFileStore(local, SECRET);
  bench.results.push(await benchStore('local folder, encrypted', encrypted, block, log));
  bench.results.push(
    await benchStore(`local folder, encrypted, one ${LARGE_FACTOR}× larger file`, encrypted, block, log, {
      fileBytes: LARGE_FACTOR * STORAGE_FILE_BYTES,
      runs: 1,
    }),
  );
  bench.results.push(await benchStore('local folder, not encrypted', local, block, log));
  let s3;
  try {
    s3 = await startS3ServerProcess();
  } catch (err) {
    bench.notes.push(`S3 not measured: ${(err as Error).message}`);
  }
  if (s3) {
    try {
      const bucket = createS3FileStore(s3.config);
      bench.results.push(
        await benchStore('S3 (s3rver), encrypted', createEncryptedFileStore(bucket, SECRET), block, log),
      );
      bench.results.push(await benchStore('S3 (s3rver), not encrypted', bucket, block, log));
    } finally {
      await s3.stop();
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
  return bench;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The section of docs/BENCHMARKS.md. */
export function storageSection(b: StorageBench): string {
  const mb = STORAGE_FILE_BYTES / 2 ** 20;
  const speed = (r: StorageResult, runs: StorageRun[]) => {
    const rate = (ms: number) => (r.fileBytes / 2 ** 20 / (ms / 1000)).toFixed(0);
    return runs.length > 1
      ? `**${rate(median(runs.map((x) => x.ms)))} MB/s** (${runs.map((x) => rate(x.ms)).join(', ')})`
      : `**${rate(runs[0]!.ms)} MB/s**`;
  };
  const rss = (runs: StorageRun[]) =>
    `**${(Math.max(...runs.map((r) => r.peakRssGrowthBytes)) / 2 ** 20).toFixed(0)} MB**`;
  return [
    `A ${mb} MB file streamed through the file store port (\`putStream\`, then \`getStream\` read through and compared`,
    `byte for byte) in this process: the local folder on this machine's disk, and an S3-compatible bucket served by`,
    `s3rver 3.7.1 in a process of its own over 127.0.0.1 (multipart upload, 5 MiB parts, 2 at a time). Encrypted is`,
    `what the app stores (AES-256-GCM in 64 KiB segments, platform/storage/encrypted.ts); not encrypted is the bare`,
    `adapter, for comparison. Median of ${STORAGE_RUNS} runs after one unmeasured file (each run in brackets), and one run of a`,
    `${LARGE_FACTOR * mb} MB file. Memory is the largest growth of this process's RSS over its value before the run, sampled every`,
    `20 ms; buffers already released but not yet collected count too (V8 collects them after tens of MB), so the`,
    `figure is an upper bound: what matters is that it does not grow with the file (compare the ${LARGE_FACTOR * mb} MB row).`,
    '',
    '| store | put (stream in) | get (stream out) | RSS growth, put | RSS growth, get |',
    '|---|---:|---:|---:|---:|',
    ...b.results.map(
      (r) => `| ${r.store} | ${speed(r, r.puts)} | ${speed(r, r.gets)} | ${rss(r.puts)} | ${rss(r.gets)} |`,
    ),
    ...b.notes.map((n) => `\n- ${n}`),
  ].join('\n');
}
