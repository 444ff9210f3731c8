import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Download, FileX, Mail, RotateCcw } from 'lucide-react';
import type { TPurchaseInvoice } from '@shared/purchases/contracts.ts';
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
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { toast } from '@web/ui/toast.ts';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { PurchaseDocumentCard, SupplierCard, TotalsCard } from './purchase-detail-cards.tsx';
import { LinesCard, PaymentScheduleCard, VatSummaryCard } from './purchase-detail-tables.tsx';
import { PurchaseTypeLabel } from './purchase-list-rows.tsx';
import { PurchasePaymentsCard } from './purchase-payments.tsx';
import { downloadPurchaseFile, usePurchaseInvoice } from './purchases-api.ts';

/** The heading of a received invoice: "Received invoice 123", "Received credit note 45". */
function usePurchaseTitle(invoice: TPurchaseInvoice | undefined) {
  const { t } = useTranslation(['purchases', 'navigation']);
  if (!invoice) return t('navigation:routes.purchaseInvoice');
  return invoice.documentType === 'TD04'
    ? t('purchases:detail.creditNoteTitle', { number: invoice.number })
    : t('purchases:detail.title', { number: invoice.number });
}

function BackLink() {
  const { t } = useTranslation(['purchases']);
  return (
    <Link
      to="/purchase-invoices"
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('purchases:detail.backToList')}
    </Link>
  );
}

/** /purchase-invoices/:id */
export function PurchaseInvoicePage() {
  const { t } = useTranslation(['purchases', 'common']);
  const { id } = useParams();
  const orgId = useSignedInMe().activeOrganizationId;
  const invoice = usePurchaseInvoice(orgId, id);
  useDocumentTitle(usePurchaseTitle(invoice.data));

  if (invoice.isPending) {
    return (
      <Card>
        <SkeletonRows rows={5} label={t('common:loading')} />
      </Card>
    );
  }
  if (invoice.isError)
    return <PurchaseLoadError error={invoice.error} onRetry={() => void invoice.refetch()} />;
  return <PurchaseInvoiceView invoice={invoice.data} />;
}

function PurchaseLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['purchases', 'navigation', 'buttons']);
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Card>
        <EmptyState
          headingLevel="h1"
          icon={<FileX aria-hidden="true" />}
          title={t('purchases:detail.notFound.title')}
          description={t('purchases:detail.notFound.text')}
          action={
            <Link to="/purchase-invoices" className={buttonClasses('primary')}>
              {t('purchases:detail.backToList')}
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <div>
      <BackLink />
      <PageHeader title={t('navigation:routes.purchaseInvoice')} />
      <Alert tone="error" title={t('purchases:detail.loadError')}>
        <p>{apiErrorMessage(error, t)}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('buttons:retry')}
        </Button>
      </Alert>
    </div>
  );
}

function PurchaseInvoiceView({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const locale = localeOf(currentLanguage());
  const title = usePurchaseTitle(invoice);
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadPurchaseFile(invoice);
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div>
      <BackLink />
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-foreground">{invoice.supplier.name}</span>
            {invoice.documentType === 'TD04' ? <PurchaseTypeLabel code={invoice.documentType} /> : null}
            <span>
              {t('purchases:detail.received', {
                date: formatDateTime(invoice.receivedAt, locale),
                source:
                  invoice.source === 'pec' || invoice.source === 'upload'
                    ? t(`purchases:sources.${invoice.source}`)
                    : invoice.source,
              })}
            </span>
          </span>
        }
        actions={
          <>
            {invoice.mailMessageId ? (
              <Link
                to={`/email?m=${encodeURIComponent(invoice.mailMessageId)}`}
                className={buttonClasses('outline')}
              >
                <Mail aria-hidden="true" className="size-4" />
                {t('purchases:detail.openEmail')}
              </Link>
            ) : null}
            <Button variant="primary" loading={downloading} onClick={() => void download()}>
              {downloading ? null : <Download aria-hidden="true" className="size-4" />}
              {t('purchases:detail.download')}
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-2">
          <SupplierCard invoice={invoice} />
          <PurchaseDocumentCard invoice={invoice} />
        </div>
        <LinesCard invoice={invoice} />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
          <VatSummaryCard invoice={invoice} />
          <TotalsCard invoice={invoice} />
        </div>
        <PaymentScheduleCard invoice={invoice} />
        <PurchasePaymentsCard invoice={invoice} />
        <LinkedDocuments recordType="purchase_invoice" recordId={invoice.id} />
      </div>
    </div>
  );
}
