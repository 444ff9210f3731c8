import { describe, expect, it } from 'vitest';
import { agingDueRange, previousAsOf, receivablesHref } from './aging.ts';

describe('ageing buckets as due dates', () => {
  const asOf = '2026-03-31';

  it('turns each bucket’s days past due into a range of due dates, ends included', () => {
    expect(agingDueRange('notDue', asOf)).toEqual({ dueFrom: '2026-03-31' });
    expect(agingDueRange('days1to30', asOf)).toEqual({ dueFrom: '2026-03-01', dueTo: '2026-03-30' });
    expect(agingDueRange('days31to60', asOf)).toEqual({ dueFrom: '2026-01-30', dueTo: '2026-02-28' });
    expect(agingDueRange('days61to90', asOf)).toEqual({ dueFrom: '2025-12-31', dueTo: '2026-01-29' });
    expect(agingDueRange('over90', asOf)).toEqual({ dueTo: '2025-12-30' });
  });

  it('leads to the invoices open on the day, of the client or of one bucket', () => {
    const id = '0b6f5a36-2b0e-4f55-9a3c-2f1f0c4f6a11';
    expect(receivablesHref(id, asOf)).toBe(`/invoices?clientId=${id}&openOn=2026-03-31`);
    expect(receivablesHref(id, asOf, 'days31to60')).toBe(
      `/invoices?clientId=${id}&openOn=2026-03-31&dueFrom=2026-01-30&dueTo=2026-02-28`,
    );
    expect(receivablesHref(id, asOf, 'over90')).toBe(
      `/invoices?clientId=${id}&openOn=2026-03-31&dueTo=2025-12-30`,
    );
  });

  it('compares with the same day a month earlier, or that month’s last day', () => {
    expect(previousAsOf('2026-03-31')).toBe('2026-02-28');
    expect(previousAsOf('2028-03-30')).toBe('2028-02-29');
    expect(previousAsOf('2026-01-15')).toBe('2025-12-15');
  });
});
