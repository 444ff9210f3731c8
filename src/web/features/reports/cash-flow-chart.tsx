import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCompactEuro, formatEuroCents, formatMonth, formatNumber } from '@shared/format/format.ts';
import type { TCashFlow } from '@shared/reports/cash-flow-contracts.ts';

/** "12 giu" / "12 Jun": a point of the forecast on the axis. */
const dayMonth = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * The balance: bars for the actual month ends of the range, then a line projected week by week from today's
 * balance (Recharts, in this lazy chunk only). The table beside it, for screen readers, has the same figures.
 */
export default function CashFlowChart({ report, locale }: { report: TCashFlow; locale: string }) {
  const { t } = useTranslation('reports');
  const points = [
    ...report.actual.months.map((m) => ({
      key: m.month,
      label: formatMonth(m.month, locale, 'short'),
      actual: m.balanceCents / 100,
      projected: undefined as number | undefined,
    })),
    {
      key: 'today',
      label: dayMonth(report.forecast.today, locale),
      actual: undefined,
      projected: report.forecast.startingBalanceCents / 100,
    },
    ...report.forecast.weeks.map((w) => ({
      key: w.from,
      label: dayMonth(w.to, locale),
      actual: undefined,
      projected: w.balanceCents / 100,
    })),
  ];
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="h-64 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={12}
            />
            <YAxis
              tickFormatter={(value: number) => formatCompactEuro(value, locale)}
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
            <Bar
              dataKey="actual"
              name={t('cashflow.chart.actual')}
              fill="var(--primary)"
              radius={[4, 4, 0, 0]}
            />
            <Line
              dataKey="projected"
              name={t('cashflow.chart.projected')}
              stroke="var(--success)"
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              connectNulls
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{t('cashflow.chart.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cashflow.chart.label')}</th>
            <th scope="col">{t('cashflow.chart.actual')}</th>
            <th scope="col">{t('cashflow.chart.projected')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td>{p.actual === undefined ? '—' : formatEuroCents(Math.round(p.actual * 100), locale)}</td>
              <td>
                {p.projected === undefined ? '—' : formatEuroCents(Math.round(p.projected * 100), locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
