import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TInvoiceListItem } from '@shared/invoicing/contracts.ts';
import { formatDate, formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import type { DataColumn } from '@web/ui/data-table.tsx';
import { DocumentCard } from '@web/features/invoicing/document-list.tsx';
import { InvoiceStatusBadge } from '@web/features/invoicing/invoicing-ui.tsx';

/** How an invoice shows in the list: its columns on wider screens, its card on phones. */
function useRowFormat() {
  const { t } = useTranslation(['invoices']);
  const locale = localeOf(currentLanguage());
  return {
    date: (iso: string) => formatDate(iso, locale),
    euro: (cents: number) => formatEuroCents(cents, locale),
    number: (i: TInvoiceListItem) => i.number ?? t('invoices:list.noNumber'),
  };
}

function TypeBadge({ type }: { type: TInvoiceListItem['documentType'] }) {
  const { t } = useTranslation(['invoices']);
  return type === 'TD04' ? <Badge tone="warning">{t('invoices:types.TD04')}</Badge> : null;
}

export function useInvoiceColumns(): DataColumn<TInvoiceListItem>[] {
  const { t } = useTranslation(['invoices']);
  const f = useRowFormat();
  return [
    {
      id: 'number',
      header: t('invoices:columns.number'),
      className: 'px-5 py-3 whitespace-nowrap',
      cell: (i) => (
        <span className="flex items-center gap-2">
          <Link
            to={`/invoices/${i.id}`}
            className={cn('font-medium text-primary hover:underline', !i.number && 'italic')}
          >
            {f.number(i)}
          </Link>
          <TypeBadge type={i.documentType} />
        </span>
      ),
    },
    {
      id: 'client',
      header: t('invoices:columns.client'),
      className: 'max-w-60 truncate px-5 py-3 text-foreground',
      cell: (i) => i.client.name,
    },
    {
      id: 'issueDate',
      header: t('invoices:columns.issueDate'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap text-muted-foreground',
      cell: (i) => f.date(i.issueDate),
    },
    {
      id: 'dueDate',
      header: t('invoices:columns.dueDate'),
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap text-muted-foreground',
      cell: (i) => f.date(i.dueDate),
    },
    {
      id: 'total',
      header: t('invoices:columns.total'),
      align: 'right',
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 font-medium whitespace-nowrap tabular-nums',
      cell: (i) => f.euro(i.totalCents),
    },
    {
      id: 'outstanding',
      header: t('invoices:columns.outstanding'),
      align: 'right',
      headerClassName: 'px-4 py-2.5',
      className: 'px-4 py-3 whitespace-nowrap tabular-nums',
      cell: (i) => (i.status === 'draft' || i.documentType === 'TD04' ? '—' : f.euro(i.outstandingCents)),
    },
    {
      id: 'status',
      header: t('invoices:columns.status'),
      cell: (i) => <InvoiceStatusBadge status={i.status} />,
    },
  ];
}

export function InvoiceCard({ invoice: i }: { invoice: TInvoiceListItem }) {
  const { t } = useTranslation(['invoices']);
  const f = useRowFormat();
  return (
    <DocumentCard
      to={`/invoices/${i.id}`}
      heading={
        <>
          <span className={cn('font-medium text-primary', !i.number && 'italic')}>{f.number(i)}</span>
          <TypeBadge type={i.documentType} />
          <InvoiceStatusBadge status={i.status} />
        </>
      }
      client={i.client.name}
      dates={t('invoices:list.cardDates', { issue: f.date(i.issueDate), due: f.date(i.dueDate) })}
      amounts={
        <div className="shrink-0 text-right">
          <div className="text-sm font-semibold tabular-nums">{f.euro(i.totalCents)}</div>
          {i.status !== 'draft' && i.documentType === 'TD01' && i.outstandingCents > 0 ? (
            <div className="text-xs text-muted-foreground tabular-nums">
              {t('invoices:list.outstandingShort', { amount: f.euro(i.outstandingCents) })}
            </div>
          ) : null}
        </div>
      }
    />
  );
}
