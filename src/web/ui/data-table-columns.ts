import type { ReactNode } from 'react';
import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
} from '@tanstack/react-table';

/** The table features every list may use; the row models follow the features they need. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowSelectionFeature,
  columnVisibilityFeature,
});
export type DataTableRow<T extends RowData> = Row<typeof dataTableFeatures, T>;

/** One column of a data table. */
export interface DataColumn<T extends RowData> {
  /** Unique in the table; for a server-sorted column, the sort key the API takes. */
  id: string;
  header: ReactNode;
  /** A header read only by screen readers (a column of action buttons). */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** Classes of the body cells (width, padding, truncation); `px-5 py-3` when absent. */
  className?: string;
  /** Classes of the header cell; `px-5 py-2.5` when absent. */
  headerClassName?: string;
  align?: 'right';
  /** A tooltip on the body cell (the full text of a truncated one). */
  title?: (row: T) => string | undefined;
  /** Sortable: on the server when the table has `sort`, otherwise locally by this value. */
  sortValue?: (row: T) => string | number;
  sortable?: boolean;
  /** First press sorts descending (dates, amounts). */
  sortDescFirst?: boolean;
}

/** TanStack column definitions of the columns: ids, and what sorting needs; cells render from the row. */
export function toColumnDefs<T extends RowData>(
  columns: DataColumn<T>[],
  serverSort: boolean,
): ColumnDef<typeof dataTableFeatures, T>[] {
  return columns.map((column) => {
    const sortable = serverSort ? !!column.sortable : !!column.sortValue;
    const sortValue = column.sortValue;
    return {
      id: column.id,
      // Only the sort reads the value; the cell renders from the row itself.
      accessorFn: (row: T) => (sortValue ? sortValue(row) : null),
      enableSorting: sortable,
      sortDescFirst: column.sortDescFirst ?? false,
      sortFn: sortFn_basic,
    };
  });
}
