/**
 * OCR with tesseract.js, fully offline (issue 17): the Italian and English LSTM models come from the npm
 * packages @tesseract.js-data/ita and /eng (4.0.0_best_int, gzipped); nothing is fetched at run time and
 * nothing is cached to disk. One long-lived worker, created on first use; jobs wait in a queue and run one at
 * a time (a small machine has no core to spare for a second). A job is cancelled through its AbortSignal:
 * still queued, it is dropped; running, the worker is terminated and the next job creates a new one.
 *
 * tesseract.js loads every language from one `langPath`, and the two packages are two folders; passing the
 * data itself (`{ code, data }`) is broken in 7.0.0 (initialize joins the data, not the codes). So the worker
 * starts with `ita` from its folder, `eng` is written into the worker's file system from its own folder, and
 * the worker is reinitialised with `ita+eng`; the list it keeps of loaded languages is told about `eng` first
 * (the array passed to createWorker is that list), so reinitialize loads nothing from `langPath`.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { OEM, PSM, createWorker, type Worker } from 'tesseract.js';
import { ReadingError } from './errors.ts';

export type OcrOptions = {
  /** Called with 0..1 while the page is read. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Page segmentation: 'auto' (tesseract's 3, the default) or 'block' (6: one uniform block, receipts). */
  layout?: 'auto' | 'block';
};
export type OcrPage = { text: string; confidence: number };
export type OcrResult = { text: string; confidence: number; pages?: OcrPage[] };

const LANGUAGES = 'ita+eng';
const MODEL_FOLDER = '4.0.0_best_int';

/** The folder of a language's model inside its npm package, found from this file (any working directory). */
export function modelFolder(lang: 'ita' | 'eng'): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), MODEL_FOLDER);
}

type Job = {
  image: Buffer;
  options: OcrOptions;
  resolve: (r: OcrResult) => void;
  reject: (e: unknown) => void;
};

export class OcrEngine {
  private worker: Promise<Worker> | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private closed = false;
  /** Errors the worker reports outside a job (tesseract.js throws them from its message handler otherwise). */
  private workerErrors: unknown[] = [];

  /** Jobs waiting, the running one included. */
  get pending(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  recognize(image: Buffer, options: OcrOptions = {}): Promise<OcrResult> {
    if (this.closed) return Promise.reject(new Error('OCR engine closed'));
    if (options.signal?.aborted) return Promise.reject(cancelled());
    return new Promise<OcrResult>((resolve, reject) => {
      const job: Job = { image, options, resolve, reject };
      this.queue.push(job);
      options.signal?.addEventListener(
        'abort',
        () => {
          const at = this.queue.indexOf(job);
          if (at >= 0) {
            this.queue.splice(at, 1);
            reject(cancelled());
          } else if (this.running === job) {
            // The only way to stop tesseract mid-page: end the worker (its pending call never settles); the
            // queue moves on and the next job starts a new worker.
            this.running = null;
            reject(cancelled());
            void this.dropWorker().then(() => this.pump());
          }
        },
        { once: true },
      );
      void this.pump();
    });
  }

  /** Several pages in order, as one result; progress spans all of them. */
  async recognizePages(images: Buffer[], options: OcrOptions = {}): Promise<OcrResult> {
    const pages: OcrPage[] = [];
    for (const [i, image] of images.entries()) {
      const r = await this.recognize(image, {
        ...options,
        onProgress: (f) => options.onProgress?.((i + f) / images.length),
      });
      pages.push({ text: r.text, confidence: r.confidence });
    }
    const confidence = pages.length ? pages.reduce((s, p) => s + p.confidence, 0) / pages.length : 0;
    return { text: pages.map((p) => p.text).join('\n\f\n'), confidence, pages };
  }

  /** Ends the worker; queued jobs are rejected. For shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('OCR engine closed'));
    await this.dropWorker();
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    try {
      const worker = await this.ensureWorker();
      if (job.options.signal?.aborted) throw cancelled();
      await worker.setParameters({
        tessedit_pageseg_mode: job.options.layout === 'block' ? PSM.SINGLE_BLOCK : PSM.AUTO,
        user_defined_dpi: '300',
      });
      const { data } = await worker.recognize(job.image);
      if (this.running === job) job.resolve({ text: data.text, confidence: data.confidence / 100 });
    } catch (err) {
      if (this.running === job) job.reject(job.options.signal?.aborted ? cancelled() : toReadingError(err));
    } finally {
      if (this.running === job) {
        this.running = null;
        void this.pump();
      }
    }
  }

  private ensureWorker(): Promise<Worker> {
    this.worker ??= this.startWorker().catch((err: unknown) => {
      this.worker = null;
      throw err;
    });
    return this.worker;
  }

  private async startWorker(): Promise<Worker> {
    const loaded = ['ita'];
    const worker = await createWorker(loaded, OEM.LSTM_ONLY, {
      langPath: modelFolder('ita'),
      gzip: true,
      cacheMethod: 'none',
      logger: (m) => {
        if (m.status === 'recognizing text') this.running?.options.onProgress?.(m.progress);
      },
      errorHandler: (err) => this.workerErrors.push(err),
    });
    const eng = gunzipSync(await fs.readFile(path.join(modelFolder('eng'), 'eng.traineddata.gz')));
    await worker.FS('writeFile', ['eng.traineddata', eng]);
    loaded.push('eng');
    await worker.reinitialize(LANGUAGES, OEM.LSTM_ONLY);
    return worker;
  }

  private async dropWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    try {
      await (await worker).terminate();
    } catch {
      // A worker that failed to start has nothing to end.
    }
  }
}

function cancelled() {
  return new ReadingError('OCR_CANCELLED', 'OCR cancelled');
}

/** tesseract.js rejects with strings; an image it cannot decode is a corrupt file. */
function toReadingError(err: unknown): Error {
  if (err instanceof Error) return err;
  const message = String(err);
  if (/image|pix|read|decode/i.test(message)) return new ReadingError('FILE_CORRUPT', message);
  return new Error(message);
}

let shared: OcrEngine | null = null;
/** The process's one engine (one worker for the whole server). */
export function ocrEngine(): OcrEngine {
  shared ??= new OcrEngine();
  return shared;
}
/** Closes the process's engine, if it was started. */
export async function closeOcrEngine(): Promise<void> {
  const engine = shared;
  shared = null;
  await engine?.close();
}
