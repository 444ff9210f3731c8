import type { SortingState } from '@tanstack/react-table';

/**
 * The sort of a server-paginated list travels as one URL/API value: the column key, with a leading `-` when
 * descending (`-issueDate`). These convert it to and from the table's sorting state.
 */
export function sortingFromParam(param: string | undefined): SortingState {
  if (!param) return [];
  const desc = param.startsWith('-');
  const id = desc ? param.slice(1) : param;
  return id ? [{ id, desc }] : [];
}

export function paramFromSorting(sorting: SortingState): string | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return first.desc ? `-${first.id}` : first.id;
}

/** The `aria-sort` of a sortable header: only the sorted column announces a direction. */
export function ariaSortOf(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}
