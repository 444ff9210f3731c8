import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { MailDeliveryBadge } from '@web/features/mail/mail-delivery.tsx';
import { DocumentSummary, useCommonFacts } from '@web/features/invoicing/document-summary.tsx';
import { LinkedDocuments } from '@web/features/documents/linked-documents.tsx';
import { EmailActivityCard } from '@web/features/invoicing/document-view.tsx';
import { QuoteStatusBadge, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { Alert } from '@web/ui/alert.tsx';
import { Card } from '@web/ui/card.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { ClientResponseCard } from './client-response-card.tsx';
import { QuoteActionsBar } from './quote-actions-bar.tsx';
import { QuoteLoadError } from './quote-editor-page.tsx';
import { useQuote, useQuotesLiveRefresh } from './quotes-api.ts';
import { useQuoteActions } from './use-quote-actions.ts';

/** /quotes/:id */
export function QuoteDetailPage() {
  const { t } = useTranslation(['quotes', 'common', 'navigation']);
  const { id } = useParams();
  const { orgId } = useInvoicingPermissions();
  const quote = useQuote(orgId, id);
  useQuotesLiveRefresh(orgId);
  useDocumentTitle(
    quote.data ? t('quotes:detail.title', { number: quote.data.number }) : t('navigation:routes.quotes'),
  );

  if (quote.isPending) {
    return (
      <Card>
        <SkeletonRows rows={5} label={t('common:loading')} />
      </Card>
    );
  }
  if (quote.isError) return <QuoteLoadError error={quote.error} />;
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: TQuote }) {
  const { t } = useTranslation(['quotes', 'invoices']);
  const locale = localeOf(currentLanguage());
  const actions = useQuoteActions(quote);
  const { status, confirm } = actions;
  const common = useCommonFacts(quote);
  const latestMail = quote.activity[0];
  const email = quote.client.email;

  return (
    <div>
      <Link
        to="/quotes"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('quotes:detail.backToList')}
      </Link>
      <PageHeader
        className="sm:flex-col sm:items-start"
        title={t('quotes:detail.title', { number: quote.number })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <QuoteStatusBadge status={status} />
            {/* A quote marked sent whose last e-mail did not leave says so next to its status. */}
            {status === 'sent' && latestMail && latestMail.status !== 'sent' ? (
              <MailDeliveryBadge status={latestMail.status} />
            ) : null}
            <span>{quote.client.name}</span>
          </span>
        }
        actions={<QuoteActionsBar quote={quote} actions={actions} />}
      />

      {status === 'expired' && quote.status === 'sent' ? (
        <Alert tone="warning" className="mb-6">
          {t('quotes:detail.expiredNotice', { date: formatDate(quote.validUntil, locale) })}
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <DocumentSummary
            title={t('quotes:detail.document')}
            document={quote}
            facts={[
              common.client,
              common.email,
              common.issueDate,
              [t('quotes:fields.validUntil'), formatDate(quote.validUntil, locale)],
              common.language,
              common.template,
            ]}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <ClientResponseCard quote={quote} />
          <LinkedDocuments recordType="quote" recordId={quote.id} />
          <EmailActivityCard activity={quote.activity} />
        </div>
      </div>

      <ConfirmDialog
        {...confirm.props('send')}
        title={t('quotes:confirm.sendTitle', { number: quote.number })}
        description={email ? t('quotes:confirm.sendText', { email }) : t('quotes:confirm.sendNoEmail')}
        confirmLabel={t('quotes:actions.send')}
        loading={actions.pending.send}
        onConfirm={actions.doSend}
      />
      <ConfirmDialog
        {...confirm.props('accept')}
        title={t('quotes:confirm.acceptTitle')}
        description={t('quotes:confirm.acceptText', { number: quote.number })}
        confirmLabel={t('quotes:actions.markAccepted')}
        loading={actions.pending.status}
        onConfirm={() => actions.doStatus('accepted')}
      />
      <ConfirmDialog
        {...confirm.props('reject')}
        title={t('quotes:confirm.rejectTitle')}
        description={t('quotes:confirm.rejectText', { number: quote.number })}
        confirmLabel={t('quotes:actions.markRejected')}
        danger
        loading={actions.pending.status}
        onConfirm={() => actions.doStatus('rejected')}
      />
      <ConfirmDialog
        {...confirm.props('convert')}
        title={t('quotes:confirm.convertTitle')}
        description={t('quotes:confirm.convertText', { number: quote.number })}
        confirmLabel={t('quotes:actions.convert')}
        loading={actions.pending.convert}
        onConfirm={actions.doConvert}
      />
      <ConfirmDialog
        {...confirm.props('delete')}
        title={t('quotes:confirm.deleteTitle')}
        description={t('quotes:confirm.deleteText', { number: quote.number })}
        confirmLabel={t('quotes:actions.delete')}
        danger
        loading={actions.pending.remove}
        onConfirm={actions.doDelete}
      />
    </div>
  );
}
