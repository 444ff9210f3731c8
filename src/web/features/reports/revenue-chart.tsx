import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactEuro, formatNumber } from '@shared/format/format.ts';

export type RevenueBar = { name: string; revenueCents: number; previousRevenueCents: number };

/**
 * The top rows of revenue as horizontal bars, this period against the previous one (Recharts, in this lazy chunk
 * only). Hidden from screen readers: the table below holds the same figures.
 */
export default function RevenueBarsChart({ bars, locale }: { bars: RevenueBar[]; locale: string }) {
  const { t } = useTranslation('reports');
  const data = bars.map((b) => ({
    name: b.name.length > 28 ? `${b.name.slice(0, 27)}…` : b.name,
    revenue: b.revenueCents / 100,
    previous: b.previousRevenueCents / 100,
  }));
  return (
    <div aria-hidden="true" className="w-full text-xs" style={{ height: 48 + data.length * 36 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(value: number) => formatCompactEuro(value, locale)}
            tick={{ fill: 'var(--muted-foreground)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={150}
            tick={{ fill: 'var(--foreground)' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            formatter={(value) => formatNumber(Number(value), locale, { style: 'currency', currency: 'EUR' })}
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border)',
              borderRadius: 8,
            }}
            cursor={{ fill: 'var(--surface-muted)' }}
          />
          <Legend />
          <Bar
            dataKey="revenue"
            name={t('revenue.chartRevenue')}
            fill="var(--primary)"
            radius={[0, 4, 4, 0]}
          />
          <Bar
            dataKey="previous"
            name={t('revenue.chartPrevious')}
            fill="var(--muted-foreground)"
            fillOpacity={0.45}
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
