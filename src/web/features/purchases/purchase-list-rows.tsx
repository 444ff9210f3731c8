import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPurchaseInvoiceListItem } from '@shared/purchases/contracts.ts';
import { formatDate } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import type { DataColumn } from '@web/ui/data-table.tsx';
import { DocumentCard } from '@web/features/invoicing/document-list.tsx';
import { documentTypeKey, moneyText } from './purchase-codes.ts';

/**
 * A document type in words (a credit note stands out as the invoices show it); an unknown code as it is. `compact`
 * (the phone's card): a plain invoice says nothing, the other types are small.
 */
export function PurchaseTypeLabel({ code, compact = false }: { code: string; compact?: boolean }) {
  const { t } = useTranslation(['purchases', 'invoices']);
  const key = documentTypeKey(code);
  const label = key ? t(key) : code;
  if (code === 'TD04') return <Badge tone="warning">{label}</Badge>;
  if (compact && code === 'TD01') return null;
  return (
    <span
      title={key ? `${label} (${code})` : undefined}
      className={compact ? 'text-xs text-muted-foreground' : undefined}
    >
      {label}
    </span>
  );
}

/** How a received invoice arrived: "PEC" (the only way so far); another source by its name. */
export function SourceBadge({ source }: { source: string }) {
  const { t } = useTranslation(['purchases']);
  return <Badge>{source === 'pec' ? t('purchases:sources.pec') : source}</Badge>;
}

function useRowFormat() {
  const locale = localeOf(currentLanguage());
  return {
    date: (iso: string) => formatDate(iso, locale),
    money: (cents: number, currency: string) => moneyText(cents, currency, locale),
  };
}

/** The list's columns on wider screens: the number opens the invoice. */
export function usePurchaseColumns(): DataColumn<TPurchaseInvoiceListItem>[] {
  const { t } = useTranslation(['purchases']);
  const f = useRowFormat();
  return [
    {
      id: 'supplier',
      header: t('purchases:columns.supplier'),
      className: 'max-w-56 truncate px-5 py-3 font-medium text-foreground',
      title: (i) => i.supplierName,
      cell: (i) => i.supplierName,
    },
    {
      id: 'number',
      header: t('purchases:columns.number'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap',
      cell: (i) => (
        <Link to={`/purchase-invoices/${i.id}`} className="font-medium text-primary hover:underline">
          {i.number}
        </Link>
      ),
    },
    {
      id: 'type',
      header: t('purchases:columns.type'),
      headerClassName: 'px-4 py-2.5',
      className: 'max-w-40 truncate px-4 py-3 text-muted-foreground',
      cell: (i) => <PurchaseTypeLabel code={i.documentType} />,
    },
    {
      id: 'issueDate',
      header: t('purchases:columns.date'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap text-muted-foreground',
      cell: (i) => f.date(i.issueDate),
    },
    {
      id: 'dueDate',
      header: t('purchases:columns.dueDate'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap text-muted-foreground',
      cell: (i) => (i.dueDate ? f.date(i.dueDate) : t('purchases:list.noDueDate')),
    },
    {
      id: 'total',
      header: t('purchases:columns.total'),
      align: 'right',
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 font-medium whitespace-nowrap tabular-nums',
      cell: (i) => f.money(i.totalCents, i.currency),
    },
    {
      id: 'source',
      header: t('purchases:columns.source'),
      headerClassName: 'px-5 py-2.5',
      cell: (i) => <SourceBadge source={i.source} />,
    },
  ];
}

/** A received invoice on a phone: number and type, supplier, dates, total; the whole card opens it. */
export function PurchaseCard({ invoice: i }: { invoice: TPurchaseInvoiceListItem }) {
  const { t } = useTranslation(['purchases']);
  const f = useRowFormat();
  return (
    <DocumentCard
      to={`/purchase-invoices/${i.id}`}
      heading={
        <>
          <span className="font-medium text-primary">{i.number}</span>
          <PurchaseTypeLabel code={i.documentType} compact />
        </>
      }
      client={i.supplierName}
      dates={
        i.dueDate
          ? t('purchases:list.cardDates', { date: f.date(i.issueDate), due: f.date(i.dueDate) })
          : t('purchases:list.cardDate', { date: f.date(i.issueDate) })
      }
      amounts={
        <div className="shrink-0 text-right">
          <div className="text-sm font-semibold tabular-nums">{f.money(i.totalCents, i.currency)}</div>
          <div className="mt-1">
            <SourceBadge source={i.source} />
          </div>
        </div>
      }
    />
  );
}
