import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TSystemStatus } from '@shared/health/system-status.ts';
import { RECOVERY_THRESHOLD } from '@shared/health/health-score.ts';
import { formatTime } from '@shared/format/format.ts';

/**
 * The health score over the last 24 hours (Recharts, in this lazy chunk only): the worst check of each 5 minutes,
 * with the 70% line below which recovery starts. Hidden from screen readers: the page says the lowest and the
 * latest score in words.
 */
export default function StatusHistoryChart({
  history,
  locale,
}: {
  history: TSystemStatus['history'];
  locale: string;
}) {
  const { t } = useTranslation('system-status');
  const data = history.map((p) => ({ at: new Date(p.at).getTime(), score: Math.round(p.score * 100) }));
  return (
    <div aria-hidden="true" className="h-56 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart
          data={data}
          margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => formatTime(value, locale)}
            tick={{ fill: 'var(--muted-foreground)' }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={24}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 50, 70, 100]}
            tickFormatter={(value: number) => `${value}%`}
            tick={{ fill: 'var(--muted-foreground)' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip
            labelFormatter={(value) => formatTime(Number(value), locale)}
            formatter={(value) => [`${String(value)}%`, t('system-status:history.score')]}
            contentStyle={{
              background: 'var(--surface)',
              border: '1px solid var(--border)',
              borderRadius: 8,
            }}
          />
          <ReferenceLine
            y={RECOVERY_THRESHOLD * 100}
            stroke="var(--danger)"
            strokeDasharray="4 4"
            ifOverflow="extendDomain"
          />
          <Area
            type="stepAfter"
            dataKey="score"
            stroke="var(--primary)"
            fill="var(--primary)"
            fillOpacity={0.15}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
