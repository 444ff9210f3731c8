import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatEuroCents } from '@shared/format/format.ts';
import type { TVatSettlement, TVatSettlementPeriod } from '@shared/reports/contracts.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { vatPeriodLabel } from './vat-period-label.ts';

/** The LIPE lines of one period (quadro VP), as the return lays them out: column 1 debts, column 2 credits. */
const LINES: Array<{
  line: string;
  debit?: keyof TVatSettlementPeriod;
  credit?: keyof TVatSettlementPeriod;
}> = [
  { line: 'VP2', debit: 'vp2' },
  { line: 'VP3', debit: 'vp3' },
  { line: 'VP4', debit: 'vp4' },
  { line: 'VP5', credit: 'vp5' },
  { line: 'VP6', debit: 'vp6Due', credit: 'vp6Credit' },
  { line: 'VP7', debit: 'vp7' },
  { line: 'VP8', credit: 'vp8' },
  { line: 'VP9', credit: 'vp9' },
  { line: 'VP12', debit: 'vp12' },
  { line: 'VP13', credit: 'vp13' },
  { line: 'VP14', debit: 'vp14Due', credit: 'vp14Credit' },
];

export function VatLinesCard({
  report,
  period,
  locale,
}: {
  report: TVatSettlement;
  period: TVatSettlementPeriod;
  locale: string;
}) {
  const { t } = useTranslation('reports');
  const amount = (key?: keyof TVatSettlementPeriod) => {
    if (!key) return '';
    const value = period[key];
    return typeof value === 'number' && value !== 0 ? formatEuroCents(value, locale) : '—';
  };
  const title = vatPeriodLabel(t, locale, report.year, report.periodicity, period.period);
  return (
    <Card data-testid="vat-lines">
      <CardHeader title={t('vat.lines.title', { period: title })} description={t('vat.lines.description')} />
      <CardContent className="overflow-x-auto px-0 py-0">
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">{t('vat.lines.title', { period: title })}</caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="px-5 py-2.5 font-medium">
                {t('vat.lines.line')}
              </th>
              <th scope="col" className="px-5 py-2.5 text-right font-medium">
                {t('vat.lines.debit')}
              </th>
              <th scope="col" className="px-5 py-2.5 text-right font-medium">
                {t('vat.lines.credit')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {LINES.map(({ line, debit, credit }) => (
              <tr key={line} data-line={line}>
                <th scope="row" className="px-5 py-2 text-left font-normal">
                  <span className="font-mono text-xs text-muted-foreground">{line}</span>{' '}
                  {t(`vat.lines.${line}`)}
                </th>
                <td className="px-5 py-2 text-right tabular-nums">{amount(debit)}</td>
                <td className="px-5 py-2 text-right tabular-nums">{amount(credit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid gap-1 border-t border-border px-5 py-3 text-xs text-muted-foreground sm:grid-cols-2">
          <div>
            <dt className="inline">{t('vat.lines.splitPayment')}: </dt>
            <dd className="inline tabular-nums">{formatEuroCents(period.splitPaymentVatCents, locale)}</dd>
          </div>
          <div>
            <dt className="inline">{t('vat.lines.reverseCharge')}: </dt>
            <dd className="inline tabular-nums">
              {formatEuroCents(period.reverseChargeTaxableCents, locale)}
            </dd>
          </div>
          <div>
            <dt className="inline">{t('vat.lines.documents')}: </dt>
            <dd className="inline tabular-nums">
              {period.documents}{' '}
              <Link
                to={`/reports?report=register&from=${period.from}&to=${period.to}`}
                className="text-primary hover:underline"
              >
                {t('vat.lines.openRegister')}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="inline">{t('vat.lines.purchaseDocuments')}: </dt>
            <dd className="inline tabular-nums">
              {period.purchaseDocuments}{' '}
              <Link
                to={`/reports?report=purchases&from=${period.from}&to=${period.to}`}
                className="text-primary hover:underline"
              >
                {t('vat.lines.openPurchaseRegister')}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="inline">{t('vat.lines.reverseChargePurchases')}: </dt>
            <dd className="inline tabular-nums">
              {formatEuroCents(period.purchaseReverseChargeTaxableCents, locale)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
