import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactEuro, formatEuroCents, formatMonth, formatNumber } from '@shared/format/format.ts';
import type { TDashboard } from '@shared/reports/contracts.ts';

/**
 * Twelve months of invoiced against collected (Recharts, in this lazy chunk only). Sighted users read the bars;
 * the table beside them, for screen readers, has the same figures.
 */
export default function RevenueChart({ months, locale }: { months: TDashboard['months']; locale: string }) {
  const { t } = useTranslation('dashboard');
  const data = months.map((m) => ({
    label: formatMonth(m.month, locale, 'short'),
    invoiced: m.invoicedCents / 100,
    collected: m.collectedCents / 100,
  }));
  const compact = (value: number) => formatCompactEuro(value, locale);
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="h-64 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
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
            <Bar dataKey="invoiced" name={t('chart.invoiced')} fill="var(--primary)" radius={[4, 4, 0, 0]} />
            <Bar
              dataKey="collected"
              name={t('chart.collected')}
              fill="var(--success)"
              radius={[4, 4, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.month')}</th>
            <th scope="col">{t('chart.invoiced')}</th>
            <th scope="col">{t('chart.collected')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month, locale, 'short')}</th>
              <td>{formatEuroCents(m.invoicedCents, locale)}</td>
              <td>{formatEuroCents(m.collectedCents, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
