import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEuroCents, formatMonth } from '@shared/format/format.ts';
import { cn } from '@web/ui/cn.ts';

export type MonthColumn = { month: string; from: string; to: string };

export type MonthTableRow = {
  key: string;
  label: string;
  /** One figure per column; null: the row has no figures (a note spans the columns instead). */
  months: number[] | null;
  totalCents?: number;
  /** The drill-down of a month (index) or of the total (null); undefined: no link. */
  href?: (month: number | null) => string | undefined;
  /** The link's accessible name for a month (index) or the total (null). */
  linkLabel?: (month: number | null, amount: string) => string;
  /** Spans the figures when `months` is null. */
  note?: string;
  tone?: 'item' | 'total' | 'result' | 'heading';
  testId?: string;
};

/**
 * A report's wide table: it scrolls sideways on a narrow screen and is a focusable region so the keyboard can
 * scroll it too; printed whole.
 */
function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-primary print:overflow-visible"
    >
      {children}
    </div>
  );
}

/**
 * Figures by month as rows × months, with a total column: the table scrolls sideways on a narrow screen with
 * the first column held in place; it is a focusable region so the keyboard can scroll it too.
 */
export function MonthTable({
  caption,
  columns,
  rows,
  itemHeader,
  totalHeader,
  locale,
  testId,
}: {
  caption: string;
  columns: MonthColumn[];
  rows: MonthTableRow[];
  itemHeader: string;
  totalHeader: string;
  locale: string;
  testId?: string;
}) {
  const euro = (cents: number) => formatEuroCents(cents, locale);
  const cell = (row: MonthTableRow, value: number, month: number | null) => {
    const href = value !== 0 ? row.href?.(month) : undefined;
    const text = euro(value);
    if (!href) return <span className={cn(value === 0 && 'text-muted-foreground')}>{text}</span>;
    return (
      <Link
        to={href}
        aria-label={row.linkLabel?.(month, text)}
        className="text-primary underline-offset-2 hover:underline"
      >
        {text}
      </Link>
    );
  };
  return (
    <TableRegion label={caption}>
      <table className="w-full min-w-max text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="sticky left-0 z-10 bg-surface px-3 py-2 text-left font-medium">
              {itemHeader}
            </th>
            {columns.map((c) => (
              <th key={c.month} scope="col" className="px-3 py-2 text-right font-medium capitalize">
                {formatMonth(c.month, locale, 'short')}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {totalHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr
              key={row.key}
              data-testid={row.testId}
              className={cn(
                row.tone === 'total' && 'font-semibold',
                row.tone === 'result' && 'bg-surface-muted font-semibold',
                row.tone === 'heading' &&
                  'bg-surface-muted/60 text-xs uppercase tracking-wide text-muted-foreground',
              )}
            >
              <th
                scope="row"
                className={cn(
                  'sticky left-0 z-10 max-w-[14rem] px-3 py-2 text-left',
                  row.tone === 'result' ? 'bg-surface-muted' : 'bg-surface',
                  row.tone === 'item' || row.tone === undefined ? 'font-normal' : '',
                  row.tone === 'item' && 'pl-6',
                )}
              >
                {row.label}
              </th>
              {row.months === null ? (
                <td colSpan={columns.length + 1} className="px-3 py-2 text-left text-muted-foreground italic">
                  {row.note}
                </td>
              ) : (
                <>
                  {row.months.map((value, i) => (
                    <td key={columns[i]!.month} className="px-3 py-2 text-right tabular-nums">
                      {cell(row, value, i)}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">
                    {cell(row, row.totalCents ?? 0, null)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export type PeriodCell = { content: ReactNode; className?: string; testId?: string };

export type PeriodRow = {
  key: string;
  label: string;
  cells: PeriodCell[];
  testId?: string;
  /** The label's own look (a month in capitals, a week on one line). */
  labelClassName?: string;
};

const periodCell = 'px-3 py-2 text-right tabular-nums';

/**
 * Figures by period as periods × columns (the cash flow's months and weeks): the balance the periods start from
 * in the last column, one row per period, then the totals row.
 */
export function PeriodTable({
  caption,
  periodHeader,
  columns,
  opening,
  rows,
  total,
  minWidth,
  testId,
}: {
  caption: string;
  periodHeader: string;
  columns: string[];
  opening: { label: string; content: ReactNode };
  rows: PeriodRow[];
  total: { label: string; cells: PeriodCell[] };
  /** The table's least width, below which it scrolls (a Tailwind class). */
  minWidth: 'min-w-[36rem]' | 'min-w-[44rem]';
  testId: string;
}) {
  const cells = (list: PeriodCell[]) =>
    list.map((c, i) => (
      <td key={i} className={c.className ?? periodCell} data-testid={c.testId}>
        {c.content}
      </td>
    ));
  return (
    <TableRegion label={caption}>
      <table className={cn('w-full text-sm', minWidth)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {periodHeader}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-right font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          <tr className="text-muted-foreground">
            <th scope="row" className="px-3 py-2 text-left font-normal">
              {opening.label}
            </th>
            <td colSpan={columns.length - 1} />
            <td className={periodCell}>{opening.content}</td>
          </tr>
          {rows.map((row) => (
            <tr key={row.key} data-testid={row.testId}>
              <th scope="row" className={cn('px-3 py-2 text-left font-normal', row.labelClassName)}>
                {row.label}
              </th>
              {cells(row.cells)}
            </tr>
          ))}
          <tr className="bg-surface-muted font-semibold">
            <th scope="row" className="px-3 py-2 text-left">
              {total.label}
            </th>
            {cells(total.cells)}
          </tr>
        </tbody>
      </table>
    </TableRegion>
  );
}

/** The class of a PeriodTable cell with more of its own (a negative figure in red, a balance in bold). */
export const periodCellClass = (...more: Array<string | false | undefined>) => cn(periodCell, ...more);
