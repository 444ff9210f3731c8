/**
 * File storage port and its adapters (DESIGN.md §5): the local folder of the embedded default, an S3-compatible
 * bucket in server mode, and the encryption at rest app.ts puts around either. Callers import from here.
 */
export {
  assertStorageKey,
  type ByteRange,
  type FileSource,
  type FileStore,
  type StoredFile,
} from './storage/port.ts';
export { createLocalFileStore } from './storage/local.ts';
export { createS3FileStore, type S3StoreConfig } from './storage/s3.ts';
export { createEncryptedFileStore, FILE_KEYS_PURPOSE, StoredFileError } from './storage/encrypted.ts';
