import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  filtersFromParams,
  isFiltered,
  paramsFromFilters,
  rangeIsValid,
} from './document-filters.ts';

const TAG = '3f1c2d4e-0000-4000-8000-000000000001';
const SUPPLIER = '3f1c2d4e-0000-4000-8000-000000000002';

describe('document filters', () => {
  it('round-trips through the URL and builds the API query', () => {
    const params = new URLSearchParams(
      `q=scontrino&type=receipt&tagId=${TAG}&correspondent=supplier:${SUPPLIER}&correspondentName=Bar+Roma&from=2026-01-01&to=2026-03-31&page=2`,
    );
    const f = filtersFromParams(params);
    expect(f).toMatchObject({ q: 'scontrino', type: 'receipt', tagId: TAG, page: 2 });
    expect(f.correspondent).toEqual({ kind: 'supplier', id: SUPPLIER, name: 'Bar Roma' });
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
    const q = new URLSearchParams(apiQuery(f, 25));
    expect(q.get('supplierId')).toBe(SUPPLIER);
    expect(q.get('clientId')).toBeNull();
    expect(q.get('pageSize')).toBe('25');
    expect(isFiltered(f)).toBe(true);
  });

  it('drops values the API would refuse', () => {
    const f = filtersFromParams(new URLSearchParams('type=bogus&tagId=1&from=ieri&page=-3&linkedType=x'));
    expect(f).toMatchObject({ type: '', tagId: '', from: '', page: 1, linkedType: '' });
    expect(isFiltered(f)).toBe(false);
    expect(rangeIsValid({ ...f, from: '2026-05-01', to: '2026-04-01' })).toBe(false);
  });
});
