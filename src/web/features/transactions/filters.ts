import { isIsoDate, toIsoDate, daysInMonth } from '@shared/imports/dates.ts';
import { DIRECTIONS, type Direction } from '@shared/transactions/contracts.ts';

/**
 * The ledger's filters live in the URL (`/transactions?period=lastMonth&direction=expense&q=…&page=2`), so a
 * reload or a shared link keeps them. The period presets give a date range on the browser's calendar.
 */
export const PERIODS = ['thisMonth', 'lastMonth', 'thisYear', 'all', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 'thisYear';

export interface LedgerFilters {
  period: Period;
  /** Only for the custom period (the presets compute their own range). */
  from: string;
  to: string;
  direction: Direction | '';
  categoryId: string;
  q: string;
  page: number;
}

function isPeriod(value: string | null): value is Period {
  return (PERIODS as readonly string[]).includes(value ?? '');
}

export function filtersFromParams(params: URLSearchParams): LedgerFilters {
  const period = params.get('period');
  const direction = params.get('direction') ?? '';
  const date = (key: string) => {
    const v = params.get(key) ?? '';
    return isIsoDate(v) ? v : '';
  };
  const page = Number(params.get('page'));
  return {
    period: isPeriod(period) ? period : DEFAULT_PERIOD,
    from: date('from'),
    to: date('to'),
    direction: (DIRECTIONS as readonly string[]).includes(direction) ? (direction as Direction) : '',
    categoryId: /^[0-9a-f-]{36}$/i.test(params.get('categoryId') ?? '') ? params.get('categoryId')! : '',
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function paramsFromFilters(f: LedgerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.period !== DEFAULT_PERIOD) params.set('period', f.period);
  if (f.period === 'custom') {
    if (f.from) params.set('from', f.from);
    if (f.to) params.set('to', f.to);
  }
  if (f.direction) params.set('direction', f.direction);
  if (f.categoryId) params.set('categoryId', f.categoryId);
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/** The date range of a period on the given day's calendar; the custom period keeps what was typed. */
export function rangeOf(
  f: Pick<LedgerFilters, 'period' | 'from' | 'to'>,
  today: Date,
): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth() + 1;
  switch (f.period) {
    case 'thisMonth':
      return { from: toIsoDate(y, m, 1)!, to: toIsoDate(y, m, daysInMonth(y, m))! };
    case 'lastMonth': {
      const py = m === 1 ? y - 1 : y;
      const pm = m === 1 ? 12 : m - 1;
      return { from: toIsoDate(py, pm, 1)!, to: toIsoDate(py, pm, daysInMonth(py, pm))! };
    }
    case 'thisYear':
      return { from: toIsoDate(y, 1, 1)!, to: toIsoDate(y, 12, 31)! };
    case 'all':
      return { from: '', to: '' };
    case 'custom':
      return { from: f.from, to: f.to };
  }
}

/** The API query of the list (and, without page, of the chart and the export). */
export function apiQuery(f: LedgerFilters, today: Date, extra: Record<string, string> = {}): string {
  const { from, to } = rangeOf(f, today);
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (f.direction) params.set('direction', f.direction);
  if (f.categoryId) params.set('categoryId', f.categoryId);
  if (f.q.trim()) params.set('q', f.q.trim());
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** A custom range whose start is after its end cannot be asked for. */
export function rangeIsValid(f: Pick<LedgerFilters, 'period' | 'from' | 'to'>): boolean {
  return f.period !== 'custom' || !f.from || !f.to || f.from <= f.to;
}
