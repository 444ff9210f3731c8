import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Download, FileType, Link2, RotateCcw, Tag, Trash2, X } from 'lucide-react';
import {
  DOCUMENT_TRASH_DAYS,
  DOCUMENT_TYPES,
  type TBulkAction,
  type TDocumentTag,
} from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '@web/ui/menu.tsx';
import { toast } from '@web/ui/toast.ts';
import { downloadZip, useBulkAction } from './documents-api.ts';
import { LinkDialog } from './link-dialog.tsx';
import { TAG_DOT_CLASSES } from './tag-colors.ts';

type Ids = [string, ...string[]];

/**
 * What to do with the selected documents: add or remove a tag, set the type, link to a record, download them as
 * a zip, move them to the trash (asked first; also the Delete key). In the trash: restore them.
 */
export function BulkBar({
  ids,
  trash,
  tags,
  confirmDelete,
  onConfirmDelete,
  onDone,
}: {
  ids: string[];
  trash: boolean;
  tags: TDocumentTag[];
  confirmDelete: boolean;
  onConfirmDelete: (open: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['documents', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const bulk = useBulkAction(orgId);
  const [linking, setLinking] = useState(false);
  const [zipping, setZipping] = useState(false);
  const count = ids.length;
  if (count === 0) return null;
  const list = ids as Ids;

  const run = async (action: TBulkAction, done: string) => {
    try {
      const result = await bulk.mutateAsync(action);
      toast.success(t(done, { count: result.count }));
      onDone();
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
      return false;
    }
  };
  const zip = async () => {
    setZipping(true);
    try {
      await downloadZip(ids);
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setZipping(false);
    }
  };

  const tagMenu = (action: 'add_tag' | 'remove_tag') => (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={bulk.isPending}>
          <Tag aria-hidden="true" className="size-4" />
          {action === 'add_tag' ? t('documents:bulk.addTag') : t('documents:bulk.removeTag')}
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </MenuTrigger>
      <MenuContent align="start" className="max-h-72 overflow-y-auto">
        {tags.length === 0 ? (
          <MenuLabel>{t('documents:bulk.noTags')}</MenuLabel>
        ) : (
          tags.map((tag) => (
            <MenuItem
              key={tag.id}
              onSelect={() =>
                void run(
                  { action, ids: list, tagId: tag.id },
                  action === 'add_tag' ? 'documents:bulk.tagAdded' : 'documents:bulk.tagRemoved',
                )
              }
            >
              <span aria-hidden="true" className={`size-2.5 rounded-full ${TAG_DOT_CLASSES[tag.color]}`} />
              {tag.name}
            </MenuItem>
          ))
        )}
      </MenuContent>
    </Menu>
  );

  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-border bg-primary-soft px-5 py-3"
      role="region"
      aria-label={t('documents:bulk.label')}
      data-testid="bulk-bar"
    >
      <p className="mr-2 text-sm font-medium text-primary-soft-foreground" aria-live="polite">
        {t('documents:bulk.selected', { count })}
      </p>
      {trash ? (
        <Button
          variant="outline"
          size="sm"
          loading={bulk.isPending}
          onClick={() => void run({ action: 'restore', ids: list }, 'documents:bulk.restored')}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('documents:trash.restore')}
        </Button>
      ) : (
        <>
          {tagMenu('add_tag')}
          {tagMenu('remove_tag')}
          <Menu>
            <MenuTrigger asChild>
              <Button variant="outline" size="sm" disabled={bulk.isPending}>
                <FileType aria-hidden="true" className="size-4" />
                {t('documents:bulk.setType')}
                <ChevronDown aria-hidden="true" className="size-4" />
              </Button>
            </MenuTrigger>
            <MenuContent align="start">
              {DOCUMENT_TYPES.map((type) => (
                <MenuItem
                  key={type}
                  onSelect={() =>
                    void run({ action: 'set_type', ids: list, documentType: type }, 'documents:bulk.typeSet')
                  }
                >
                  {t(`documents:types.${type}`)}
                </MenuItem>
              ))}
            </MenuContent>
          </Menu>
          <Button variant="outline" size="sm" onClick={() => setLinking(true)} disabled={bulk.isPending}>
            <Link2 aria-hidden="true" className="size-4" />
            {t('documents:bulk.link')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void zip()} loading={zipping}>
            {zipping ? null : <Download aria-hidden="true" className="size-4" />}
            {t('documents:bulk.downloadZip')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onConfirmDelete(true)}
            aria-keyshortcuts="Delete"
          >
            <Trash2 aria-hidden="true" className="size-4 text-danger" />
            {t('documents:bulk.delete')}
          </Button>
        </>
      )}
      <Button variant="ghost" size="sm" onClick={onDone} className="ml-auto">
        <X aria-hidden="true" className="size-4" />
        {t('documents:bulk.clear')}
      </Button>

      <LinkDialog
        open={linking}
        onOpenChange={setLinking}
        description={t('documents:bulk.linkDescription', { count })}
        onLink={async (link) => {
          const result = await bulk.mutateAsync({ action: 'link', ids: list, link });
          onDone();
          return result;
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={onConfirmDelete}
        title={t('documents:bulk.deleteTitle', { count })}
        description={t('documents:bulk.deleteText', { days: DOCUMENT_TRASH_DAYS })}
        confirmLabel={t('documents:bulk.delete')}
        danger
        loading={bulk.isPending}
        onConfirm={() =>
          void run({ action: 'delete', ids: list }, 'documents:bulk.deleted').then(
            (ok) => ok && onConfirmDelete(false),
          )
        }
      />
    </div>
  );
}
