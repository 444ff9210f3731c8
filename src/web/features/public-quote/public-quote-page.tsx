import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, FileWarning } from 'lucide-react';
import type { TPublicQuote } from '@shared/invoicing/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent } from '@web/ui/card.tsx';
import { PublicPage, PublicPageError, PublicPageLoading } from '@web/ui/public-page.tsx';
import { DocumentLines } from '@web/features/invoicing/document-view.tsx';
import { Facts } from '@web/ui/facts.tsx';
import { TotalsPanel } from '@web/features/invoicing/totals-panel.tsx';
import {
  publicQuoteLogoPath,
  publicQuotePdfPath,
  usePublicQuote,
  useRespondToQuote,
} from './public-quote-api.ts';
import { AnswerCard, RespondCard } from './public-quote-answer.tsx';

/**
 * /q/:token: the quote as the client sees it through its signed link, with no session, in the quote's
 * language: the document, its PDF, and accept or reject with an optional message (then a thank-you); an answered
 * quote shows the answer and its date.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['quotes', 'common']);
  const quote = usePublicQuote(token);
  useDocumentTitle(
    quote.data
      ? t('quotes:public.docTitle', { number: quote.data.number, lng: quote.data.language })
      : t('quotes:public.title'),
  );

  if (quote.isPending) return <PublicPageLoading width="document" label={t('common:loading')} />;
  if (quote.isError) {
    const invalid = quote.error instanceof ApiError && quote.error.status > 0 && quote.error.status < 500;
    return (
      <PublicPageError
        width="document"
        icon={<FileWarning aria-hidden="true" />}
        title={invalid ? t('quotes:public.invalidTitle') : t('quotes:public.errorTitle')}
        description={invalid ? t('quotes:public.invalidText') : t('quotes:public.errorText')}
        retry={invalid ? undefined : { label: t('quotes:public.retry'), onRetry: () => void quote.refetch() }}
      />
    );
  }
  return <QuoteContent token={token} quote={quote.data} />;
}

function QuoteContent({ token, quote }: { token: string; quote: TPublicQuote }) {
  const lang = quote.language;
  const { t } = useTranslation(['quotes', 'invoices'], { lng: lang });
  const locale = localeOf(lang);
  // Held here: the answer replaces the cached quote, which must not turn the thank-you into a plain answer.
  const respond = useRespondToQuote(token, lang);
  const answered =
    quote.respondedAt &&
    (quote.status === 'accepted' || quote.status === 'rejected' || quote.status === 'converted');

  return (
    <PublicPage lang={lang} width="document">
      <header className="flex flex-col gap-3">
        <div className="flex items-start gap-4" data-testid="public-quote-seller">
          {quote.seller.hasLogo ? (
            <img
              src={publicQuoteLogoPath(token)}
              alt={t('quotes:public.logoAlt', { seller: quote.seller.name })}
              className="max-h-16 max-w-40 shrink-0 object-contain"
            />
          ) : null}
          <div className="min-w-0 text-sm text-muted-foreground">
            <p className="font-medium text-foreground">{quote.seller.name}</p>
            {quote.seller.address ? <p>{quote.seller.address}</p> : null}
            {quote.seller.vatNumber ? (
              <p>{t('quotes:public.vatNumber', { value: quote.seller.vatNumber })}</p>
            ) : null}
            {quote.seller.codiceFiscale && quote.seller.codiceFiscale !== quote.seller.vatNumber ? (
              <p>{t('quotes:public.codiceFiscale', { value: quote.seller.codiceFiscale })}</p>
            ) : null}
            {[quote.seller.email, quote.seller.phone].filter(Boolean).length > 0 ? (
              <p>{[quote.seller.email, quote.seller.phone].filter(Boolean).join(' · ')}</p>
            ) : null}
          </div>
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
          {t('quotes:public.heading', { number: quote.number })}
        </h1>
      </header>
      <Card>
        <CardContent className="grid gap-4">
          <Facts
            items={[
              [t('quotes:public.from'), quote.sellerName],
              [t('quotes:public.to'), quote.clientName],
              [t('invoices:editor.issueDate'), formatDate(quote.issueDate, locale)],
              [t('quotes:fields.validUntil'), formatDate(quote.validUntil, locale)],
            ]}
          />
          <a
            href={publicQuotePdfPath(token)}
            download
            className={buttonClasses('outline', 'md', 'w-full sm:w-auto sm:justify-self-start')}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('quotes:public.downloadPdf')}
          </a>
        </CardContent>
        <div className="border-t border-border">
          <DocumentLines totals={quote.totals} lang={lang} />
        </div>
        <CardContent className="border-t border-border">
          <div className="ml-auto max-w-md">
            <TotalsPanel totals={quote.totals} documentLanguage={lang} lang={lang} />
          </div>
        </CardContent>
        {quote.terms ? (
          <CardContent className="border-t border-border">
            <h2 className="text-sm font-semibold text-foreground">{t('invoices:fields.terms')}</h2>
            <p className="mt-1 text-sm whitespace-pre-wrap text-muted-foreground">{quote.terms}</p>
          </CardContent>
        ) : null}
      </Card>

      {respond.isSuccess ? (
        <AnswerCard quote={respond.data} thanks />
      ) : answered ? (
        <AnswerCard quote={quote} />
      ) : quote.canRespond ? (
        <RespondCard quote={quote} respond={respond} />
      ) : (
        <Alert tone="warning" title={t('quotes:public.closedTitle')}>
          {quote.status === 'expired' || quote.status === 'sent'
            ? t('quotes:public.expiredText', {
                date: formatDate(quote.validUntil, locale),
                seller: quote.sellerName,
              })
            : t('quotes:public.closedText', { seller: quote.sellerName })}
        </Alert>
      )}
    </PublicPage>
  );
}
