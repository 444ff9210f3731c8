import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { TEmailActivity } from '@shared/invoicing/contracts.ts';
import { MailDeliveryBadge, MailDeliveryNote } from '@web/features/mail/mail-delivery.tsx';
import type { DocumentTotals } from '@shared/invoicing/document.ts';
import { formatDateTime, formatEuroCents, formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { natureKey } from './labels.ts';

type Lang = 'it' | 'en';

const quantityText = (quantity: string, locale: string) =>
  formatNumber(Number(quantity), locale, { maximumFractionDigits: 4 });
const percentText = (percent: string, locale: string) =>
  `${formatNumber(Number(percent), locale, { maximumFractionDigits: 2 })}%`;

/**
 * The lines of a stored document as the server computed them: a table on wide screens, one block per line on
 * phones. `lang` renders it in another language than the interface's (the public quote page).
 */
export function DocumentLines({ totals, lang }: { totals: DocumentTotals; lang?: Lang }) {
  const { t } = useTranslation(['invoices'], lang ? { lng: lang } : undefined);
  const locale = localeOf(lang ?? currentLanguage());
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const vatText = (line: DocumentTotals['lines'][number]) =>
    line.vatRate === 0 && line.nature ? `0% ${line.nature}` : `${line.vatRate}%`;

  return (
    <div>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="document-lines">
          <caption className="sr-only">{t('invoices:lines.title')}</caption>
          <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-5 py-2.5 font-medium">
                {t('invoices:lines.description')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('invoices:lines.quantity')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('invoices:lines.unitPrice')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('invoices:lines.discount')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('invoices:lines.vat')}
              </th>
              <th scope="col" className="px-5 py-2.5 text-right font-medium">
                {t('invoices:lines.total')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {totals.lines.map((line) => (
              <tr key={line.lineNumber}>
                <td className="px-5 py-3 break-words whitespace-pre-wrap text-foreground">
                  {line.description}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {quantityText(line.quantity, locale)}
                  {line.unit ? <span className="ml-1 text-muted-foreground">{line.unit}</span> : null}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {euro(line.unitPriceCents)}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums text-muted-foreground">
                  {Number(line.discountPercent) > 0 ? percentText(line.discountPercent, locale) : '—'}
                </td>
                <td
                  className="px-3 py-3 text-right whitespace-nowrap"
                  title={line.nature ? t(natureKey(line.nature)) : undefined}
                >
                  {vatText(line)}
                </td>
                <td className="px-5 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                  {euro(line.totalCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border md:hidden" aria-label={t('invoices:lines.title')}>
        {totals.lines.map((line) => (
          <li key={line.lineNumber} className="grid gap-1 px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 break-words whitespace-pre-wrap text-foreground">
                {line.description}
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{euro(line.totalCents)}</span>
            </div>
            <p className="text-xs text-muted-foreground tabular-nums">
              {[
                `${quantityText(line.quantity, locale)}${line.unit ? ` ${line.unit}` : ''} × ${euro(line.unitPriceCents)}`,
                Number(line.discountPercent) > 0
                  ? `${t('invoices:lines.discount')} ${percentText(line.discountPercent, locale)}`
                  : null,
                `${t('invoices:lines.vat')} ${vatText(line)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The e-mails of a document (email_activity) with their real state from the outbox: kept because no mail
 * server is configured, queued, sent or failed with the reason.
 */
export function EmailActivityCard({ activity }: { activity: TEmailActivity[] }) {
  const { t } = useTranslation(['invoices', 'mail']);
  const locale = localeOf(currentLanguage());
  return (
    <Card>
      <CardHeader
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t('invoices:activity.title')}
        description={t('invoices:activity.description')}
      />
      <CardContent>
        {activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('invoices:activity.none')}</p>
        ) : (
          <ol className="grid gap-4" data-testid="email-activity">
            {activity.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-foreground">
                    {t(`invoices:activity.types.${entry.type}`, { defaultValue: entry.type })}
                  </span>
                  <MailDeliveryBadge status={entry.status} />
                </div>
                <p className="break-words text-muted-foreground">{entry.subject}</p>
                <p className="text-xs text-muted-foreground">
                  {t('invoices:activity.to', { email: entry.recipientEmail })} ·{' '}
                  <time dateTime={entry.sentAt}>{formatDateTime(entry.sentAt, locale)}</time>
                </p>
                {entry.attachments.length > 0 ? (
                  <p className="text-xs break-words text-muted-foreground">
                    {t('invoices:activity.attachments', { files: entry.attachments.join(', ') })}
                  </p>
                ) : null}
                <MailDeliveryNote delivery={entry} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
