import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Files, Link2, Upload } from 'lucide-react';
import type { LinkRecordType, TDocumentListItem } from '@shared/documents/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { FileKindIcon, TagList } from './document-bits.tsx';
import { uploadDocument, useDocuments, useLinkDocument, useRecordDocuments } from './documents-api.ts';
import { uploadErrorKey } from './upload-queue.ts';

type RecordRef = { recordType: LinkRecordType; recordId: string };

/** Who may read and who may change the documents shown on a record's page. */
export function useDocumentPermissions() {
  const me = useSignedInMe();
  return {
    orgId: me.activeOrganizationId,
    canView: me.permissions.includes('view_financial_data'),
    canManage: me.permissions.includes('manage_financial_data'),
  };
}

/**
 * The card "Documents" of a record's page (client, invoice, quote, item, event, received invoice): the documents
 * linked to it (for a client also those filed with it as correspondent), each to its page; managers link an
 * existing document or upload a file that is linked at once. Nothing for a role that cannot read documents.
 */
export function LinkedDocuments({ recordType, recordId, className }: RecordRef & { className?: string }) {
  const { t } = useTranslation(['documents']);
  const { canView, canManage } = useDocumentPermissions();
  const headingId = useId();
  if (!canView) return null;
  return (
    <Card className={className} data-testid="linked-documents" aria-labelledby={headingId} role="region">
      <CardHeader
        titleId={headingId}
        icon={<Files aria-hidden="true" className="size-5" />}
        title={t('documents:linked.title')}
        description={
          recordType === 'client' || recordType === 'supplier'
            ? t('documents:linked.descriptionClient')
            : t('documents:linked.description')
        }
      />
      <LinkedDocumentsBody recordType={recordType} recordId={recordId} canManage={canManage} />
    </Card>
  );
}

/** The list and its actions, without a frame (the card above; the ledger's dialog of a transaction). */
export function LinkedDocumentsBody({ recordType, recordId, canManage }: RecordRef & { canManage: boolean }) {
  const { t } = useTranslation(['documents', 'common']);
  const { orgId } = useDocumentPermissions();
  const docs = useRecordDocuments(orgId, recordType, recordId);
  const [linking, setLinking] = useState(false);
  const upload = useUploadAndLink({ recordType, recordId });

  return (
    <div>
      {canManage ? (
        <div className="flex flex-wrap gap-2 border-b border-border px-5 py-3">
          <Button variant="outline" size="sm" onClick={() => setLinking(true)}>
            <Link2 aria-hidden="true" className="size-4" />
            {t('documents:linked.link')}
          </Button>
          <Button variant="outline" size="sm" onClick={upload.pick} loading={upload.busy !== null}>
            {upload.busy ? null : <Upload aria-hidden="true" className="size-4" />}
            {t('documents:linked.upload')}
          </Button>
          <input
            ref={upload.input}
            type="file"
            multiple
            tabIndex={-1}
            aria-hidden="true"
            className="sr-only"
            onChange={upload.onFiles}
          />
          {upload.busy ? (
            <p role="status" className="basis-full text-xs text-muted-foreground">
              {t('documents:linked.uploading', { name: upload.busy.name, percent: upload.busy.percent })}
            </p>
          ) : null}
        </div>
      ) : null}
      {docs.isPending ? (
        <SkeletonRows rows={2} label={t('common:loading')} />
      ) : docs.error ? (
        <LoadError title={t('documents:linked.loadError')} onRetry={() => void docs.refetch()}>
          <p>{apiErrorMessage(docs.error, t)}</p>
        </LoadError>
      ) : docs.items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted-foreground">
          {canManage ? t('documents:linked.emptyManage') : t('documents:linked.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y divide-border" data-testid="linked-documents-list">
            {docs.items.map((doc) => (
              <DocumentRow key={doc.id} doc={doc} recordId={recordId} />
            ))}
          </ul>
          {docs.more ? (
            <p className="border-t border-border px-5 py-3 text-sm">
              <Link
                to={`/documents?${new URLSearchParams({ linkedType: recordType, linkedId: recordId })}`}
                className="font-medium text-primary hover:underline"
              >
                {t('documents:linked.showAll')}
              </Link>
            </p>
          ) : null}
        </>
      )}
      {canManage ? (
        <LinkDocumentDialog
          open={linking}
          onOpenChange={setLinking}
          recordType={recordType}
          recordId={recordId}
          present={new Set(docs.items.map((d) => d.id))}
        />
      ) : null}
    </div>
  );
}

/** One document: its title to its page, type, date and correspondent (not when it is the record itself), tags. */
function DocumentRow({ doc, recordId }: { doc: TDocumentListItem; recordId: string }) {
  const { t } = useTranslation(['documents']);
  const locale = localeOf(currentLanguage());
  const date = doc.documentDate
    ? formatDate(doc.documentDate, locale)
    : t('documents:linked.uploadedOn', { date: formatDate(doc.createdAt, locale) });
  return (
    <li className="flex items-start gap-3 px-5 py-3">
      <FileKindIcon mimeType={doc.mimeType} className="mt-0.5 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          to={`/documents/${encodeURIComponent(doc.id)}`}
          className="truncate text-sm font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
          title={doc.title}
        >
          {doc.title}
        </Link>
        <p className="text-xs text-muted-foreground">
          {t(`documents:types.${doc.documentType}`)} · {date}
          {doc.correspondent && doc.correspondent.id !== recordId ? ` · ${doc.correspondent.name}` : ''}
        </p>
        <TagList tags={doc.tags} />
      </div>
    </li>
  );
}

/** The words for a failed upload: the documents' own texts for their codes, the common ones otherwise. */
export function uploadFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = uploadErrorKey(error.code);
    if (key !== 'upload.errors.UNKNOWN') {
      const details = error.details as { maxMb?: unknown } | undefined;
      return t(`documents:${key}`, { maxMb: typeof details?.maxMb === 'number' ? details.maxMb : 50 });
    }
  }
  return apiErrorMessage(error, t);
}

/** Files picked on a record's page go up one at a time; each is linked to the record once stored. */
function useUploadAndLink(record: RecordRef) {
  const { t } = useTranslation(['documents', 'common']);
  const { orgId } = useDocumentPermissions();
  const link = useLinkDocument(orgId);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<{ name: string; percent: number } | null>(null);

  const send = async (files: File[]) => {
    for (const file of files) {
      setBusy({ name: file.name, percent: 0 });
      try {
        const result = await uploadDocument(file, {
          onProgress: (share) => setBusy({ name: file.name, percent: Math.round(share * 100) }),
        });
        await link.mutateAsync({ documentId: result.document.id, ...record });
        toast.success(
          result.status === 'created'
            ? t('documents:linked.uploaded', { title: result.document.title })
            : t('documents:linked.duplicateLinked', { title: result.document.title }),
          { duration: 4000 },
        );
      } catch (error) {
        toast.error(
          t('documents:linked.uploadFailed', { name: file.name, reason: uploadFailureText(error, t) }),
        );
      }
    }
    setBusy(null);
  };

  return {
    input,
    busy,
    pick: () => input.current?.click(),
    onFiles: (e: React.ChangeEvent<HTMLInputElement>) => {
      const files = [...(e.target.files ?? [])];
      e.target.value = '';
      if (files.length > 0) void send(files);
    },
  };
}

/** Search the documents by words (title, text, tags) and link the chosen one to the record. */
function LinkDocumentDialog({
  open,
  onOpenChange,
  recordType,
  recordId,
  present,
}: RecordRef & { open: boolean; onOpenChange: (open: boolean) => void; present: Set<string> }) {
  const { t } = useTranslation(['documents', 'buttons', 'common']);
  const { orgId } = useDocumentPermissions();
  const locale = localeOf(currentLanguage());
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const link = useLinkDocument(orgId);
  const listLabel = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!open) {
      setText('');
      setQ('');
      setChosen(null);
    }
  }, [open]);
  const search = useDocuments(
    orgId,
    new URLSearchParams({ ...(q ? { q } : {}), pageSize: '10' }).toString(),
    open,
  );
  const options = search.data?.items ?? [];

  const submit = () => {
    if (!chosen) return;
    link.mutate(
      { documentId: chosen, recordType, recordId },
      {
        onSuccess: () => {
          toast.success(t('documents:linked.linked'));
          onOpenChange(false);
        },
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('documents:linked.dialogTitle')}
        description={t('documents:linked.dialogDescription')}
        closeLabel={t('buttons:close')}
      >
        <div className="grid gap-4">
          <SearchInput
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('documents:linked.searchPlaceholder')}
            aria-label={t('documents:linked.search')}
          />
          <div>
            <p id={listLabel} className="mb-1.5 text-sm font-medium text-foreground">
              {q ? t('documents:linked.results') : t('documents:linked.recent')}
            </p>
            <div
              role="radiogroup"
              aria-labelledby={listLabel}
              className="max-h-72 overflow-y-auto rounded-md border border-border"
            >
              {search.isPending || (search.isFetching && options.length === 0) ? (
                <div className="flex justify-center py-4">
                  <Spinner label={t('common:loading')} />
                </div>
              ) : search.isError ? (
                <p className="px-3 py-3 text-sm text-danger">{apiErrorMessage(search.error, t)}</p>
              ) : options.length === 0 ? (
                <p className="px-3 py-3 text-sm text-muted-foreground">{t('documents:linked.none')}</p>
              ) : (
                options.map((doc) => {
                  const here = present.has(doc.id);
                  return (
                    <label
                      key={doc.id}
                      className={cn(
                        'flex items-start gap-3 border-b border-border px-3 py-2.5 text-sm last:border-b-0',
                        here
                          ? 'cursor-not-allowed opacity-70'
                          : chosen === doc.id
                            ? 'cursor-pointer bg-primary-soft'
                            : 'cursor-pointer hover:bg-surface-muted',
                      )}
                    >
                      <input
                        type="radio"
                        name="link-document"
                        className="mt-0.5 size-4 accent-primary"
                        checked={chosen === doc.id}
                        disabled={here}
                        onChange={() => setChosen(doc.id)}
                      />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-foreground">{doc.title}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {[
                            t(`documents:types.${doc.documentType}`),
                            formatDate(doc.documentDate ?? doc.createdAt, locale),
                            doc.correspondent?.name,
                            here ? t('documents:linked.alreadyHere') : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                    </label>
                  );
                })
              )}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('buttons:cancel')}</Button>
            </DialogClose>
            <Button onClick={submit} disabled={!chosen} loading={link.isPending}>
              {t('documents:linked.linkButton')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
