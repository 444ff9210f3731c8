import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Download, FileX, Receipt, RotateCcw, Trash2 } from 'lucide-react';
import { DOCUMENT_TRASH_DAYS, type TDocument } from '@shared/documents/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { toast } from '@web/ui/toast.ts';
import { sizeText } from './document-bits.tsx';
import { DocumentLinks } from './document-links.tsx';
import { DocumentPreview } from './document-preview.tsx';
import {
  documentFileUrl,
  useDocument,
  useDocumentAction,
  useDocumentsLive,
  useTags,
} from './documents-api.ts';
import { ExpenseDialog } from './expense-dialog.tsx';
import { FilingForm, filingKey } from './filing-form.tsx';
import { ReadingPanel } from './reading-panel.tsx';
import { SimilarDocuments } from './similar-documents.tsx';
import { SuggestionsPanel, hasExpense, offersExpense } from './suggestions-panel.tsx';

function BackLink() {
  const { t } = useTranslation(['documents']);
  return (
    <Link
      to="/documents"
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('documents:detail.back')}
    </Link>
  );
}

/** /documents/:id */
export function DocumentPage() {
  const { t } = useTranslation(['documents', 'navigation', 'common']);
  const { id } = useParams();
  const orgId = useSignedInMe().activeOrganizationId;
  const doc = useDocument(orgId, id);
  useDocumentsLive(orgId);
  useDocumentTitle(doc.data?.title ?? t('navigation:routes.documents'));

  if (doc.isPending) {
    return (
      <>
        <BackLink />
        <Card>
          <SkeletonRows rows={5} label={t('common:loading')} />
        </Card>
      </>
    );
  }
  if (doc.isError) {
    if (doc.error instanceof ApiError && doc.error.status === 404) {
      return (
        <Card>
          <EmptyState
            headingLevel="h1"
            icon={<FileX aria-hidden="true" />}
            title={t('documents:detail.notFoundTitle')}
            description={t('documents:detail.notFoundText')}
            action={
              <Link to="/documents" className={buttonClasses('primary')}>
                {t('documents:detail.back')}
              </Link>
            }
          />
        </Card>
      );
    }
    return (
      <>
        <BackLink />
        <Card>
          <LoadError title={t('documents:detail.loadError')} onRetry={() => void doc.refetch()}>
            {apiErrorMessage(doc.error, t)}
          </LoadError>
        </Card>
      </>
    );
  }
  return <DocumentView doc={doc.data} />;
}

function DocumentView({ doc }: { doc: TDocument }) {
  const { t } = useTranslation(['documents', 'common']);
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const canManage = me.permissions.includes('manage_financial_data');
  const locale = localeOf(currentLanguage());
  const tags = useTags(orgId);
  const action = useDocumentAction(orgId);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'delete' | 'permanent' | null>(null);
  const [expenseOpen, setExpenseOpen] = useState(false);
  const inTrash = doc.deletedAt !== null;

  const run = (kind: 'delete' | 'restore' | 'permanent') =>
    action.mutate(
      { id: doc.id, action: kind },
      {
        onSuccess: () => {
          setConfirm(null);
          if (kind === 'delete') {
            toast.success(t('documents:detail.deleted', { days: DOCUMENT_TRASH_DAYS }));
            void navigate('/documents');
          } else if (kind === 'permanent') {
            toast.success(t('documents:trash.deletedPermanently'));
            void navigate('/documents?trash=true');
          } else toast.success(t('documents:trash.restored', { title: doc.title }));
        },
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      },
    );

  return (
    <div>
      <BackLink />
      <PageHeader
        title={<span className="break-words">{doc.title}</span>}
        description={t('documents:detail.meta', {
          type: t(`documents:types.${doc.documentType}`),
          size: sizeText(doc.sizeBytes, locale),
          uploaded: formatDateTime(doc.createdAt, locale),
        })}
        actions={
          <>
            {canManage && !inTrash && offersExpense(doc) && !hasExpense(doc) ? (
              // Phones reach it at once; from the large breakpoint the suggestions beside the preview have it.
              <Button onClick={() => setExpenseOpen(true)} className="lg:hidden">
                <Receipt aria-hidden="true" className="size-4" />
                {t('documents:expense.button')}
              </Button>
            ) : null}
            <a href={documentFileUrl(doc.id, true)} download className={buttonClasses('outline')}>
              <Download aria-hidden="true" className="size-4" />
              {t('documents:actions.download')}
            </a>
            {canManage && inTrash ? (
              <>
                <Button variant="outline" onClick={() => run('restore')} loading={action.isPending}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {t('documents:trash.restore')}
                </Button>
                <Button variant="danger" onClick={() => setConfirm('permanent')}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('documents:trash.deletePermanently')}
                </Button>
              </>
            ) : canManage ? (
              <Button variant="outline" onClick={() => setConfirm('delete')}>
                <Trash2 aria-hidden="true" className="size-4 text-danger" />
                {t('documents:actions.delete')}
              </Button>
            ) : null}
          </>
        }
      />
      {inTrash ? (
        <Alert tone="warning" className="mb-6">
          {t('documents:detail.inTrash', { days: DOCUMENT_TRASH_DAYS })}
        </Alert>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card className="overflow-hidden">
            <h2 className="sr-only">{t('documents:detail.preview')}</h2>
            <DocumentPreview doc={doc} />
          </Card>
          <ReadingPanel doc={doc} canManage={canManage && !inTrash} />
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <SuggestionsPanel
            doc={doc}
            canManage={canManage && !inTrash}
            onCreateExpense={() => setExpenseOpen(true)}
          />
          <FilingForm
            key={filingKey(doc)}
            doc={doc}
            tags={tags.data ?? []}
            canManage={canManage && !inTrash}
          />
          <DocumentLinks doc={doc} canManage={canManage && !inTrash} />
          <SimilarDocuments id={doc.id} hasText={!!doc.content} />
        </div>
      </div>

      <Dialog open={expenseOpen} onOpenChange={setExpenseOpen}>
        {expenseOpen ? <ExpenseDialog doc={doc} onDone={() => setExpenseOpen(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('documents:detail.deleteTitle', { title: doc.title })}
        description={t('documents:detail.deleteText', { days: DOCUMENT_TRASH_DAYS })}
        confirmLabel={t('documents:actions.delete')}
        danger
        loading={action.isPending}
        onConfirm={() => run('delete')}
      />
      <ConfirmDialog
        open={confirm === 'permanent'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('documents:trash.deletePermanentlyTitle', { title: doc.title })}
        description={t('documents:trash.deletePermanentlyText')}
        confirmLabel={t('documents:trash.deletePermanently')}
        danger
        loading={action.isPending}
        onConfirm={() => run('permanent')}
      />
    </div>
  );
}
