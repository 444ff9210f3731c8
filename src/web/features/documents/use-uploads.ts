import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '@web/app/api.ts';
import { documentKeys, uploadDocument, useDocumentsLive } from './documents-api.ts';
import { nextToUpload, uploadQueueReducer } from './upload-queue.ts';

/** Files sent at once: each its own request; two keep a small server busy without queueing the OCR behind many. */
const CONCURRENCY = 2;

let counter = 0;

/**
 * The upload queue of the documents page: files added (picker, drop, paste, camera) are sent two at a time, each
 * with its progress; the live channel moves each created document through its reading. The File objects stay in
 * a ref (the reducer holds only what is shown).
 */
export function useUploads(orgId: string | null) {
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(uploadQueueReducer, []);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());

  useDocumentsLive(orgId, (update) => dispatch({ type: 'reading', ...update }));

  const add = useCallback((list: Iterable<File>) => {
    const added = [...list].map((file) => {
      counter += 1;
      const key = `${Date.now()}-${counter}`;
      files.current.set(key, file);
      return { key, name: file.name || 'file', size: file.size };
    });
    if (added.length > 0) dispatch({ type: 'add', files: added });
  }, []);

  useEffect(() => {
    for (const item of nextToUpload(items, CONCURRENCY)) {
      const file = files.current.get(item.key);
      if (!file) {
        dispatch({ type: 'failed', key: item.key, code: 'UNKNOWN' });
        continue;
      }
      dispatch({ type: 'start', key: item.key });
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      uploadDocument(file, {
        allowDuplicate: item.allowDuplicate,
        signal: controller.signal,
        onProgress: (share) => dispatch({ type: 'progress', key: item.key, share }),
      })
        .then((result) => {
          dispatch({ type: result.status, key: item.key, document: result.document });
          if (result.status === 'created') {
            files.current.delete(item.key);
            void queryClient.invalidateQueries({ queryKey: documentKeys.lists(orgId) });
          }
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          const code = error instanceof ApiError ? error.code : NETWORK_ERROR;
          const details =
            error instanceof ApiError ? (error.details as { maxMb?: unknown } | undefined) : undefined;
          const maxMb = typeof details?.maxMb === 'number' ? details.maxMb : null;
          dispatch({ type: 'failed', key: item.key, code, maxMb });
        })
        .finally(() => controllers.current.delete(item.key));
    }
  }, [items, orgId, queryClient]);

  // Leaving the page stops the uploads still running.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  return {
    items,
    add,
    uploadAnyway: (key: string) => dispatch({ type: 'uploadAnyway', key }),
    retry: (key: string) => dispatch({ type: 'retry', key }),
    dismiss: (key: string) => {
      controllers.current.get(key)?.abort();
      files.current.delete(key);
      dispatch({ type: 'dismiss', key });
    },
    clearFinished: () => dispatch({ type: 'clearFinished' }),
  };
}
