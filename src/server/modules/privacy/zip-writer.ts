import { PassThrough } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';

/** Thrown inside a producer when the client went away: there is no one left to write for. */
export class ExportAborted extends Error {
  constructor() {
    super('export aborted: the client closed the connection');
  }
}

/**
 * A ZIP archive written as a stream (fflate): files are added one after the other and compressed as their
 * content arrives, so an export never holds more than one page of rows in memory. The producer waits
 * whenever the client reads slower than the archive is made (backpressure).
 */
export class ZipWriter {
  readonly output = new PassThrough();
  private readonly zip: Zip;

  constructor() {
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.output.destroy(error);
        return;
      }
      if (this.output.destroyed) return;
      this.output.write(chunk);
      if (final) this.output.end();
    });
  }

  /** Waits until the client has read what is buffered; fails when it went away. */
  private async drained(): Promise<void> {
    if (this.output.destroyed) throw new ExportAborted();
    if (!this.output.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.output.off('drain', done);
        this.output.off('close', done);
        resolve();
      };
      this.output.on('drain', done);
      this.output.on('close', done);
    });
    if (this.output.destroyed) throw new ExportAborted();
  }

  private open(name: string): ZipDeflate {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    return file;
  }

  async text(name: string, content: string): Promise<void> {
    this.open(name).push(strToU8(content), true);
    await this.drained();
  }

  async json(name: string, value: unknown): Promise<void> {
    await this.text(name, `${JSON.stringify(value, null, 2)}\n`);
  }

  /**
   * A JSON array written page by page, one row per line (readable, and a row is never split across pages).
   * Returns how many rows were written.
   */
  async jsonArray(name: string, pages: AsyncIterable<readonly unknown[]>): Promise<number> {
    const file = this.open(name);
    file.push(strToU8('['));
    let rows = 0;
    for await (const page of pages) {
      let piece = '';
      for (const row of page) {
        piece += `${rows === 0 ? '\n  ' : ',\n  '}${JSON.stringify(row)}`;
        rows++;
      }
      if (piece) file.push(strToU8(piece));
      await this.drained();
    }
    file.push(strToU8(rows > 0 ? '\n]\n' : ']\n'), true);
    await this.drained();
    return rows;
  }

  /** Writes the archive's directory: the stream ends once the client has it. */
  end(): void {
    this.zip.end();
  }

  /** Stops the archive after a failure: the client sees a broken download, never a silently partial one. */
  fail(error: unknown): void {
    this.zip.terminate();
    if (!this.output.destroyed) {
      this.output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/**
 * Runs `produce` into a new archive in the background and returns the stream to send; failures are reported
 * to `onError` (the client went away, or a read failed half-way).
 */
export function streamZip(
  produce: (zip: ZipWriter) => Promise<void>,
  onError: (error: unknown) => void,
): PassThrough {
  const zip = new ZipWriter();
  void (async () => {
    try {
      await produce(zip);
      zip.end();
    } catch (error) {
      zip.fail(error);
      if (!(error instanceof ExportAborted)) onError(error);
    }
  })();
  return zip.output;
}
