import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DropdownMenu as M } from 'radix-ui';
import { Check, FileCheck2, FileInput, FileStack } from 'lucide-react';
import type { TMailAttachment } from '@shared/mailbox/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useMailImports, useSaveFromMail, useSetMailImport } from '@web/features/documents/documents-api.ts';

/** Mail into documents (issue 17): "Save to documents" on an attachment; a folder that imports its attachments. */

/** Reading documents and changing them: both are needed to file mail in documents. */
export function useMailToDocuments() {
  const me = useSignedInMe();
  return {
    orgId: me.activeOrganizationId,
    allowed:
      me.permissions.includes('view_financial_data') && me.permissions.includes('manage_financial_data'),
  };
}

const ICON_BUTTON =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface-muted hover:text-foreground';

/**
 * The attachment row's "Save to documents": the file is stored as a document (or found already stored), a toast
 * says which with a link to it, and the button becomes a link to the document.
 */
export function SaveToDocumentsButton({ attachment }: { attachment: TMailAttachment }) {
  const { t } = useTranslation(['mailbox']);
  const { orgId, allowed } = useMailToDocuments();
  const save = useSaveFromMail(orgId);
  const [documentId, setDocumentId] = useState<string | null>(null);
  if (!allowed) return null;
  const name = attachment.filename;

  if (documentId) {
    return (
      <Link
        to={`/documents/${encodeURIComponent(documentId)}`}
        className={`${ICON_BUTTON} text-success`}
        aria-label={t('mailbox:toDocuments.open', { name })}
        title={t('mailbox:toDocuments.open', { name })}
      >
        <FileCheck2 aria-hidden="true" className="size-4" />
      </Link>
    );
  }

  const onSave = () =>
    save.mutate(attachment.id, {
      onSuccess: (result) => {
        setDocumentId(result.document.id);
        const to = `/documents/${encodeURIComponent(result.document.id)}`;
        toast.success(
          <span>
            {result.status === 'created'
              ? t('mailbox:toDocuments.saved')
              : t('mailbox:toDocuments.duplicate')}
            {' · '}
            <Link to={to} className="font-medium text-primary underline underline-offset-2">
              {t('mailbox:toDocuments.openShort')}
            </Link>
          </span>,
          { duration: 6000 },
        );
      },
      onError: (error) =>
        toast.error(t('mailbox:toDocuments.failed', { name, reason: apiErrorMessage(error, t) })),
    });

  return (
    <button
      type="button"
      className={ICON_BUTTON}
      onClick={onSave}
      disabled={save.isPending}
      aria-label={t('mailbox:toDocuments.save', { name })}
      title={t('mailbox:toDocuments.save', { name })}
    >
      {save.isPending ? (
        <Spinner label={t('mailbox:toDocuments.saving')} className="size-4" />
      ) : (
        <FileInput aria-hidden="true" className="size-4" />
      )}
    </button>
  );
}

/** The folders whose attachments go to documents (nothing asked for a role that cannot file them). */
export function useImportingFolders(): Set<string> {
  const { orgId, allowed } = useMailToDocuments();
  const imports = useMailImports(orgId, allowed);
  return new Set((imports.data ?? []).map((i) => i.folderId));
}

/** A small mark beside a folder's name when its attachments are imported. */
export function ImportingMark() {
  const { t } = useTranslation(['mailbox']);
  return (
    <span className="inline-flex shrink-0 text-muted-foreground" title={t('mailbox:toDocuments.importing')}>
      <FileStack aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('mailbox:toDocuments.importing')}</span>
    </span>
  );
}

/** The folder menu's checkbox "Import attachments to documents" (PUT / DELETE of the folder's import). */
export function FolderImportItem({ folderId, name, on }: { folderId: string; name: string; on: boolean }) {
  const { t } = useTranslation(['mailbox']);
  const { orgId } = useMailToDocuments();
  const set = useSetMailImport(orgId);
  return (
    <M.CheckboxItem
      checked={on}
      disabled={set.isPending}
      onCheckedChange={(checked) =>
        set.mutate(
          { folderId, on: checked === true },
          {
            onSuccess: () =>
              toast.success(
                checked === true
                  ? t('mailbox:toDocuments.importOn', { name })
                  : t('mailbox:toDocuments.importOff', { name }),
                { duration: 4000 },
              ),
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          },
        )
      }
      className={
        'relative flex cursor-pointer items-center gap-2 rounded-md py-2 pr-8 pl-2.5 outline-none select-none ' +
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-70 data-[highlighted]:bg-surface-muted [&_svg]:size-4'
      }
    >
      <FileStack aria-hidden="true" />
      {t('mailbox:toDocuments.importToggle')}
      <M.ItemIndicator className="absolute right-2.5 inline-flex">
        <Check aria-hidden="true" className="text-primary" />
      </M.ItemIndicator>
    </M.CheckboxItem>
  );
}
