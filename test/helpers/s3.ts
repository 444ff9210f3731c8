import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver, { type S3rverMiddleware } from 's3rver';
import type { S3StoreConfig } from '@server/platform/storage.ts';

/** s3rver checks request signatures against this one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'gestionale-test';

export type S3TestServer = {
  /** What the app's S3_* variables would say for this server. */
  config: S3StoreConfig;
  /** Multipart uploads begun and neither completed nor aborted (s3rver keeps them in this folder). */
  pendingUploads(): Promise<string[]>;
  stop(): Promise<void>;
};

const configFor = (port: number): S3StoreConfig => ({
  endpoint: `http://127.0.0.1:${port}`,
  bucket: BUCKET,
  ...CREDENTIALS,
  region: 'us-east-1',
  forcePathStyle: true,
});

const pendingUploadsIn = (directory: string) => async () => {
  try {
    return await fs.readdir(path.join(directory, BUCKET, '._S3rver_uploads'));
  } catch {
    return [];
  }
};

/**
 * AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`), which s3rver 3.7.1 answers 405: it drops the upload's
 * parts as S3 does, so a test sees whether the store asked for it. Requests are not signature-checked here.
 */
function abortMultipartUpload(directory: string): S3rverMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    if (!/^[a-zA-Z0-9]+$/.test(uploadId)) {
      ctx.status = 400;
      return;
    }
    await fs.rm(path.join(directory, BUCKET, '._S3rver_uploads', uploadId), { recursive: true, force: true });
    ctx.status = 204;
  };
}

/**
 * A real S3-protocol server (s3rver: signatures checked, multipart uploads, ranges) on a free local port, its
 * bucket in a temporary folder removed by `stop`.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'gestionale-s3-'));
  const server = new S3rver({
    directory,
    address: '127.0.0.1',
    port: 0,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  server.middleware.unshift(abortMultipartUpload(directory));
  const { port } = await server.run();
  return {
    config: configFor(port),
    pendingUploads: pendingUploadsIn(directory),
    async stop() {
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The same server in a process of its own, so a measurement of this process's memory leaves it out (the bench). */
export async function startS3ServerProcess(): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'gestionale-s3-'));
  const port = await freePort();
  const bin = fileURLToPath(new URL('../../node_modules/s3rver/bin/s3rver.js', import.meta.url));
  const child = spawn(
    process.execPath,
    [bin, '-d', directory, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BUCKET],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await fs.rm(directory, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 15_000; ;) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (listening) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`s3rver did not start: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { config: configFor(port), pendingUploads: pendingUploadsIn(directory), stop };
}
