import { z } from 'zod';

/** List query of every paged endpoint (DESIGN.md §6): `?page=&pageSize=`, default page size 10. */
export function zPageQuery(defaultPageSize = 10, maxPageSize = 100) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  });
}

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export function toLimitOffset(q: { page: number; pageSize: number }) {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}
