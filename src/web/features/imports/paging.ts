import { useState } from 'react';

/** One page of a preview's rows; the page is kept within range when the rows change (a filter). */
export function usePaged<T>(rows: readonly T[], pageSize: number) {
  const [wanted, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(wanted, pages);
  return { page, pages, setPage, shown: rows.slice((page - 1) * pageSize, page * pageSize) };
}
