import { describe, expect, it } from 'vitest';
import { agingDueRange, receivablesHref } from './aging.ts';

describe('ageing buckets as due dates', () => {
  const asOf = '2026-03-31';

  it('turns each bucket’s days past due into a range of due dates, ends included', () => {
    expect(agingDueRange('notDue', asOf)).toEqual({ dueFrom: '2026-03-31' });
    expect(agingDueRange('days1to30', asOf)).toEqual({ dueFrom: '2026-03-01', dueTo: '2026-03-30' });
    expect(agingDueRange('days31to60', asOf)).toEqual({ dueFrom: '2026-01-30', dueTo: '2026-02-28' });
    expect(agingDueRange('days61to90', asOf)).toEqual({ dueFrom: '2025-12-31', dueTo: '2026-01-29' });
    expect(agingDueRange('over90', asOf)).toEqual({ dueTo: '2025-12-30' });
  });

  it('leads to the open invoices of the client, of one bucket when asked', () => {
    const id = '0b6f5a36-2b0e-4f55-9a3c-2f1f0c4f6a11';
    expect(receivablesHref(id)).toBe(`/invoices?clientId=${id}&open=true`);
    expect(receivablesHref(id, { bucket: 'days31to60', asOf })).toBe(
      `/invoices?clientId=${id}&open=true&dueFrom=2026-01-30&dueTo=2026-02-28`,
    );
    expect(receivablesHref(id, { bucket: 'over90', asOf })).toBe(
      `/invoices?clientId=${id}&open=true&dueTo=2025-12-30`,
    );
  });
});
