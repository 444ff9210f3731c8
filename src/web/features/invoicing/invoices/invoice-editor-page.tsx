import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { FileX } from 'lucide-react';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { DocumentEditor } from '@web/features/invoicing/document-editor.tsx';
import type { InvoiceExtra } from '@web/features/invoicing/editor-values.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { useInvoice, useSaveInvoice } from './invoices-api.ts';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/** /invoices/new: a draft invoice (numbered when issued). */
export function InvoiceNewPage() {
  const { t } = useTranslation(['invoices']);
  useDocumentTitle(t('invoices:editor.newTitle'));
  return <InvoiceEditor />;
}

/** /invoices/:id/edit: drafts only; an issued invoice is corrected by a credit note. */
export function InvoiceEditPage() {
  const { t } = useTranslation(['invoices', 'common', 'navigation']);
  const { id } = useParams();
  const { orgId } = useInvoicingPermissions();
  const invoice = useInvoice(orgId, id);
  useDocumentTitle(t('invoices:editor.editTitle'));

  if (invoice.isPending) {
    return (
      <Card>
        <SkeletonRows rows={4} label={t('common:loading')} />
      </Card>
    );
  }
  if (invoice.isError) return <InvoiceLoadError error={invoice.error} />;
  if (invoice.data.status !== 'draft') {
    return (
      <div>
        <PageHeader title={t('invoices:editor.editTitle')} />
        <Alert tone="warning" title={t('invoices:editor.frozenTitle')}>
          <p>{t('invoices:editor.frozenText')}</p>
          <Link to={`/invoices/${invoice.data.id}`} className={buttonClasses('outline', 'sm', 'mt-3')}>
            {t('invoices:detail.backToInvoice')}
          </Link>
        </Alert>
      </div>
    );
  }
  return <InvoiceEditor invoice={invoice.data} />;
}

function InvoiceEditor({ invoice }: { invoice?: TInvoice }) {
  const { t } = useTranslation(['invoices']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const save = useSaveInvoice(orgId);
  const creditNote = invoice?.documentType === 'TD04';
  const title = !invoice
    ? t('invoices:editor.newTitle')
    : creditNote
      ? t('invoices:editor.editCreditNoteTitle')
      : t('invoices:editor.editTitle');
  const extra = useMemo<InvoiceExtra>(
    () => ({
      documentType: invoice?.documentType ?? 'TD01',
      relatedInvoiceId: invoice?.relatedInvoice?.id ?? null,
    }),
    [invoice],
  );

  if (!canManage) {
    return (
      <div>
        <PageHeader title={title} />
        <Alert tone="info">{t('invoices:editor.readOnly')}</Alert>
      </div>
    );
  }
  return (
    <DocumentEditor
      kind="invoice"
      title={title}
      description={t('invoices:editor.description')}
      backTo={invoice ? `/invoices/${invoice.id}` : '/invoices'}
      backLabel={invoice ? t('invoices:detail.backToInvoice') : t('invoices:detail.backToList')}
      initial={invoice}
      extra={extra}
      notice={
        creditNote && invoice.relatedInvoice ? (
          <Alert tone="info" title={t('invoices:editor.creditNoteTitle')}>
            {t('invoices:editor.creditNoteText', { number: invoice.relatedInvoice.number ?? '—' })}
          </Alert>
        ) : null
      }
      submitLabel={invoice ? t('invoices:editor.save') : t('invoices:editor.create')}
      onSubmit={async (parsed) => {
        if (parsed.kind !== 'invoice') return;
        const saved = await save.mutateAsync({ id: invoice?.id, input: parsed.input });
        toast.success(invoice ? t('invoices:toast.updated') : t('invoices:toast.created'));
        void navigate(`/invoices/${saved.id}`);
      }}
    />
  );
}

export function InvoiceLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation(['invoices', 'navigation']);
  const missing = error instanceof ApiError && error.status === 404 ? error : null;
  return missing ? (
    <Card>
      <EmptyState
        headingLevel="h1"
        icon={<FileX aria-hidden="true" />}
        title={t('invoices:detail.notFound.title')}
        description={
          missing.code === 'INVOICE_NOT_FOUND' && missing.message
            ? missing.message
            : t('invoices:detail.notFound.text')
        }
        action={
          <Link to="/invoices" className={buttonClasses('primary')}>
            {t('invoices:detail.backToList')}
          </Link>
        }
      />
    </Card>
  ) : (
    <div>
      <PageHeader title={t('navigation:routes.invoices')} />
      <Alert tone="error" title={t('invoices:detail.loadError')}>
        {invoicingErrorMessage(error, t)}
      </Alert>
    </div>
  );
}
