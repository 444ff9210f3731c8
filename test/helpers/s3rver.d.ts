// Minimal typings for s3rver 3.7 (it ships none): the parts test/helpers/s3.ts uses.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    directory: string;
    address?: string;
    port?: number;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: Buffer[] }[];
  };

  /** s3rver is a Koa application: its middleware, called in order, the first added first. */
  export type S3rverMiddleware = (
    ctx: { method: string; query: Record<string, string | string[] | undefined>; status: number },
    next: () => Promise<unknown>,
  ) => Promise<unknown>;

  export default class S3rver {
    middleware: S3rverMiddleware[];
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
