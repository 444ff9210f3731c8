import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link2 } from 'lucide-react';
import type { TInvoice } from '@shared/invoicing/contracts.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';

/** The invoice a credit note corrects, an invoice's credit notes, the quote it came from; nothing if none. */
export function RelatedDocumentsCard({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  const euro = (cents: number) => formatEuroCents(cents, locale);
  if (!invoice.relatedInvoice && invoice.creditNotes.length === 0 && !invoice.fromQuoteId) return null;
  return (
    <Card>
      <CardHeader
        icon={<Link2 aria-hidden="true" className="size-5" />}
        title={t('invoices:related.title')}
      />
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {invoice.relatedInvoice ? (
            <li>
              {t('invoices:related.corrects')}{' '}
              <Link
                to={`/invoices/${invoice.relatedInvoice.id}`}
                className="font-medium text-primary hover:underline"
              >
                {invoice.relatedInvoice.number ?? t('invoices:detail.draftNumber')}
              </Link>
            </li>
          ) : null}
          {invoice.creditNotes.map((note) => (
            <li key={note.id}>
              {t('invoices:related.creditNote')}{' '}
              <Link to={`/invoices/${note.id}`} className="font-medium text-primary hover:underline">
                {note.number ?? t('invoices:detail.draftNumber')}
              </Link>{' '}
              <span className="text-muted-foreground tabular-nums">({euro(note.totalCents)})</span>
            </li>
          ))}
          {invoice.fromQuoteId ? (
            <li>
              <Link
                to={`/quotes/${invoice.fromQuoteId}`}
                className="font-medium text-primary hover:underline"
              >
                {t('invoices:related.fromQuote')}
              </Link>
            </li>
          ) : null}
        </ul>
      </CardContent>
    </Card>
  );
}
