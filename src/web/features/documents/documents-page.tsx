// Over 300 lines: the page wires the uploads (drop, paste, camera), the views, filters, selection and keys; its parts are the files beside it.
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Camera, FileStack, Settings2, Trash2, Upload } from 'lucide-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { DOCUMENT_TRASH_DAYS, type TDocumentListItem } from '@shared/documents/contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { PagedListBody } from '@web/ui/paged-list-body.tsx';
import { Pagination } from '@web/ui/pagination.tsx';
import { toast } from '@web/ui/toast.ts';
import { BulkBar } from './bulk-bar.tsx';
import {
  apiQuery,
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  rangeIsValid,
} from './document-filters.ts';
import type { DocumentFilters } from './document-filters.ts';
import { DocumentList } from './document-list.tsx';
import { useDocumentAction, useDocuments, useTags } from './documents-api.ts';
import { DocumentsFiltersBar } from './documents-filters-bar.tsx';
import { documentsShortcut } from './keyboard.ts';
import { RulesDialog } from './rules-dialog.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { useUploads } from './use-uploads.ts';

const PAGE_SIZE = 25;

/**
 * /documents: upload (button, drop anywhere on the page, paste, the phone's camera) with a row per file, full-text
 * search and filters in the URL, the list with bulk actions, and the trash. Changing is for managers of financial
 * data; the others see and search.
 */
export function DocumentsPage() {
  const { t } = useTranslation(['documents', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.documents'));
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const canManage = me.permissions.includes('manage_financial_data');
  const locale = localeOf(currentLanguage());

  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const valid = rangeIsValid(filters);
  const list = useDocuments(orgId, apiQuery(filters, PAGE_SIZE), valid);
  const tags = useTags(orgId);
  const action = useDocumentAction(orgId);
  const uploads = useUploads(orgId);
  const addFiles = uploads.add;

  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [purging, setPurging] = useState<TDocumentListItem | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const update = (patch: Partial<DocumentFilters>) => {
    setSelection({});
    setParams(paramsFromFilters({ ...filters, page: 1, ...patch }), { replace: true });
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && filters.page > pages) update({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data, pages, filters.page]);

  // Paste a file or a screenshot anywhere on the page (not into a field that takes text).
  useEffect(() => {
    if (!canManage) return;
    const onPaste = (event: ClipboardEvent) => {
      const target = event.target as HTMLElement | null;
      const pasted = [...(event.clipboardData?.files ?? [])];
      if (pasted.length === 0) return;
      if (target?.closest('[role="dialog"]')) return;
      event.preventDefault();
      addFiles(pasted);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [canManage, addFiles]);

  // `/` to search, Delete to delete the selection (asked first).
  const shortcutState = useRef({ hasSelection: false, trash: false });
  shortcutState.current = { hasSelection: selectedIds.length > 0 && canManage, trash: filters.trash };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      const shortcut = documentsShortcut(
        { key: event.key, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey, target },
        shortcutState.current.hasSelection && !shortcutState.current.trash,
      );
      if (shortcut === 'search') {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (shortcut === 'delete') {
        event.preventDefault();
        setConfirmDelete(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  const dropHandlers = canManage
    ? {
        onDragEnter: (e: DragEvent<HTMLDivElement>) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          dragDepth.current += 1;
          setDragging(true);
        },
        onDragOver: (e: DragEvent<HTMLDivElement>) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDragging(false);
        },
        onDrop: (e: DragEvent<HTMLDivElement>) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          dragDepth.current = 0;
          setDragging(false);
          uploads.add([...e.dataTransfer.files]);
        },
      }
    : {};

  const restore = (doc: TDocumentListItem) =>
    action.mutate(
      { id: doc.id, action: 'restore' },
      {
        onSuccess: () => toast.success(t('documents:trash.restored', { title: doc.title })),
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );

  // On phones the settings button keeps only its icon, so Upload and Take photo share the first row.
  const settingsButton = (
    <Button
      variant="outline"
      className="max-sm:w-10 max-sm:px-0"
      aria-label={t('documents:settings.button')}
      title={t('documents:settings.button')}
      onClick={() => setSettingsOpen(true)}
    >
      <Settings2 aria-hidden="true" className="size-4" />
      <span className="max-sm:hidden">{t('documents:settings.button')}</span>
    </Button>
  );
  const uploadButtons = canManage ? (
    <>
      <Button onClick={() => fileInput.current?.click()} aria-keyshortcuts="Control+V" className="sm:order-3">
        <Upload aria-hidden="true" className="size-4" />
        {t('documents:upload.button')}
      </Button>
      <Button variant="outline" className="sm:order-2 md:hidden" onClick={() => cameraInput.current?.click()}>
        <Camera aria-hidden="true" className="size-4" />
        {t('documents:upload.takePhoto')}
      </Button>
      <span className="sm:order-1">{settingsButton}</span>
    </>
  ) : (
    settingsButton
  );

  const tabClass = (on: boolean) =>
    cn(
      '-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium',
      on
        ? 'border-primary text-foreground'
        : 'border-transparent text-muted-foreground hover:text-foreground',
    );

  return (
    <div {...dropHandlers} className="relative min-h-[60dvh]" data-testid="documents-page">
      <PageHeader
        title={t('navigation:routes.documents')}
        description={canManage ? t('documents:description') : t('documents:descriptionReadOnly')}
        actions={uploadButtons}
      />
      <input
        ref={fileInput}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="documents-file-input"
        onChange={(e) => {
          uploads.add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          uploads.add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />

      <UploadPanel
        items={uploads.items}
        onUploadAnyway={uploads.uploadAnyway}
        onRetry={uploads.retry}
        onDismiss={uploads.dismiss}
        onClear={uploads.clearFinished}
      />

      <Card>
        <nav aria-label={t('documents:views.label')} className="flex gap-1 border-b border-border px-3">
          <button
            type="button"
            className={tabClass(!filters.trash)}
            aria-current={!filters.trash ? 'page' : undefined}
            onClick={() => update({ trash: false })}
          >
            <FileStack aria-hidden="true" className="size-4" />
            {t('documents:views.all')}
          </button>
          <button
            type="button"
            className={tabClass(filters.trash)}
            aria-current={filters.trash ? 'page' : undefined}
            onClick={() => update({ trash: true })}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('documents:views.trash')}
          </button>
        </nav>
        {filters.trash ? (
          <p className="border-b border-border px-5 py-2.5 text-sm text-muted-foreground">
            {t('documents:trash.note', { days: DOCUMENT_TRASH_DAYS })}
          </p>
        ) : null}
        <DocumentsFiltersBar
          ref={searchRef}
          filters={filters}
          tags={tags.data ?? []}
          onChange={update}
          onReset={() => update({ ...filtersFromParams(new URLSearchParams()), trash: filters.trash })}
        />
        {canManage ? (
          <BulkBar
            ids={selectedIds}
            trash={filters.trash}
            tags={tags.data ?? []}
            confirmDelete={confirmDelete}
            onConfirmDelete={setConfirmDelete}
            onDone={() => setSelection({})}
          />
        ) : null}
        <PagedListBody
          query={list}
          filtered={isFiltered(filters)}
          invalid={valid ? undefined : <Alert tone="error">{t('documents:filters.rangeInvalid')}</Alert>}
          countText={(total) =>
            t('documents:list.count', { count: total, formatted: formatNumber(total, locale) })
          }
          loadErrorTitle={t('documents:list.loadError')}
          errorMessage={(error) => apiErrorMessage(error, t)}
          empty={
            filters.trash ? (
              <EmptyState
                icon={<Trash2 aria-hidden="true" />}
                title={t('documents:trash.emptyTitle')}
                description={t('documents:trash.emptyText', { days: DOCUMENT_TRASH_DAYS })}
              />
            ) : (
              <EmptyState
                icon={<FileStack aria-hidden="true" />}
                title={t('documents:empty.title')}
                description={canManage ? t('documents:empty.text') : t('documents:empty.readOnly')}
                action={
                  canManage ? (
                    <Button onClick={() => fileInput.current?.click()}>
                      <Upload aria-hidden="true" className="size-4" />
                      {t('documents:upload.button')}
                    </Button>
                  ) : null
                }
              />
            )
          }
          noResults={{
            title: t('documents:empty.filteredTitle'),
            text: t('documents:empty.filteredText'),
            resetLabel: t('documents:filters.reset'),
            onReset: () => update({ ...filtersFromParams(new URLSearchParams()), trash: filters.trash }),
          }}
        >
          {(items, total) => (
            <>
              <DocumentList
                items={items}
                trash={filters.trash}
                canManage={canManage}
                selection={selection}
                onSelection={setSelection}
                onRestore={restore}
                onDeletePermanently={setPurging}
                busy={list.isPlaceholderData}
              />
              <Pagination
                label={t('documents:list.pagination')}
                page={filters.page}
                pages={pages}
                summary={t('documents:list.pageOf', {
                  page: formatNumber(Math.min(filters.page, pages), locale),
                  pages: formatNumber(pages, locale),
                  total: formatNumber(total, locale),
                })}
                onPage={(page) => {
                  setSelection({});
                  setParams(paramsFromFilters({ ...filters, page }));
                }}
              />
            </>
          )}
        </PagedListBody>
      </Card>

      {dragging ? (
        <div
          className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-overlay p-6"
          aria-hidden="true"
        >
          <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-primary bg-surface px-10 py-12 text-center shadow-pop">
            <Upload className="size-10 text-primary" />
            <p className="text-lg font-semibold text-foreground">{t('documents:upload.dropHere')}</p>
            <p className="text-sm text-muted-foreground">{t('documents:upload.dropHint')}</p>
          </div>
        </div>
      ) : null}

      <Dialog open={settingsOpen} onOpenChange={setSettingsOpen}>
        {settingsOpen ? <RulesDialog canManage={canManage} /> : null}
      </Dialog>

      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title={t('documents:trash.deletePermanentlyTitle', { title: purging?.title ?? '' })}
        description={t('documents:trash.deletePermanentlyText')}
        confirmLabel={t('documents:trash.deletePermanently')}
        danger
        loading={action.isPending}
        onConfirm={() => {
          if (!purging) return;
          action.mutate(
            { id: purging.id, action: 'permanent' },
            {
              onSuccess: () => {
                toast.success(t('documents:trash.deletedPermanently'));
                setPurging(null);
              },
              onError: (error) => toast.error(apiErrorMessage(error, t)),
            },
          );
        }}
      />
    </div>
  );
}
