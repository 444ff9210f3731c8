import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toLimitOffset, zPage, zPageQuery } from './pagination.ts';

describe('pagination', () => {
  it('defaults to page 1 of 10 and coerces query strings', () => {
    expect(zPageQuery().parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(zPageQuery().parse({ page: '3', pageSize: '25' })).toEqual({ page: 3, pageSize: 25 });
    expect(zPageQuery(50).parse({})).toEqual({ page: 1, pageSize: 50 });
  });

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: '1.5' },
    { pageSize: '0' },
    { pageSize: '101' },
    { page: 'x' },
  ])('refuses %j', (query) => {
    expect(zPageQuery().safeParse(query).success).toBe(false);
  });

  it('honours a custom maximum page size', () => {
    expect(zPageQuery(10, 200).parse({ pageSize: '200' }).pageSize).toBe(200);
    expect(zPageQuery(10, 200).safeParse({ pageSize: '201' }).success).toBe(false);
  });

  it('turns a page into limit and offset', () => {
    expect(toLimitOffset({ page: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(toLimitOffset({ page: 4, pageSize: 25 })).toEqual({ limit: 25, offset: 75 });
  });

  it('describes a page of items', () => {
    const schema = zPage(z.object({ id: z.string() }));
    expect(schema.parse({ items: [{ id: 'a' }], total: 1, page: 1, pageSize: 10 })).toEqual({
      items: [{ id: 'a' }],
      total: 1,
      page: 1,
      pageSize: 10,
    });
    expect(schema.safeParse({ items: [], total: 1.5, page: 1, pageSize: 10 }).success).toBe(false);
  });
});
