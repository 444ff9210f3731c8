import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactEuro, formatEuroCents, formatMonth, formatNumber } from '@shared/format/format.ts';
import type { TAnalytics } from '@shared/reports/analytics-contracts.ts';

type Bucket = TAnalytics['current']['trend'][number];

/**
 * The sales trend of the range over the range before it, bucket by bucket (Recharts, in this lazy chunk only).
 * Sighted users read the lines; the table beside them, for screen readers and print, has the same figures.
 */
export default function SalesTrendChart({
  data,
  locale,
  currentLabel,
  previousLabel,
}: {
  data: TAnalytics;
  locale: string;
  currentLabel: string;
  previousLabel: string;
}) {
  const { t } = useTranslation('analytics');
  // A day or a week's first day without its year ("5 mar", "Mar 5"): the picker already names the period.
  const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const bucketLabel = (bucket: Bucket | undefined) => {
    if (!bucket) return '';
    if (data.granularity === 'month') return formatMonth(bucket.from.slice(0, 7), locale, 'short');
    return dayMonth.format(new Date(`${bucket.from}T12:00:00Z`));
  };
  const length = Math.max(data.current.trend.length, data.previous.trend.length);
  const rows = Array.from({ length }, (_, i) => ({
    label: bucketLabel(data.current.trend[i] ?? data.previous.trend[i]),
    current: data.current.trend[i] ? data.current.trend[i].taxableCents / 100 : null,
    previous: data.previous.trend[i] ? data.previous.trend[i].taxableCents / 100 : null,
  }));
  const compact = (value: number) => formatCompactEuro(value, locale);
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="h-64 w-full text-xs print:hidden" data-testid="sales-trend-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={12}
            />
            <YAxis
              tickFormatter={compact}
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={false}
              width={64}
            />
            <Tooltip
              formatter={(value) =>
                formatNumber(Number(value), locale, { style: 'currency', currency: 'EUR' })
              }
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--border)',
                borderRadius: 8,
              }}
            />
            <Legend />
            <Line
              type="linear"
              dataKey="previous"
              name={previousLabel}
              stroke="var(--muted-foreground)"
              strokeDasharray="4 4"
              strokeWidth={2}
              dot={false}
            />
            <Line
              type="linear"
              dataKey="current"
              name={currentLabel}
              stroke="var(--primary)"
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only print:not-sr-only print:w-full print:text-xs" data-testid="sales-trend-table">
        <caption>{t('trend.caption', { period: currentLabel, previous: previousLabel })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trend.bucket')}</th>
            <th scope="col">{currentLabel}</th>
            <th scope="col">{previousLabel}</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length }, (_, i) => (
            <tr key={i}>
              <th scope="row">{bucketLabel(data.current.trend[i] ?? data.previous.trend[i])}</th>
              <td>
                {data.current.trend[i] ? formatEuroCents(data.current.trend[i].taxableCents, locale) : ''}
              </td>
              <td>
                {data.previous.trend[i] ? formatEuroCents(data.previous.trend[i].taxableCents, locale) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
