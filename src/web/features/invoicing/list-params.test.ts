import { describe, expect, it } from 'vitest';
import { nextSearch, rangeIsValid, readInvoiceParams, readQuoteParams } from './list-params.ts';

const UUID = '6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11';

describe('readQuoteParams', () => {
  it('reads the valid filters', () => {
    expect(
      readQuoteParams(new URLSearchParams('q= rossi &status=sent&from=2026-01-01&to=2026-03-31&page=3')),
    ).toEqual({
      q: 'rossi',
      status: 'sent',
      from: '2026-01-01',
      to: '2026-03-31',
      page: 3,
    });
  });

  it('drops what is not valid', () => {
    expect(readQuoteParams(new URLSearchParams('status=paid&from=2026-02-30&to=yesterday&page=-2'))).toEqual({
      q: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
      page: undefined,
    });
  });
});

describe('readInvoiceParams', () => {
  it('reads the type and the client id', () => {
    const p = readInvoiceParams(new URLSearchParams(`status=partially_paid&type=TD04&clientId=${UUID}`));
    expect(p).toMatchObject({ status: 'partially_paid', documentType: 'TD04', clientId: UUID });
  });

  it('reads the due-date range and the open flag of the cash-flow forecast', () => {
    const p = readInvoiceParams(new URLSearchParams('dueFrom=2026-06-08&dueTo=2026-06-14&open=true'));
    expect(p).toMatchObject({ dueFrom: '2026-06-08', dueTo: '2026-06-14', open: true });
    const bad = readInvoiceParams(new URLSearchParams('dueFrom=2026-02-30&dueTo=soon&open=yes'));
    expect(bad).toMatchObject({ dueFrom: undefined, dueTo: undefined, open: undefined });
  });

  it('reads the day of the receivables drill-down, and drops one that is not a date', () => {
    expect(readInvoiceParams(new URLSearchParams('openOn=2026-03-31')).openOn).toBe('2026-03-31');
    expect(readInvoiceParams(new URLSearchParams('openOn=2026-02-30')).openOn).toBeUndefined();
  });

  it('ignores an unknown type or a client id that is not a uuid', () => {
    const p = readInvoiceParams(new URLSearchParams('type=TD02&clientId=1%20OR%201=1&status=accepted'));
    expect(p).toMatchObject({ status: undefined, documentType: undefined, clientId: undefined });
  });

  it('reads "issued documents only" (where a report leads) and nothing else as a phase', () => {
    expect(readInvoiceParams(new URLSearchParams('phase=issued')).phase).toBe('issued');
    expect(readInvoiceParams(new URLSearchParams('phase=draft')).phase).toBeUndefined();
  });
});

describe('nextSearch', () => {
  it('resets the page on a filter change and removes empty values', () => {
    const next = nextSearch(new URLSearchParams('q=a&status=sent&page=4'), { status: undefined, q: 'b' });
    expect(next.toString()).toBe('q=b');
  });

  it('keeps the filters when the page changes, and page 1 is the default', () => {
    expect(nextSearch(new URLSearchParams('q=a'), { page: 2 }).toString()).toBe('q=a&page=2');
    expect(nextSearch(new URLSearchParams('q=a&page=2'), { page: 1 }).toString()).toBe('q=a');
  });
});

describe('rangeIsValid', () => {
  it('refuses a start after the end only', () => {
    expect(rangeIsValid('2026-02-01', '2026-01-31')).toBe(false);
    expect(rangeIsValid('2026-01-31', '2026-01-31')).toBe(true);
    expect(rangeIsValid(undefined, '2026-01-31')).toBe(true);
  });
});
