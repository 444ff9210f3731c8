import { describe, expect, it } from 'vitest';
import { nextToUpload, uploadErrorKey, uploadQueueReducer, type UploadItem } from './upload-queue.ts';

const doc = (id: string, readingStatus: 'pending' | 'not_needed' = 'pending') => ({
  id,
  title: `Doc ${id}`,
  readingStatus,
  readingProgress: 0,
});

function queue(...names: string[]): UploadItem[] {
  return uploadQueueReducer([], {
    type: 'add',
    files: names.map((name) => ({ key: name, name, size: 10 })),
  });
}

describe('upload queue', () => {
  it('follows a file from upload to reading to done, with the live progress of its document only', () => {
    let items = queue('a.jpg', 'b.pdf');
    items = uploadQueueReducer(items, { type: 'start', key: 'a.jpg' });
    items = uploadQueueReducer(items, { type: 'progress', key: 'a.jpg', share: 0.456 });
    expect(items[0]).toMatchObject({ phase: 'uploading', progress: 46 });
    items = uploadQueueReducer(items, { type: 'created', key: 'a.jpg', document: doc('d1') });
    expect(items[0]).toMatchObject({ phase: 'reading', documentId: 'd1', progress: 0 });
    items = uploadQueueReducer(items, { type: 'reading', documentId: 'd1', status: 'running', progress: 40 });
    items = uploadQueueReducer(items, { type: 'reading', documentId: 'd2', status: 'done', progress: 100 });
    expect(items[0]).toMatchObject({ phase: 'reading', progress: 40 });
    items = uploadQueueReducer(items, { type: 'reading', documentId: 'd1', status: 'done', progress: 100 });
    expect(items[0]).toMatchObject({ phase: 'done', readingStatus: 'done' });
    expect(items[1]).toMatchObject({ phase: 'queued' });
  });

  it('a file without text to read is done at once; a refusal keeps its code and limit', () => {
    let items = queue('a.zip', 'big.pdf');
    items = uploadQueueReducer(items, { type: 'created', key: 'a.zip', document: doc('z', 'not_needed') });
    items = uploadQueueReducer(items, { type: 'failed', key: 'big.pdf', code: 'FILE_TOO_LARGE', maxMb: 50 });
    expect(items.map((i) => i.phase)).toEqual(['done', 'error']);
    expect(items[1]?.error).toEqual({ code: 'FILE_TOO_LARGE', maxMb: 50 });
    expect(uploadQueueReducer(items, { type: 'retry', key: 'big.pdf' })[1]).toMatchObject({
      phase: 'queued',
      error: null,
    });
    expect(uploadQueueReducer(items, { type: 'clearFinished' })).toEqual([]);
  });

  it('a duplicate can be sent again with allowDuplicate', () => {
    let items = queue('a.jpg');
    items = uploadQueueReducer(items, { type: 'duplicate', key: 'a.jpg', document: doc('old') });
    expect(items[0]).toMatchObject({ phase: 'duplicate', documentId: 'old', title: 'Doc old' });
    items = uploadQueueReducer(items, { type: 'uploadAnyway', key: 'a.jpg' });
    expect(items[0]).toMatchObject({ phase: 'queued', allowDuplicate: true, documentId: null });
  });

  it('sends at most `concurrency` files at once', () => {
    let items = queue('1', '2', '3');
    expect(nextToUpload(items, 2).map((i) => i.key)).toEqual(['1', '2']);
    items = uploadQueueReducer(items, { type: 'start', key: '1' });
    expect(nextToUpload(items, 2).map((i) => i.key)).toEqual(['2']);
  });
});

describe('uploadErrorKey', () => {
  it('names a text per known code and a general one otherwise', () => {
    expect(uploadErrorKey('PDF_ENCRYPTED')).toBe('upload.errors.PDF_ENCRYPTED');
    expect(uploadErrorKey('FILE_TYPE_MISMATCH')).toBe('upload.errors.FILE_TYPE_MISMATCH');
    expect(uploadErrorKey('INTERNAL')).toBe('upload.errors.UNKNOWN');
  });
});
