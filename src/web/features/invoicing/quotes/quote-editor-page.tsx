import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { FileX } from 'lucide-react';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { DocumentEditor } from '@web/features/invoicing/document-editor.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { useQuote, useSaveQuote } from './quotes-api.ts';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

/**
 * A quote can be changed while the client has not answered: draft, sent, and expired (moving its validity date
 * is how an expired quote is sent again, status.ts).
 */
export const QUOTE_EDITABLE: readonly TQuote['status'][] = ['draft', 'sent', 'expired'];

/** /quotes/new */
export function QuoteNewPage() {
  const { t } = useTranslation(['quotes', 'invoices', 'navigation']);
  useDocumentTitle(t('quotes:editor.newTitle'));
  return <QuoteEditor />;
}

/** /quotes/:id/edit */
export function QuoteEditPage() {
  const { t } = useTranslation(['quotes', 'common', 'navigation']);
  const { id } = useParams();
  const { orgId } = useInvoicingPermissions();
  const quote = useQuote(orgId, id);
  useDocumentTitle(
    quote.data ? t('quotes:editor.editTitle', { number: quote.data.number }) : t('navigation:routes.quotes'),
  );

  if (quote.isPending) {
    return (
      <Card>
        <SkeletonRows rows={4} label={t('common:loading')} />
      </Card>
    );
  }
  if (quote.isError) return <QuoteLoadError error={quote.error} />;
  if (!QUOTE_EDITABLE.includes(quote.data.status)) {
    return (
      <div>
        <PageHeader title={t('quotes:editor.editTitle', { number: quote.data.number })} />
        <Alert tone="warning" title={t('quotes:editor.lockedTitle')}>
          <p>{t('quotes:editor.lockedText', { status: t(`quotes:status.${quote.data.status}`) })}</p>
          <Link to={`/quotes/${quote.data.id}`} className={buttonClasses('outline', 'sm', 'mt-3')}>
            {t('quotes:detail.backToQuote')}
          </Link>
        </Alert>
      </div>
    );
  }
  return <QuoteEditor quote={quote.data} />;
}

function QuoteEditor({ quote }: { quote?: TQuote }) {
  const { t } = useTranslation(['quotes', 'invoices']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const save = useSaveQuote(orgId);
  const title = quote ? t('quotes:editor.editTitle', { number: quote.number }) : t('quotes:editor.newTitle');

  if (!canManage) {
    return (
      <div>
        <PageHeader title={title} />
        <Alert tone="info">{t('quotes:editor.readOnly')}</Alert>
      </div>
    );
  }
  return (
    <DocumentEditor
      kind="quote"
      title={title}
      description={quote ? t('quotes:editor.editDescription') : t('quotes:editor.description')}
      backTo={quote ? `/quotes/${quote.id}` : '/quotes'}
      backLabel={quote ? t('quotes:detail.backToQuote') : t('quotes:detail.backToList')}
      initial={quote}
      submitLabel={quote ? t('quotes:editor.save') : t('quotes:editor.create')}
      onSubmit={async (parsed) => {
        if (parsed.kind !== 'quote') return;
        const saved = await save.mutateAsync({ id: quote?.id, input: parsed.input });
        toast.success(
          quote ? t('quotes:toast.updated') : t('quotes:toast.created', { number: saved.number }),
        );
        void navigate(`/quotes/${saved.id}`);
      }}
    />
  );
}

/** Not found (another organization's id, deleted) or another failure. */
export function QuoteLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation(['quotes', 'navigation']);
  const missing = error instanceof ApiError && error.status === 404;
  return missing ? (
    <Card>
      <EmptyState
        headingLevel="h1"
        icon={<FileX aria-hidden="true" />}
        title={t('quotes:detail.notFound.title')}
        description={t('quotes:detail.notFound.text')}
        action={
          <Link to="/quotes" className={buttonClasses('primary')}>
            {t('quotes:detail.backToList')}
          </Link>
        }
      />
    </Card>
  ) : (
    <div>
      <PageHeader title={t('navigation:routes.quotes')} />
      <Alert tone="error" title={t('quotes:detail.loadError')}>
        {invoicingErrorMessage(error, t)}
      </Alert>
    </div>
  );
}
