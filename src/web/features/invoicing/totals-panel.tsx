import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Scale } from 'lucide-react';
import type { DocumentTotals } from '@shared/invoicing/document.ts';
import { legalNoteText } from '@shared/invoicing/legal-notes.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { cn } from '@web/ui/cn.ts';
import { natureKey } from './labels.ts';

function Row({
  label,
  value,
  testId,
  strong,
  muted,
}: {
  label: ReactNode;
  value: string;
  testId: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', strong && 'pt-2.5')}>
      <dt
        className={cn(
          'text-sm',
          muted ? 'text-muted-foreground' : 'text-foreground',
          strong && 'font-semibold',
        )}
      >
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'text-right tabular-nums',
          strong ? 'text-lg font-semibold text-foreground' : 'text-sm text-foreground',
          muted && 'text-muted-foreground',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The totals of a document as computeDocument gives them: the VAT summary per rate or Natura, taxable, VAT,
 * pension fund, stamp duty, total, withholding, split-payment VAT and the amount due; and the legal wording the
 * document will carry, in the document's language.
 */
export function TotalsPanel({
  totals,
  documentLanguage,
  showLegalNotes = true,
  lang,
}: {
  totals: DocumentTotals;
  documentLanguage: 'it' | 'en';
  showLegalNotes?: boolean;
  /** Render in this language instead of the interface's (the public quote page). */
  lang?: 'it' | 'en';
}) {
  const { t } = useTranslation(['invoices'], lang ? { lng: lang } : undefined);
  const locale = localeOf(lang ?? currentLanguage());
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const minus = (cents: number) => `−${euro(cents)}`;

  return (
    <div className="grid gap-4">
      {totals.vatSummary.length > 0 ? (
        <table className="w-full text-sm" data-testid="vat-summary">
          <caption className="sr-only">{t('invoices:totals.vatSummary')}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr className="border-b border-border">
              <th scope="col" className="py-1.5 text-left font-medium">
                {t('invoices:totals.rate')}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {t('invoices:totals.taxable')}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {t('invoices:totals.vat')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {totals.vatSummary.map((row) => (
              <tr key={`${row.vatRate}-${row.nature ?? ''}`}>
                <th scope="row" className="py-1.5 text-left font-normal text-foreground">
                  {row.nature ? (
                    <span title={t(natureKey(row.nature))}>
                      {`0% ${row.nature}`}
                      <span className="block text-xs text-muted-foreground">{t(natureKey(row.nature))}</span>
                    </span>
                  ) : (
                    `${row.vatRate}%`
                  )}
                  {row.vatCollectability === 'S' ? (
                    <span className="block text-xs text-muted-foreground">
                      {t('invoices:totals.splitShort')}
                    </span>
                  ) : null}
                </th>
                <td className="py-1.5 text-right align-top tabular-nums">{euro(row.taxableCents)}</td>
                <td className="py-1.5 text-right align-top tabular-nums">{euro(row.vatCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <dl className="divide-y divide-border border-t border-border">
        <Row label={t('invoices:totals.taxable')} value={euro(totals.taxableCents)} testId="totals-taxable" />
        {totals.pensionFundCents > 0 ? (
          <Row
            label={t('invoices:totals.pensionFund')}
            value={euro(totals.pensionFundCents)}
            testId="totals-pension-fund"
            muted
          />
        ) : null}
        <Row label={t('invoices:totals.vat')} value={euro(totals.vatCents)} testId="totals-vat" />
        {totals.stampDutyCents > 0 ? (
          <Row
            label={
              totals.stampDutyChargedCents > 0
                ? t('invoices:totals.stampDuty')
                : t('invoices:totals.stampDutyBySeller')
            }
            value={euro(totals.stampDutyCents)}
            testId="totals-stamp-duty"
            muted={totals.stampDutyChargedCents === 0}
          />
        ) : null}
        <Row
          label={t('invoices:totals.total')}
          value={euro(totals.totalCents)}
          testId="totals-total"
          strong
        />
        {totals.withholdingCents > 0 ? (
          <Row
            label={t('invoices:totals.withholding')}
            value={minus(totals.withholdingCents)}
            testId="totals-withholding"
          />
        ) : null}
        {totals.splitPaymentVatCents > 0 ? (
          <Row
            label={t('invoices:totals.splitPaymentVat')}
            value={minus(totals.splitPaymentVatCents)}
            testId="totals-split-vat"
          />
        ) : null}
        <Row
          label={
            <span className="flex items-center gap-2">
              <Scale aria-hidden="true" className="size-4 text-primary" />
              {t('invoices:totals.amountDue')}
            </span>
          }
          value={euro(totals.amountDueCents)}
          testId="totals-amount-due"
          strong
        />
      </dl>

      {showLegalNotes && totals.legalNotes.length > 0 ? (
        <section
          aria-label={t('invoices:totals.legalNotes')}
          className="rounded-md bg-surface-muted px-3 py-2.5"
        >
          <h3 className="text-xs font-semibold text-muted-foreground uppercase">
            {t('invoices:totals.legalNotes')}
          </h3>
          <ul
            className="mt-1.5 grid gap-1.5 text-xs text-foreground"
            lang={documentLanguage}
            data-testid="legal-notes"
          >
            {totals.legalNotes.map((key) => (
              <li key={key}>{legalNoteText(key, documentLanguage)}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
