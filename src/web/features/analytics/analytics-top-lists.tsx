import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Trophy, Wrench } from 'lucide-react';
import { formatEuroCents } from '@shared/format/format.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';

type Row = { key: string; name: string; to: string | null; detail?: string; cents: number };

/** A ranked list whose rows, with "others", add up to the total shown under it. */
function TopTable({
  caption,
  nameHeader,
  rows,
  othersCents,
  totalCents,
  locale,
  testId,
}: {
  caption: string;
  nameHeader: string;
  rows: Row[];
  othersCents: number;
  totalCents: number;
  locale: string;
  testId: string;
}) {
  const { t } = useTranslation('analytics');
  const euro = (cents: number) => formatEuroCents(cents, locale);
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted-foreground">
          <th scope="col" className="py-2 pr-4 font-medium">
            {nameHeader}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {t('top.sales')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => (
          <tr key={row.key} data-testid={`${testId}-row`}>
            <th scope="row" className="py-2 pr-4 text-left font-normal">
              {row.to ? (
                <Link to={row.to} className="font-medium text-primary hover:underline">
                  {row.name}
                </Link>
              ) : (
                row.name
              )}
              {row.detail ? <span className="block text-xs text-muted-foreground">{row.detail}</span> : null}
            </th>
            <td className="py-2 text-right tabular-nums">{euro(row.cents)}</td>
          </tr>
        ))}
        {othersCents !== 0 ? (
          <tr className="text-muted-foreground">
            <th scope="row" className="py-2 pr-4 text-left font-normal">
              {t('top.others')}
            </th>
            <td className="py-2 text-right tabular-nums">{euro(othersCents)}</td>
          </tr>
        ) : null}
        <tr className="font-semibold">
          <th scope="row" className="py-2 pr-4 text-left">
            {t('top.total')}
          </th>
          <td className="py-2 text-right tabular-nums">{euro(totalCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The five clients with the most sales in the range, each leading to its card and its documents. */
export function TopClients({ data, locale }: { data: TAnalytics; locale: string }) {
  const { t } = useTranslation('analytics');
  const { from, to } = data.current;
  const top = data.topClients;
  return (
    <Card data-testid="top-clients">
      <CardHeader
        as="h2"
        icon={<Trophy aria-hidden="true" className="size-5" />}
        title={t('top.clientsTitle')}
        description={t('top.clientsDescription')}
      />
      <CardContent>
        {top.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('top.noClients')}</p>
        ) : (
          <TopTable
            testId="top-clients-table"
            caption={t('top.clientsTitle')}
            nameHeader={t('top.client')}
            locale={locale}
            othersCents={top.othersCents}
            totalCents={top.totalCents}
            rows={top.rows.map((row) => ({
              key: row.clientId,
              name: row.name,
              to: `/clients/${row.clientId}`,
              cents: row.taxableCents,
              detail: undefined,
            }))}
          />
        )}
        {top.rows.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {top.rows.map((row) => (
              <li key={row.clientId}>
                <Link
                  to={`/invoices?clientId=${row.clientId}&from=${from}&to=${to}&phase=issued`}
                  className="inline-flex min-h-6 items-center text-primary hover:underline"
                >
                  {t('top.documentsOf', { name: row.name, count: row.documents })}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The five items (or hand-typed lines) with the most sales in the range. */
export function TopItems({ data, locale }: { data: TAnalytics; locale: string }) {
  const { t } = useTranslation('analytics');
  const top = data.topItems;
  return (
    <Card data-testid="top-items">
      <CardHeader
        as="h2"
        icon={<Wrench aria-hidden="true" className="size-5" />}
        title={t('top.itemsTitle')}
        description={t('top.itemsDescription')}
      />
      <CardContent>
        {top.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('top.noItems')}</p>
        ) : (
          <TopTable
            testId="top-items-table"
            caption={t('top.itemsTitle')}
            nameHeader={t('top.item')}
            locale={locale}
            othersCents={top.othersCents}
            totalCents={top.totalCents}
            rows={top.rows.map((row, i) => ({
              key: row.itemId ?? `line-${i}`,
              name: row.name,
              to: row.itemId ? `/inventory/${row.itemId}` : null,
              cents: row.taxableCents,
              detail: row.itemId ? undefined : t('top.typedLine'),
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}
