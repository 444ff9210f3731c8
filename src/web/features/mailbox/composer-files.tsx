import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip, X } from 'lucide-react';
import {
  MAIL_ATTACHMENTS_MAX_BYTES,
  type TDocumentAttachment,
  type TUploadResult,
} from '@shared/mailbox/compose.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import type { DraftFile } from './compose-draft.ts';
import { fileSize } from './mailbox-format.ts';

/**
 * The composer's attachments (issue 16): each file is uploaded as soon as it is picked or dropped
 * (POST /mail/uploads), listed with its size and state, and named when the message is sent. Files that were not
 * sent are removed from the server when the composer closes.
 */

/** A file on the composer: uploading, ready (uploaded, or an attachment of the forwarded message) or failed. */
export type ComposeFile = DraftFile & {
  key: string;
  state: 'uploading' | 'ready' | 'failed';
  error?: string;
};

export const LIMIT_TEXT = `${MAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MB`;

/** Uploads that were not sent: removed from the server (best effort; nothing depends on it). */
export function dropUploads(files: ComposeFile[]) {
  for (const f of files) {
    if (f.uploadId)
      void api<null>(`/api/v1/mail/uploads/${encodeURIComponent(f.uploadId)}`, { method: 'DELETE' }).catch(
        () => undefined,
      );
  }
}

/**
 * The files and what changes them. `onLimit` gets the message when a pick would pass the limit (nothing is added),
 * and undefined once a pick fits.
 */
export function useComposeFiles(initial: DraftFile[], onLimit: (message: string | undefined) => void) {
  const { t } = useTranslation(['mailbox']);
  const [files, setFiles] = useState<ComposeFile[]>(() =>
    initial.map((a) => ({ ...a, key: crypto.randomUUID(), state: 'ready' as const })),
  );
  /** Files removed while they were uploading: their upload goes as soon as it lands. */
  const removed = useRef(new Set<string>());

  const add = (list: FileList | File[]) => {
    const added = [...list];
    if (added.length === 0) return;
    const total = [...files, ...added].reduce((sum, f) => sum + f.size, 0);
    if (total > MAIL_ATTACHMENTS_MAX_BYTES) {
      onLimit(t('mailbox:compose.tooLarge', { limit: LIMIT_TEXT }));
      return;
    }
    onLimit(undefined);
    for (const file of added) {
      const key = crypto.randomUUID();
      const entry: ComposeFile = {
        key,
        filename: file.name,
        contentType: file.type || 'application/octet-stream',
        size: file.size,
        state: 'uploading',
      };
      setFiles((fs) => [...fs, entry]);
      api<TUploadResult>('/api/v1/mail/uploads', {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'application/octet-stream' },
      })
        .then(({ uploadId }) => {
          if (removed.current.has(key)) return dropUploads([{ ...entry, uploadId }]);
          setFiles((fs) => fs.map((f) => (f.key === key ? { ...f, uploadId, state: 'ready' } : f)));
        })
        .catch((error: unknown) =>
          setFiles((fs) =>
            fs.map((f) => (f.key === key ? { ...f, state: 'failed', error: apiErrorMessage(error, t) } : f)),
          ),
        );
    }
  };
  /** A document of the app (made by the server when sent); the same one twice is added once. */
  const addDocument = (document: TDocumentAttachment, label: string) => {
    const same = (f: ComposeFile) =>
      f.document?.kind === document.kind &&
      f.document.id === document.id &&
      f.document.format === document.format;
    setFiles((fs) =>
      fs.some(same)
        ? fs
        : [
            ...fs,
            {
              key: crypto.randomUUID(),
              filename: label,
              contentType: document.format === 'xml' ? 'application/xml' : 'application/pdf',
              size: 0,
              state: 'ready',
              document,
            },
          ],
    );
  };
  const remove = (file: ComposeFile) => {
    removed.current.add(file.key);
    dropUploads([file]);
    setFiles((fs) => fs.filter((f) => f.key !== file.key));
  };
  return { files, add, addDocument, remove };
}

/** The attach button, the list of files with their size and state, and the files' error. */
export function ComposeFiles({
  files,
  error,
  onAdd,
  onRemove,
  documentPicker,
}: {
  files: ComposeFile[];
  error: string | undefined;
  onAdd: (list: FileList) => void;
  onRemove: (file: ComposeFile) => void;
  /** The button that attaches documents of the app, when the user may read them. */
  documentPicker?: ReactNode;
}) {
  const { t } = useTranslation(['mailbox']);
  const input = useRef<HTMLInputElement>(null);
  const locale = localeOf(currentLanguage());
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Paperclip aria-hidden="true" className="size-4" />
          {t('mailbox:compose.attach')}
        </Button>
        {documentPicker}
        <span className="text-xs text-muted-foreground">
          {t('mailbox:compose.attachHint', { limit: LIMIT_TEXT })}
        </span>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="compose-files"
          onChange={(e) => {
            if (e.target.files) onAdd(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul aria-label={t('mailbox:compose.attachments')} className="flex flex-wrap gap-2">
          {files.map((f) => (
            <li
              key={f.key}
              className={cn(
                'flex max-w-full items-center gap-2 rounded-md border px-2 py-1 text-sm',
                f.state === 'failed' ? 'border-danger text-danger' : 'border-border',
              )}
            >
              {f.state === 'uploading' ? (
                <Spinner label={t('mailbox:compose.uploading', { name: f.filename })} />
              ) : (
                <Paperclip aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              )}
              <span className="min-w-0 truncate">{f.filename}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {f.document ? f.document.format.toUpperCase() : fileSize(f.size, locale)}
              </span>
              {f.state === 'failed' ? <span className="text-xs">{f.error}</span> : null}
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={t('mailbox:compose.removeFile', { name: f.filename })}
                onClick={() => onRemove(f)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
