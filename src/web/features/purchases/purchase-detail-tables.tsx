import { useTranslation } from 'react-i18next';
import { CalendarClock, List, Percent } from 'lucide-react';
import type {
  TPurchaseInvoice,
  TPurchaseInstallment,
  TPurchaseLine,
  TPurchaseVatSummary,
} from '@shared/purchases/contracts.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { DataTable, type DataColumn } from '@web/ui/data-table.tsx';
import {
  chargeabilityKey,
  ibanText,
  paymentMethodKey,
  purchaseNatureKey,
  quantityText,
  unitPriceText,
  vatRateText,
} from './purchase-codes.ts';
import { cardIcon, usePurchaseFormat } from './purchase-detail-cards.tsx';

/**
 * The tables of a received invoice's page: lines, VAT summary and payment schedule, each a table on wider screens
 * and one block per row on phones.
 */

/** The rate of a line or of a summary row, with the Natura's meaning when at 0 %. */
function VatRate({ rate, nature }: { rate: string; nature: string | null }) {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  const key = purchaseNatureKey(nature);
  return (
    <span className="inline-flex flex-col">
      <span className="whitespace-nowrap">{vatRateText(rate, nature, locale)}</span>
      {key ? <span className="text-xs text-muted-foreground">{t(key)}</span> : null}
    </span>
  );
}

type KeyedLine = TPurchaseLine & { key: string };

export function LinesCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const f = usePurchaseFormat(invoice);
  const rows: KeyedLine[] = invoice.lines.map((line, i) => ({ ...line, key: String(i) }));
  const columns: DataColumn<KeyedLine>[] = [
    {
      id: 'description',
      header: t('purchases:lines.description'),
      className: 'min-w-56 px-5 py-3 break-words whitespace-pre-wrap text-foreground',
      cell: (l) => l.description,
    },
    {
      id: 'quantity',
      header: t('purchases:lines.quantity'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap tabular-nums',
      cell: (l) => quantityText(l.quantity, f.locale) ?? '—',
    },
    {
      id: 'unitPrice',
      header: t('purchases:lines.unitPrice'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap tabular-nums',
      cell: (l) => unitPriceText(l.unitPrice, invoice.currency, f.locale),
    },
    {
      id: 'vat',
      header: t('purchases:lines.vat'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3',
      cell: (l) => <VatRate rate={l.vatRate} nature={l.nature} />,
    },
    {
      id: 'total',
      header: t('purchases:lines.total'),
      align: 'right',
      className: 'px-5 py-3 font-medium whitespace-nowrap tabular-nums',
      cell: (l) => f.money(l.totalCents),
    },
  ];
  return (
    <Card>
      <CardHeader icon={cardIcon(List)} title={t('purchases:lines.title')} />
      {rows.length === 0 ? (
        <CardContent>
          <p className="text-sm text-muted-foreground">{t('purchases:lines.none')}</p>
        </CardContent>
      ) : (
        <DataTable
          caption={t('purchases:lines.title')}
          columns={columns}
          rows={rows}
          getRowId={(l) => l.key}
          testId="purchase-lines"
          card={(l) => (
            <div className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 break-words whitespace-pre-wrap text-foreground">
                  {l.description}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{f.money(l.totalCents)}</span>
              </div>
              <p className="text-xs text-muted-foreground tabular-nums">
                {[
                  l.quantity !== null
                    ? `${quantityText(l.quantity, f.locale)} × ${unitPriceText(l.unitPrice, invoice.currency, f.locale)}`
                    : null,
                  `${t('purchases:lines.vatShort')} ${vatRateText(l.vatRate, l.nature, f.locale)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          )}
        />
      )}
    </Card>
  );
}

type KeyedSummary = TPurchaseVatSummary & { key: string };

export function VatSummaryCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const f = usePurchaseFormat(invoice);
  const rows: KeyedSummary[] = invoice.vatSummary.map((row, i) => ({ ...row, key: String(i) }));
  const chargeability = (row: TPurchaseVatSummary) => {
    const key = chargeabilityKey(row.chargeability);
    return key ? t(key) : (row.chargeability ?? '—');
  };
  const columns: DataColumn<KeyedSummary>[] = [
    {
      id: 'rate',
      header: t('purchases:vatSummary.rate'),
      cell: (r) => <VatRate rate={r.vatRate} nature={r.nature} />,
    },
    {
      id: 'taxable',
      header: t('purchases:vatSummary.taxable'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap tabular-nums',
      cell: (r) => f.money(r.taxableCents),
    },
    {
      id: 'vat',
      header: t('purchases:vatSummary.vat'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap tabular-nums',
      cell: (r) => f.money(r.vatCents),
    },
    {
      id: 'chargeability',
      header: t('purchases:vatSummary.chargeability'),
      cell: (r) => chargeability(r),
    },
  ];
  return (
    <Card>
      <CardHeader icon={cardIcon(Percent)} title={t('purchases:vatSummary.title')} />
      {rows.length === 0 ? (
        <CardContent>
          <p className="text-sm text-muted-foreground">{t('purchases:vatSummary.none')}</p>
        </CardContent>
      ) : (
        <DataTable
          caption={t('purchases:vatSummary.title')}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.key}
          testId="purchase-vat-summary"
          card={(r) => (
            <div className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <VatRate rate={r.vatRate} nature={r.nature} />
                <span className="shrink-0 font-semibold tabular-nums">{f.money(r.vatCents)}</span>
              </div>
              <p className="text-xs text-muted-foreground">
                {t('purchases:vatSummary.taxable')} {f.money(r.taxableCents)}
                {r.chargeability
                  ? ` · ${t('purchases:vatSummary.chargeability')}: ${chargeability(r)}`
                  : null}
              </p>
            </div>
          )}
        />
      )}
    </Card>
  );
}

type KeyedInstallment = TPurchaseInstallment & { key: string };

export function PaymentScheduleCard({ invoice }: { invoice: TPurchaseInvoice }) {
  const { t } = useTranslation(['purchases']);
  const f = usePurchaseFormat(invoice);
  const rows: KeyedInstallment[] = invoice.installments.map((row, i) => ({ ...row, key: String(i) }));
  const method = (code: string) => {
    const key = paymentMethodKey(code);
    return key ? t(key) : code || '—';
  };
  const due = (row: TPurchaseInstallment) =>
    row.dueDate ? f.date(row.dueDate) : t('purchases:payments.noDueDate');
  const columns: DataColumn<KeyedInstallment>[] = [
    {
      id: 'dueDate',
      header: t('purchases:payments.dueDate'),
      className: 'px-5 py-3 font-medium whitespace-nowrap text-foreground',
      cell: due,
    },
    {
      id: 'amount',
      header: t('purchases:payments.amount'),
      align: 'right',
      headerClassName: 'px-3 py-2.5',
      className: 'px-3 py-3 whitespace-nowrap tabular-nums',
      cell: (r) => f.money(r.amountCents),
    },
    {
      id: 'method',
      header: t('purchases:payments.method'),
      cell: (r) => <span title={r.method}>{method(r.method)}</span>,
    },
    {
      id: 'iban',
      header: t('purchases:payments.iban'),
      className: 'px-5 py-3 font-mono text-xs whitespace-nowrap',
      cell: (r) => (r.iban ? ibanText(r.iban) : '—'),
    },
  ];
  return (
    <Card>
      <CardHeader icon={cardIcon(CalendarClock)} title={t('purchases:payments.title')} />
      {rows.length === 0 ? (
        <CardContent>
          <p className="text-sm text-muted-foreground">{t('purchases:payments.none')}</p>
        </CardContent>
      ) : (
        <DataTable
          caption={t('purchases:payments.title')}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.key}
          testId="purchase-installments"
          // No IBAN in any instalment (cash, a card, a direct debit): no empty column of dashes.
          hiddenColumns={rows.some((r) => r.iban) ? [] : ['iban']}
          rowTestId="purchase-installment"
          card={(r) => (
            <div className="grid gap-1 px-4 py-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                <span className="font-medium text-foreground">{due(r)}</span>
                <span className="shrink-0 font-semibold tabular-nums">{f.money(r.amountCents)}</span>
              </div>
              <p className="text-xs text-muted-foreground">{method(r.method)}</p>
              {r.iban ? (
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {t('purchases:payments.iban')} {ibanText(r.iban)}
                </p>
              ) : null}
            </div>
          )}
        />
      )}
    </Card>
  );
}
