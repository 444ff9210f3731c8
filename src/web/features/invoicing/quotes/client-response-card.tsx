import { useTranslation } from 'react-i18next';
import { MessageSquareText } from 'lucide-react';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';

/** How the quote went: sent, and the client's answer through the link (with the message, if any). */
export function ClientResponseCard({ quote }: { quote: TQuote }) {
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
