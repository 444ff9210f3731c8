import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompactEuro, formatEuroCents, formatMonth } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import type { TTransactionMonthly } from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';

/** At most this many months are drawn (the most recent); the table for screen readers has them all. */
export const CHART_MAX_MONTHS = 24;

/**
 * Income against expenses per month of the filtered range (Recharts, loaded with this chunk only). The bars
 * are drawn for sighted users; a table with the same figures is there for screen readers.
 */
export default function MonthlyChart({ months }: { months: TTransactionMonthly['months'] }) {
  const { t } = useTranslation('transactions');
  const locale = localeOf(currentLanguage());
  const shown = months.slice(-CHART_MAX_MONTHS).map((m) => ({
    label: formatMonth(m.month, locale, 'short'),
    income: m.incomeCents / 100,
    expense: m.expenseCents / 100,
  }));
  const compact = (value: number) => formatCompactEuro(value, locale);

  return (
    <figure className="m-0">
      <div aria-hidden="true" className="h-56 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              interval="preserveStartEnd"
              minTickGap={8}
            />
            <YAxis
              tick={{ fill: 'var(--muted-foreground)' }}
              tickLine={false}
              axisLine={false}
              tickFormatter={compact}
              width={64}
            />
            <Tooltip
              cursor={{ fill: 'var(--surface-muted)' }}
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--foreground)',
              }}
              formatter={(value, name) => [
                formatEuroCents(Math.round(Number(value) * 100), locale),
                name === 'income' ? t('totals.income') : t('totals.expense'),
              ]}
            />
            <Bar dataKey="income" fill="var(--success)" radius={[3, 3, 0, 0]} maxBarSize={28} />
            <Bar dataKey="expense" fill="var(--danger)" radius={[3, 3, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-success" />
          {t('totals.income')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-danger" />
          {t('totals.expense')}
        </span>
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>{t('chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              <th scope="col">{t('totals.income')}</th>
              <th scope="col">{t('totals.expense')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month, locale, 'long')}</th>
                <td>{formatEuroCents(m.incomeCents, locale)}</td>
                <td>{formatEuroCents(m.expenseCents, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
