import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Building2, FileText, Sigma, type LucideIcon } from 'lucide-react';
import type { TPurchaseInvoice } from '@shared/purchases/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Facts } from '@web/ui/facts.tsx';
import { moneyText, payableCents, splitPaymentVatCents, supplierAddressLines } from './purchase-codes.ts';
import { PurchaseTypeLabel } from './purchase-list-rows.tsx';

/** The facts of a received invoice's page: supplier, document data, totals (its tables: purchase-detail-tables.tsx). */

/** Amounts in the document's currency and dates, in the interface language. */
export function usePurchaseFormat(invoice: TPurchaseInvoice) {
  const locale = localeOf(currentLanguage());
  return {
    locale,
    money: (cents: number) => moneyText(cents, invoice.currency, locale),
    date: (iso: string) => formatDate(iso, locale),
  };
}

/** A card header's icon. */
export const cardIcon = (Icon: LucideIcon) => <Icon aria-hidden="true" className="size-5" />;

export function SupplierCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const s = invoice.supplier;
  const address = supplierAddressLines(s);
  return (
    <Card data-testid="purchase-supplier">
      <CardHeader icon={cardIcon(Building2)} title={t('purchases:supplier.title')} />
      <CardContent>
        <Facts
          items={[
            [t('purchases:supplier.name'), s.name],
            [t('purchases:supplier.vatNumber'), s.vatNumber],
            [t('purchases:supplier.taxCode'), s.taxCode],
            [
              t('purchases:supplier.address'),
              address.length > 0 ? <span className="whitespace-pre-line">{address.join('\n')}</span> : null,
            ],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function PurchaseDocumentCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const f = usePurchaseFormat(invoice);
  return (
    <Card data-testid="purchase-document">
      <CardHeader icon={cardIcon(FileText)} title={t('purchases:document.title')} />
      <CardContent>
        <Facts
          items={[
            [t('purchases:document.type'), <PurchaseTypeLabel key="type" code={invoice.documentType} />],
            [t('purchases:document.number'), invoice.number],
            [t('purchases:document.date'), f.date(invoice.issueDate)],
            [
              t('purchases:document.fileName'),
              <span key="file" className="break-all">
                {invoice.fileName}
              </span>,
            ],
          ]}
        />
        {invoice.description ? (
          // The causale runs to several hundred characters: across the card, not in a column.
          <Facts
            className="mt-3 text-sm"
            items={[
              [
                t('purchases:document.description'),
                <span key="description" className="font-normal whitespace-pre-wrap">
                  {invoice.description}
                </span>,
              ],
            ]}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function TotalRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4 py-1.5',
        strong && 'border-t border-border pt-3',
      )}
    >
      <dt className={strong ? 'font-semibold text-foreground' : 'text-muted-foreground'}>{label}</dt>
      <dd
        data-testid={testId}
        className={cn(
          'text-right tabular-nums',
          strong ? 'text-base font-semibold text-foreground' : 'text-foreground',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

export function TotalsCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const f = usePurchaseFormat(invoice);
  const split = splitPaymentVatCents(invoice);
  const payable = payableCents(invoice);
  return (
    <Card>
      <CardHeader icon={cardIcon(Sigma)} title={t('purchases:totals.title')} />
      <CardContent>
        <dl className="text-sm" data-testid="purchase-totals">
          <TotalRow label={t('purchases:totals.taxable')} value={f.money(invoice.taxableCents)} />
          <TotalRow label={t('purchases:totals.vat')} value={f.money(invoice.vatCents)} />
          <TotalRow
            label={t('purchases:totals.total')}
            value={f.money(invoice.totalCents)}
            strong
            testId="purchase-total"
          />
          {invoice.withholdingCents !== 0 ? (
            <TotalRow
              label={t('purchases:totals.withholding')}
              value={f.money(-invoice.withholdingCents)}
              testId="purchase-withholding"
            />
          ) : null}
          {split !== 0 ? (
            <TotalRow
              label={t('purchases:totals.splitPaymentVat')}
              value={f.money(-split)}
              testId="purchase-split-vat"
            />
          ) : null}
          {payable !== invoice.totalCents ? (
            <TotalRow
              label={t('purchases:totals.payable')}
              value={f.money(payable)}
              strong
              testId="purchase-payable"
            />
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
