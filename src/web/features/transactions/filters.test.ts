import { describe, expect, it } from 'vitest';
import { apiQuery, filtersFromParams, paramsFromFilters, rangeIsValid, rangeOf } from './filters.ts';

const today = new Date(2026, 0, 15); // 15 January 2026, local time
const ID = '123e4567-e89b-42d3-a456-426614174000';

describe('ledger filters in the URL', () => {
  it('reads defaults and drops bad values', () => {
    expect(filtersFromParams(new URLSearchParams(''))).toEqual({
      period: 'thisYear',
      from: '',
      to: '',
      direction: '',
      categoryId: '',
      q: '',
      page: 1,
    });
    expect(
      filtersFromParams(
        new URLSearchParams('period=decade&from=2026-02-30&direction=both&categoryId=x&page=-2'),
      ),
    ).toMatchObject({ period: 'thisYear', from: '', direction: '', categoryId: '', page: 1 });
  });

  it('round-trips the filters, writing only what differs from the defaults', () => {
    const filters = {
      period: 'custom' as const,
      from: '2026-01-01',
      to: '2026-03-31',
      direction: 'expense' as const,
      categoryId: ID,
      q: 'gasolio',
      page: 3,
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe(
      `period=custom&from=2026-01-01&to=2026-03-31&direction=expense&categoryId=${ID}&q=gasolio&page=3`,
    );
    expect(filtersFromParams(params)).toEqual(filters);
    expect(paramsFromFilters(filtersFromParams(new URLSearchParams())).toString()).toBe('');
  });
});

describe('period ranges', () => {
  it('computes the presets on the calendar, across the year boundary', () => {
    const base = { from: '', to: '' };
    expect(rangeOf({ ...base, period: 'thisMonth' }, today)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeOf({ ...base, period: 'lastMonth' }, today)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(rangeOf({ ...base, period: 'thisYear' }, today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(rangeOf({ ...base, period: 'all' }, today)).toEqual({ from: '', to: '' });
    expect(rangeOf({ period: 'lastMonth', ...base }, new Date(2024, 2, 31))).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('builds the API query and checks custom ranges', () => {
    expect(
      apiQuery(
        { period: 'thisMonth', from: '', to: '', direction: 'income', categoryId: '', q: ' rossi ', page: 2 },
        today,
        { page: '2' },
      ),
    ).toBe('from=2026-01-01&to=2026-01-31&direction=income&q=rossi&page=2');
    expect(rangeIsValid({ period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe(false);
    expect(rangeIsValid({ period: 'custom', from: '2026-01-01', to: '' })).toBe(true);
  });
});
