import { Fragment, useMemo, type HTMLAttributes, type ReactNode } from 'react';
import { functionalUpdate, useTable, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cn } from './cn.ts';
import { dataTableFeatures as features, toColumnDefs, type DataColumn } from './data-table-columns.ts';
import { paramFromSorting, sortingFromParam, ariaSortOf } from './data-table-sort.ts';
import { DataTableBody } from './data-table-body.tsx';
import { SkeletonRows } from './skeleton-rows.tsx';

export type { DataColumn } from './data-table-columns.ts';

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (a hidden caption) unless `labelledBy` names it. */
  caption?: string;
  labelledBy?: string;
  columns: DataColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  testId?: string;
  rowTestId?: string;
  /** Extra attributes of each body row (`data-*`, classes). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** A full-width row under a row (expanded details), or null. */
  expanded?: (row: T) => ReactNode;
  /** Phones: one card per row instead of the table, below the medium breakpoint. */
  card?: (row: T) => ReactNode;
  cardTestId?: string;
  cardProps?: (row: T) => HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string | undefined>;
  /** Classes of the scrolling box and of the table (a `min-w-*` makes narrow screens scroll sideways). */
  className?: string;
  tableClassName?: string;
  /** Server sorting: the current value (`name`, `-issueDate`) and what to do when a header asks for another. */
  sort?: { value: string | undefined; onChange: (value: string | undefined) => void };
  /** Row selection by id, with a checkbox column first. */
  selection?: {
    value: RowSelectionState;
    onChange: (value: RowSelectionState) => void;
    rowLabel: (row: T) => string;
    allLabel: string;
  };
  /** Column ids not shown (e.g. actions for a read-only role). */
  hiddenColumns?: readonly string[];
  /** The previous page stays visible, dimmed, while the next one loads. */
  busy?: boolean;
  /** Loading shows skeleton rows (with this label); `empty` shows instead of an empty table. */
  loading?: string | false;
  empty?: ReactNode;
  /** Render only the rows in view when there are more than `threshold`, in a box `height` px tall. */
  virtual?: { height: number; rowHeight: number; threshold?: number };
}

/**
 * The lists' table: TanStack Table for column definitions, sorting (reported to the server when the list is
 * paginated there), selection and column visibility; semantic markup with `aria-sort` on sortable headers,
 * cards on phones when the caller draws one, and virtualised rows when a caller opts in.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, sort, selection, hiddenColumns } = props;
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  // Callers rebuild their columns each render; the table's model only changes when ids or sorting do.
  const signature = columns
    .map((c) => `${c.id}:${c.sortable ? 1 : 0}${c.sortValue ? 1 : 0}${c.sortDescFirst ? 1 : 0}`)
    .join();
  const serverSort = !!sort;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the signature above
  const columnDefs = useMemo(() => toColumnDefs(columns, serverSort), [signature, serverSort]);
  const sortValue = sort?.value;
  const sorting = useMemo(
    () => (serverSort ? sortingFromParam(sortValue) : undefined),
    [serverSort, sortValue],
  );
  const hidden = (hiddenColumns ?? []).join();
  const columnVisibility = useMemo(
    () =>
      Object.fromEntries(
        hidden
          .split(',')
          .filter(Boolean)
          .map((id) => [id, false]),
      ),
    [hidden],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => getRowId(row),
    manualSorting: !!sort,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: !!selection,
    state: {
      columnVisibility,
      ...(sorting ? { sorting } : {}),
      ...(selection ? { rowSelection: selection.value } : {}),
    },
    onSortingChange: sort
      ? (updater) => sort.onChange(paramFromSorting(functionalUpdate(updater, sorting ?? [])))
      : undefined,
    onRowSelectionChange: selection
      ? (updater) => selection.onChange(functionalUpdate(updater, selection.value))
      : undefined,
  });

  if (props.loading) return <SkeletonRows rows={6} label={props.loading} />;
  if (rows.length === 0 && props.empty) return <>{props.empty}</>;

  const tableRows = table.getRowModel().rows;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const visibleCount = headers.length + (selection ? 1 : 0);

  return (
    <div aria-busy={props.busy || undefined} className={cn('transition-opacity', props.busy && 'opacity-60')}>
      {props.card ? (
        <ul
          className="divide-y divide-border md:hidden"
          aria-label={props.labelledBy ? undefined : props.caption}
          aria-labelledby={props.labelledBy}
        >
          {tableRows.map((row) => (
            <li key={row.id} data-testid={props.cardTestId} {...props.cardProps?.(row.original)}>
              {props.card!(row.original)}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={cn('overflow-x-auto', props.card && 'hidden md:block', props.className)}
        style={props.virtual ? { maxHeight: props.virtual.height, overflowY: 'auto' } : undefined}
        data-table-scroll=""
      >
        <table
          className={cn('w-full text-left text-sm', props.tableClassName)}
          data-testid={props.testId}
          aria-labelledby={props.labelledBy}
        >
          {props.caption && !props.labelledBy ? <caption className="sr-only">{props.caption}</caption> : null}
          <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 px-5 py-2.5">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-label={selection.allLabel}
                    checked={table.getIsAllRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomeRowsSelected();
                    }}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {headers.map((header) => {
                const column = byId.get(header.column.id)!;
                const canSort = header.column.getCanSort();
                const direction = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={canSort ? ariaSortOf(direction) : undefined}
                    className={cn(
                      column.headerClassName ?? 'px-5 py-2.5',
                      'font-medium',
                      column.align === 'right' && 'text-right',
                    )}
                  >
                    {column.headerHidden ? (
                      <span className="sr-only">{column.header}</span>
                    ) : canSort ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className={cn(
                          'inline-flex items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                          direction && 'text-foreground',
                        )}
                      >
                        {column.header}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <DataTableBody
            rows={tableRows}
            virtual={props.virtual}
            renderRow={(row, measure) => (
              <Fragment key={row.id}>
                <tr
                  ref={measure}
                  className="hover:bg-surface-muted"
                  data-testid={props.rowTestId}
                  {...props.rowProps?.(row.original)}
                >
                  {selection ? (
                    <td className="px-5 py-3">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        aria-label={selection.rowLabel(row.original)}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => {
                    const column = byId.get(cell.column.id)!;
                    return (
                      <td
                        key={cell.id}
                        className={cn(
                          column.className ?? 'px-5 py-3',
                          column.align === 'right' && 'text-right',
                        )}
                        title={column.title?.(row.original)}
                      >
                        {column.cell(row.original)}
                      </td>
                    );
                  })}
                </tr>
                {props.expanded ? (
                  <ExpandedRow content={props.expanded(row.original)} span={visibleCount} />
                ) : null}
              </Fragment>
            )}
          />
        </table>
      </div>
    </div>
  );
}

function ExpandedRow({ content, span }: { content: ReactNode; span: number }) {
  if (content === null || content === undefined || content === false) return null;
  return (
    <tr className="bg-surface-muted">
      <td colSpan={span} className="px-4 py-3">
        {content}
      </td>
    </tr>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ChevronsUpDown;
  return <Icon aria-hidden="true" className={cn('size-3.5', !direction && 'opacity-50')} />;
}
