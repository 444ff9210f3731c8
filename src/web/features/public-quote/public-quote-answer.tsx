import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { TPublicQuote } from '@shared/invoicing/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { ApiError } from '@web/app/api.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Textarea } from '@web/ui/input.tsx';
import type { useRespondToQuote } from './public-quote-api.ts';

/** The answer already given (accepted or rejected, and when), with thanks right after answering. */
export function AnswerCard({ quote, thanks = false }: { quote: TPublicQuote; thanks?: boolean }) {
  const { t } = useTranslation(['quotes'], { lng: quote.language });
  const locale = localeOf(quote.language);
  const rejected = quote.status === 'rejected';
  const Icon = rejected ? XCircle : CheckCircle2;
  return (
    <Card data-testid="public-quote-answer">
      <CardContent className="flex items-start gap-3 py-5">
        <Icon
          aria-hidden="true"
          className={cn('mt-0.5 size-6 shrink-0', rejected ? 'text-danger' : 'text-success')}
        />
        <div role="status" className="grid gap-1">
          {thanks ? (
            <p className="text-lg font-semibold text-foreground">{t('quotes:public.thanksTitle')}</p>
          ) : null}
          <p className={cn('text-sm text-foreground', !thanks && 'font-medium')}>
            {rejected
              ? t('quotes:public.rejectedOn', { date: formatDateTime(quote.respondedAt!, locale) })
              : t('quotes:public.acceptedOn', { date: formatDateTime(quote.respondedAt!, locale) })}
          </p>
          {thanks ? (
            <p className="text-sm text-muted-foreground">
              {t('quotes:public.thanksText', { seller: quote.sellerName })}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** Accept or reject the quote, then confirm with an optional message to the seller. */
export function RespondCard({
  quote,
  respond,
}: {
  quote: TPublicQuote;
  respond: ReturnType<typeof useRespondToQuote>;
}) {
  const { t } = useTranslation(['quotes', 'buttons'], { lng: quote.language });
  const [choice, setChoice] = useState<'accepted' | 'rejected' | null>(null);
  const [message, setMessage] = useState('');

  return (
    <Card>
      <CardHeader title={t('quotes:public.respondTitle')} description={t('quotes:public.respondText')} />
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label={t('quotes:public.respondTitle')}>
          <Button
            variant={choice === 'accepted' ? 'primary' : 'outline'}
            size="lg"
            aria-pressed={choice === 'accepted'}
            onClick={() => setChoice('accepted')}
          >
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {t('quotes:public.accept')}
          </Button>
          <Button
            variant={choice === 'rejected' ? 'danger' : 'outline'}
            size="lg"
            aria-pressed={choice === 'rejected'}
            onClick={() => setChoice('rejected')}
          >
            <XCircle aria-hidden="true" className="size-5" />
            {t('quotes:public.reject')}
          </Button>
        </div>
        {choice ? (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              respond.mutate({ response: choice, message });
            }}
          >
            <Field label={t('quotes:public.message')} hint={t('quotes:public.messageHint')}>
              {(props) => (
                <Textarea
                  {...props}
                  rows={3}
                  maxLength={1000}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              )}
            </Field>
            <p className="text-sm text-foreground">
              {choice === 'accepted'
                ? t('quotes:public.confirmAccept', { number: quote.number, seller: quote.sellerName })
                : t('quotes:public.confirmReject', { number: quote.number, seller: quote.sellerName })}
            </p>
            {respond.isError ? (
              <Alert tone="error">
                {respond.error instanceof ApiError && respond.error.status < 500 && respond.error.message
                  ? respond.error.message
                  : t('quotes:public.submitError')}
              </Alert>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setChoice(null)}>
                {t('buttons:cancel')}
              </Button>
              <Button
                type="submit"
                variant={choice === 'rejected' ? 'danger' : 'primary'}
                loading={respond.isPending}
              >
                {choice === 'accepted'
                  ? t('quotes:public.confirmAcceptButton')
                  : t('quotes:public.confirmRejectButton')}
              </Button>
            </div>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
