import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Card } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { EmailActivityCard } from '@web/features/invoicing/document-view.tsx';
import { InvoiceStatusBadge, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { MissingList } from './einvoice-card.tsx';
import type { MissingEntry } from './einvoice-missing.ts';
import { InvoiceActionsBar } from './invoice-actions-bar.tsx';
import { InvoiceDialogs } from './invoice-dialogs.tsx';
import { InvoiceLoadError } from './invoice-editor-page.tsx';
import { InvoicePaymentsCard } from './invoice-payments-card.tsx';
import { InvoiceSummary } from './invoice-summary.tsx';
import { useInvoice } from './invoices-api.ts';
import { RelatedDocumentsCard } from './related-documents-card.tsx';
import { SdiPanel } from './sdi-panel.tsx';
import { useInvoiceActions } from './use-invoice-actions.ts';

/** The heading of an invoice: its number, or "Draft invoice" / "Draft credit note". */
function useInvoiceTitle(invoice: TInvoice | undefined) {
  const { t } = useTranslation(['invoices', 'navigation']);
  if (!invoice) return t('navigation:routes.invoice');
  const credit = invoice.documentType === 'TD04';
  if (!invoice.number)
    return credit ? t('invoices:detail.draftCreditNoteTitle') : t('invoices:detail.draftTitle');
  return credit
    ? t('invoices:detail.creditNoteTitle', { number: invoice.number })
    : t('invoices:detail.title', { number: invoice.number });
}

/** /invoices/:id */
export function InvoiceDetailPage() {
  const { t } = useTranslation(['invoices', 'common']);
  const { id } = useParams();
  const { orgId } = useInvoicingPermissions();
  const invoice = useInvoice(orgId, id);
  useDocumentTitle(useInvoiceTitle(invoice.data));

  if (invoice.isPending) {
    return (
      <Card>
        <SkeletonRows rows={5} label={t('common:loading')} />
      </Card>
    );
  }
  if (invoice.isError) return <InvoiceLoadError error={invoice.error} />;
  return <InvoiceView invoice={invoice.data} />;
}

function InvoiceView({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  const title = useInvoiceTitle(invoice);
  const actions = useInvoiceActions(invoice);
  const draft = invoice.status === 'draft';
  const isCredit = invoice.documentType === 'TD04';
  const issueProblems: MissingEntry[] = invoice.eInvoiceProblems.map((p) => ({ ...p, message: null }));

  return (
    <div>
      <Link
        to="/invoices"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('invoices:detail.backToList')}
      </Link>
      <PageHeader
        className="sm:flex-col sm:items-start"
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <InvoiceStatusBadge status={invoice.status} />
            {isCredit ? <Badge tone="warning">{t('invoices:types.TD04')}</Badge> : null}
            <span>{invoice.client.name}</span>
          </span>
        }
        actions={<InvoiceActionsBar invoice={invoice} actions={actions} />}
      />

      {actions.xmlMissing ? (
        <MissingList
          tone="error"
          title={t('invoices:einvoice.refusedTitle')}
          items={actions.xmlMissing}
          invoice={invoice}
          testId="einvoice-refused"
        />
      ) : issueProblems.length > 0 ? (
        <MissingList
          tone="warning"
          title={draft ? t('invoices:einvoice.beforeIssueTitle') : t('invoices:einvoice.warningTitle')}
          items={issueProblems}
          invoice={invoice}
          testId="einvoice-missing"
        />
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <InvoiceSummary invoice={invoice} />
        </div>

        <div className="grid min-w-0 content-start gap-6">
          {isCredit ? null : <InvoicePaymentsCard invoice={invoice} actions={actions} />}
          <RelatedDocumentsCard invoice={invoice} />
          <LinkedDocuments recordType="invoice" recordId={invoice.id} />
          <EmailActivityCard activity={invoice.activity} />
          {!isCredit && invoice.reminderCount > 0 ? (
            <p className="-mt-3 px-1 text-xs text-muted-foreground">
              {t('invoices:reminders.count', {
                count: invoice.reminderCount,
                date: invoice.lastReminderAt ? formatDateTime(invoice.lastReminderAt, locale) : '—',
              })}
            </p>
          ) : null}
          {/* Issued invoices and credit notes (TD04) alike go to the SDI. */}
          {draft ? null : <SdiPanel invoice={invoice} />}
        </div>
      </div>

      <InvoiceDialogs invoice={invoice} actions={actions} issueProblems={issueProblems} />
    </div>
  );
}
