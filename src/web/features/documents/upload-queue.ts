import type { ReadingStatus } from '@shared/documents/contracts.ts';

/**
 * The upload panel's state, one row per file: sent (with its progress) → being read (OCR progress from the live
 * channel) → done; or refused (with the server's code), or already stored (the existing document, with "upload
 * anyway"). Pure: the page keeps it in a reducer and the tests drive it directly.
 */
export type UploadPhase = 'queued' | 'uploading' | 'reading' | 'done' | 'duplicate' | 'error';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  /** 0..100: of the upload while uploading, of the reading while reading. */
  progress: number;
  /** Sent again with allowDuplicate after the user chose "upload anyway". */
  allowDuplicate: boolean;
  documentId: string | null;
  title: string | null;
  readingStatus: ReadingStatus | null;
  error: { code: string; maxMb: number | null } | null;
}

export type UploadAction =
  | { type: 'add'; files: { key: string; name: string; size: number }[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; share: number }
  | {
      type: 'created' | 'duplicate';
      key: string;
      document: { id: string; title: string; readingStatus: ReadingStatus; readingProgress: number };
    }
  | { type: 'failed'; key: string; code: string; maxMb?: number | null }
  | { type: 'reading'; documentId: string; status: ReadingStatus; progress: number }
  | { type: 'uploadAnyway'; key: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string }
  | { type: 'clearFinished' };

const STILL_READING: readonly ReadingStatus[] = ['pending', 'running'];
const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

function update(items: UploadItem[], key: string, change: (item: UploadItem) => UploadItem): UploadItem[] {
  return items.map((item) => (item.key === key ? change(item) : item));
}

export function uploadQueueReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.files.map((f): UploadItem => ({
          ...f,
          phase: 'queued',
          progress: 0,
          allowDuplicate: false,
          documentId: null,
          title: null,
          readingStatus: null,
          error: null,
        })),
      ];
    case 'start':
      return update(items, action.key, (i) => ({ ...i, phase: 'uploading', progress: 0, error: null }));
    case 'progress':
      return update(items, action.key, (i) =>
        i.phase === 'uploading' ? { ...i, progress: clamp(action.share * 100) } : i,
      );
    case 'created':
      return update(items, action.key, (i) => {
        const reading = STILL_READING.includes(action.document.readingStatus);
        return {
          ...i,
          phase: reading ? 'reading' : 'done',
          progress: reading ? clamp(action.document.readingProgress) : 100,
          documentId: action.document.id,
          title: action.document.title,
          readingStatus: action.document.readingStatus,
        };
      });
    case 'duplicate':
      return update(items, action.key, (i) => ({
        ...i,
        phase: 'duplicate',
        progress: 100,
        documentId: action.document.id,
        title: action.document.title,
        readingStatus: action.document.readingStatus,
      }));
    case 'failed':
      return update(items, action.key, (i) => ({
        ...i,
        phase: 'error',
        error: { code: action.code, maxMb: action.maxMb ?? null },
      }));
    case 'reading':
      return items.map((i) => {
        if (i.documentId !== action.documentId || i.phase !== 'reading') return i;
        const reading = STILL_READING.includes(action.status);
        return {
          ...i,
          phase: reading ? 'reading' : 'done',
          progress: reading ? clamp(action.progress) : 100,
          readingStatus: action.status,
        };
      });
    case 'uploadAnyway':
      return update(items, action.key, (i) =>
        i.phase === 'duplicate'
          ? { ...i, phase: 'queued', progress: 0, allowDuplicate: true, documentId: null, title: null }
          : i,
      );
    case 'retry':
      return update(items, action.key, (i) =>
        i.phase === 'error' ? { ...i, phase: 'queued', progress: 0, error: null } : i,
      );
    case 'dismiss':
      return items.filter((i) => i.key !== action.key);
    case 'clearFinished':
      return items.filter((i) => i.phase === 'queued' || i.phase === 'uploading' || i.phase === 'reading');
  }
}

/** The rows waiting for their turn, oldest first (the page sends at most a couple at a time). */
export function nextToUpload(items: UploadItem[], concurrency: number): UploadItem[] {
  const running = items.filter((i) => i.phase === 'uploading').length;
  return items.filter((i) => i.phase === 'queued').slice(0, Math.max(0, concurrency - running));
}

/** The upload errors of the documents API with their own text; any other code reads as a general failure. */
export const UPLOAD_ERROR_CODES = [
  'FILE_TOO_LARGE',
  'FILE_TYPE_MISMATCH',
  'FILE_NAME_INVALID',
  'FILE_CORRUPT',
  'PDF_ENCRYPTED',
  'IMAGE_TOO_LARGE',
  'FILE_EMPTY',
  'FORBIDDEN',
  'NETWORK_ERROR',
  'RATE_LIMITED',
] as const;

/** The catalogue key (namespace documents) of the words for an upload error code. */
export function uploadErrorKey(code: string): string {
  return (UPLOAD_ERROR_CODES as readonly string[]).includes(code)
    ? `upload.errors.${code}`
    : 'upload.errors.UNKNOWN';
}
