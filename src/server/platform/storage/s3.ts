import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import {
  assertByteRange,
  assertStorageKey,
  assertStoragePrefix,
  toBuffer,
  type FileSource,
  type FileStore,
} from './port.ts';

/** Server mode's object store (S3_* variables, platform/config.ts). */
export type S3StoreConfig = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what MinIO, Garage, Ceph… expect. */
  forcePathStyle: boolean;
};

/**
 * A streamed put sends parts of this size, `QUEUE` at a time: the memory a put holds is about
 * (QUEUE + 1) × PART_BYTES, whatever the file's size (S3's smallest part is 5 MiB).
 */
const PART_BYTES = 5 * 1024 * 1024;
const QUEUE = 2;

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as { name?: string }).name;

export function createS3FileStore(config: S3StoreConfig): FileStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 trailers in aws-chunked bodies) is
    // refused by several S3-compatible stores, and the encryption's GCM tags already prove every byte read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return key;
  };

  /** The source's bytes, counted; its own failure noted, to be reported rather than what the upload made of it. */
  async function* counted(source: FileSource, seen: { bytes: number; failure?: unknown }) {
    try {
      for await (const chunk of source) {
        const bytes = toBuffer(chunk);
        seen.bytes += bytes.length;
        yield bytes;
      }
    } catch (err) {
      seen.failure = err;
      throw err;
    }
  }

  return {
    async put(key, content) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: content, ContentLength: content.length }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const bytes = await res.Body!.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (nameOf(err) === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async putStream(key, source) {
      const seen: { bytes: number; failure?: unknown } = { bytes: 0 };
      // Multipart when the content passes one part, a single PUT otherwise. A failure aborts the multipart
      // upload (leavePartsOnError: false): the parts sent are dropped and the key keeps what it had.
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(key),
          Body: Readable.from(counted(source, seen), { objectMode: false }),
        },
        partSize: PART_BYTES,
        queueSize: QUEUE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        throw seen.failure ?? err;
      }
      return { sizeBytes: seen.bytes };
    },
    async getStream(key, options = {}) {
      const { range } = options;
      if (range) assertByteRange(range);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (nameOf(err) === 'NoSuchKey') return null;
        // A range past the end (every range of an empty object): nothing to give, as the local store does.
        if (range && statusOf(err) === 416) return Readable.from([], { objectMode: false });
        throw err;
      }
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { sizeBytes: res.ContentLength ?? 0 };
      } catch (err) {
        // HEAD answers have no body, hence no error code: a 404 is the missing object.
        if (nameOf(err) === 'NotFound' || nameOf(err) === 'NoSuchKey' || statusOf(err) === 404) return null;
        throw err;
      }
    },
    async *list(prefix) {
      assertStoragePrefix(prefix);
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined) yield { key: object.Key, sizeBytes: object.Size ?? 0 };
      }
    },
  };
}
