import {
  IMPORT_FILE_MAX_BYTES,
  XLSX_TYPE,
  importFileKind,
  type TParseQuery,
  type TParsedFile,
} from '@shared/imports/contracts.ts';
import { api, ApiError, saveFile } from '@web/app/api.ts';

export { IMPORT_FILE_MAX_BYTES };

/** The file's header row and text rows, read by the server (POST /api/v1/imports/parse). */
export function parseImportFile(file: File, options: TParseQuery = {}): Promise<TParsedFile> {
  const isXlsx = importFileKind(file) === 'xlsx';
  const params = new URLSearchParams();
  if (!isXlsx && options.delimiter) params.set('delimiter', options.delimiter);
  if (!isXlsx && options.skipLines) params.set('skipLines', String(options.skipLines));
  const body = new Blob([file], { type: isXlsx ? XLSX_TYPE : 'text/csv' });
  return api<TParsedFile>(`/api/v1/imports/parse${params.size ? `?${params}` : ''}`, {
    method: 'POST',
    body,
  });
}

/** Saves a CSV made in the browser (an import template) under the given name. */
export function downloadCsv(fileName: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * POSTs JSON with XMLHttpRequest, which reports upload progress (fetch does not): the import screens show how
 * much of a large file has been sent before the server checks and saves it.
 */
export function postWithProgress<T>(
  url: string,
  body: unknown,
  onUpload: (share: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'it');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onUpload(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error: failed to fetch' }));
    xhr.onload = () => {
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const err = ((data as { error?: unknown } | undefined)?.error ?? {}) as {
        code?: string;
        message?: string;
        details?: unknown;
      };
      reject(
        new ApiError({
          status: xhr.status,
          code: err.code ?? (xhr.status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR'),
          message: err.message ?? xhr.statusText,
          details: err.details,
        }),
      );
    };
    xhr.send(JSON.stringify(body));
  });
}
