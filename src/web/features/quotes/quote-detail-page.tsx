import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { MailDeliveryBadge, toastDelivery } from '@web/features/mail/mail-delivery.tsx';
import {
  ArrowLeft,
  CheckCircle2,
  Download,
  FileOutput,
  MessageSquareText,
  Pencil,
  Send,
  Trash2,
  XCircle,
} from 'lucide-react';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { canTransitionQuote, effectiveQuoteStatus } from '@shared/invoicing/status.ts';
import { formatDate, formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import {
  ConfirmDialog,
  DocumentLines,
  EmailActivityCard,
  Facts,
  useConfirm,
} from '@web/features/invoicing/document-view.tsx';
import { downloadFile } from '@web/features/invoicing/invoicing-api.ts';
import {
  invoicingErrorMessage,
  QuoteStatusBadge,
  useInvoicingPermissions,
} from '@web/features/invoicing/invoicing-ui.tsx';
import { TotalsPanel } from '@web/features/invoicing/totals-panel.tsx';
import { QUOTE_EDITABLE, QuoteLoadError } from './quote-editor-page.tsx';
import {
  useConvertQuote,
  useDeleteQuote,
  useQuote,
  useQuotesLiveRefresh,
  useQuoteStatus,
  useSendQuote,
} from './quotes-api.ts';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';

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

type Confirmation = 'send' | 'accept' | 'reject' | 'convert' | 'delete';

function QuoteView({ quote }: { quote: TQuote }) {
  const { t } = useTranslation(['quotes', 'invoices', 'buttons', 'common', 'mail']);
  const navigate = useNavigate();
  const { orgId, canManage } = useInvoicingPermissions();
  const locale = localeOf(currentLanguage());
  const status = effectiveQuoteStatus(quote.status, quote.validUntil, todayIsoDate());
  const latestMail = quote.activity[0];
  const send = useSendQuote(orgId, quote.id);
  const changeStatus = useQuoteStatus(orgId, quote.id);
  const convert = useConvertQuote(orgId, quote.id);
  const remove = useDeleteQuote(orgId);
  const confirm = useConfirm<Confirmation>();
  const [downloading, setDownloading] = useState(false);

  const canSend = canManage && (status === 'draft' || status === 'sent' || status === 'expired');
  const canAccept = canManage && canTransitionQuote(status, 'accepted');
  const canReject = canManage && canTransitionQuote(status, 'rejected');
  const canConvert = canManage && canTransitionQuote(status, 'converted');
  const canEdit = canManage && QUOTE_EDITABLE.includes(status);
  const canDelete = canManage && status === 'draft';

  const fail = (error: unknown) => toast.error(invoicingErrorMessage(error, t));

  const doSend = () =>
    send.mutate(undefined, {
      onSuccess: (result) => {
        confirm.close();
        toastDelivery(t, result.activity, t('quotes:toast.sent', { email: result.activity.recipientEmail }));
      },
      onError: fail,
    });
  const doStatus = (next: 'accepted' | 'rejected') =>
    changeStatus.mutate(next, {
      onSuccess: () => {
        confirm.close();
        toast.success(t(`quotes:toast.${next}`));
      },
      onError: fail,
    });
  const doConvert = () =>
    convert.mutate(undefined, {
      onSuccess: (invoice) => {
        confirm.close();
        toast.success(t('quotes:toast.converted'));
        void navigate(`/invoices/${invoice.id}`);
      },
      onError: fail,
    });
  const doDelete = () =>
    remove.mutate(quote.id, {
      onSuccess: () => {
        confirm.close();
        toast.success(t('quotes:toast.deleted', { number: quote.number }));
        void navigate('/quotes', { replace: true });
      },
      onError: fail,
    });
  const doPdf = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/v1/quotes/${encodeURIComponent(quote.id)}/pdf`, `Quote_${quote.number}.pdf`);
    } catch (error) {
      fail(error);
    } finally {
      setDownloading(false);
    }
  };

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
        actions={
          <>
            {canConvert ? (
              <Button onClick={() => confirm.show('convert')}>
                <FileOutput aria-hidden="true" className="size-4" />
                {t('quotes:actions.convert')}
              </Button>
            ) : null}
            {quote.convertedInvoiceId ? (
              <Link to={`/invoices/${quote.convertedInvoiceId}`} className={buttonClasses('primary')}>
                <FileOutput aria-hidden="true" className="size-4" />
                {t('quotes:actions.openInvoice')}
              </Link>
            ) : null}
            {canSend ? (
              <Button
                variant={status === 'draft' ? 'primary' : 'outline'}
                onClick={() => confirm.show('send')}
              >
                <Send aria-hidden="true" className="size-4" />
                {status === 'draft' ? t('quotes:actions.send') : t('quotes:actions.sendAgain')}
              </Button>
            ) : null}
            {canAccept ? (
              <Button variant="outline" onClick={() => confirm.show('accept')}>
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('quotes:actions.markAccepted')}
              </Button>
            ) : null}
            {canReject ? (
              <Button variant="outline" onClick={() => confirm.show('reject')}>
                <XCircle aria-hidden="true" className="size-4" />
                {t('quotes:actions.markRejected')}
              </Button>
            ) : null}
            {canEdit ? (
              <Link to={`/quotes/${quote.id}/edit`} className={buttonClasses('outline')}>
                <Pencil aria-hidden="true" className="size-4" />
                {t('quotes:actions.edit')}
              </Link>
            ) : null}
            <Button variant="outline" onClick={() => void doPdf()} loading={downloading}>
              {downloading ? null : <Download aria-hidden="true" className="size-4" />}
              {t('quotes:actions.pdf')}
            </Button>
            {canDelete ? (
              <Button variant="outline" className="text-danger" onClick={() => confirm.show('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                {t('quotes:actions.delete')}
              </Button>
            ) : null}
          </>
        }
      />

      {status === 'expired' && quote.status === 'sent' ? (
        <Alert tone="warning" className="mb-6">
          {t('quotes:detail.expiredNotice', { date: formatDate(quote.validUntil, locale) })}
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Card>
            <CardHeader title={t('quotes:detail.document')} />
            <CardContent>
              <Facts
                items={[
                  [
                    t('invoices:editor.client'),
                    <Link key="c" to={`/clients/${quote.client.id}`}>
                      {quote.client.name}
                    </Link>,
                  ],
                  [t('invoices:fields.email'), quote.client.email],
                  [t('invoices:editor.issueDate'), formatDate(quote.issueDate, locale)],
                  [t('quotes:fields.validUntil'), formatDate(quote.validUntil, locale)],
                  [t('invoices:fields.documentLanguage'), t(`invoices:languages.${quote.language}`)],
                  [t('invoices:editor.pdfTemplate'), t(`invoices:templates.${quote.pdfTemplate}`)],
                ]}
              />
            </CardContent>
            <div className="border-t border-border">
              <DocumentLines totals={quote.totals} />
            </div>
            <CardContent className="border-t border-border">
              <div className="ml-auto max-w-md">
                <TotalsPanel totals={quote.totals} documentLanguage={quote.language} />
              </div>
            </CardContent>
          </Card>
          {quote.notes || quote.terms ? (
            <Card>
              <CardHeader title={t('invoices:editor.notesTitle')} />
              <CardContent>
                <Facts
                  className="grid gap-4 text-sm"
                  items={[
                    [
                      t('invoices:fields.notes'),
                      quote.notes && <span className="whitespace-pre-wrap">{quote.notes}</span>,
                    ],
                    [
                      t('invoices:fields.terms'),
                      quote.terms && <span className="whitespace-pre-wrap">{quote.terms}</span>,
                    ],
                  ]}
                />
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="grid content-start gap-6">
          <ClientResponseCard quote={quote} />
          <EmailActivityCard activity={quote.activity} />
        </div>
      </div>

      <ConfirmDialog
        {...confirm.props('send')}
        title={t('quotes:confirm.sendTitle', { number: quote.number })}
        description={email ? t('quotes:confirm.sendText', { email }) : t('quotes:confirm.sendNoEmail')}
        confirmLabel={t('quotes:actions.send')}
        loading={send.isPending}
        onConfirm={doSend}
      />
      <ConfirmDialog
        {...confirm.props('accept')}
        title={t('quotes:confirm.acceptTitle')}
        description={t('quotes:confirm.acceptText', { number: quote.number })}
        confirmLabel={t('quotes:actions.markAccepted')}
        loading={changeStatus.isPending}
        onConfirm={() => doStatus('accepted')}
      />
      <ConfirmDialog
        {...confirm.props('reject')}
        title={t('quotes:confirm.rejectTitle')}
        description={t('quotes:confirm.rejectText', { number: quote.number })}
        confirmLabel={t('quotes:actions.markRejected')}
        danger
        loading={changeStatus.isPending}
        onConfirm={() => doStatus('rejected')}
      />
      <ConfirmDialog
        {...confirm.props('convert')}
        title={t('quotes:confirm.convertTitle')}
        description={t('quotes:confirm.convertText', { number: quote.number })}
        confirmLabel={t('quotes:actions.convert')}
        loading={convert.isPending}
        onConfirm={doConvert}
      />
      <ConfirmDialog
        {...confirm.props('delete')}
        title={t('quotes:confirm.deleteTitle')}
        description={t('quotes:confirm.deleteText', { number: quote.number })}
        confirmLabel={t('quotes:actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={doDelete}
      />
    </div>
  );
}

/** How the quote went: sent, and the client's answer through the link (with the message, if any). */
function ClientResponseCard({ quote }: { quote: TQuote }) {
  const { t } = useTranslation(['quotes']);
  const locale = localeOf(currentLanguage());
  const answered =
    quote.respondedAt &&
    (quote.status === 'accepted' || quote.status === 'rejected' || quote.status === 'converted');
  return (
    <Card>
      <CardHeader
        icon={<MessageSquareText aria-hidden="true" className="size-5" />}
        title={t('quotes:response.title')}
        description={t('quotes:response.description')}
      />
      <CardContent className="grid gap-3 text-sm" data-testid="client-response">
        {quote.sentAt ? (
          <p className="text-muted-foreground">
            {t('quotes:response.sentAt', { date: formatDateTime(quote.sentAt, locale) })}
          </p>
        ) : (
          <p className="text-muted-foreground">{t('quotes:response.notSent')}</p>
        )}
        {answered ? (
          <div className="grid gap-2 rounded-md bg-surface-muted px-3 py-2.5">
            <p className="font-medium text-foreground">
              {quote.status === 'rejected'
                ? t('quotes:response.rejected', { date: formatDateTime(quote.respondedAt!, locale) })
                : t('quotes:response.accepted', { date: formatDateTime(quote.respondedAt!, locale) })}
            </p>
            {quote.clientResponseMessage ? (
              <blockquote className="border-l-2 border-border pl-3 whitespace-pre-wrap text-foreground">
                {quote.clientResponseMessage}
              </blockquote>
            ) : (
              <p className="text-muted-foreground">{t('quotes:response.noMessage')}</p>
            )}
          </div>
        ) : quote.sentAt ? (
          <p className="text-muted-foreground">{t('quotes:response.waiting')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
