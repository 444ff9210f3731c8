import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

const DEFAULT_THRESHOLD = 100;

interface BodyProps<R extends { id: string }> {
  rows: R[];
  virtual?: { height: number; rowHeight: number; threshold?: number };
  renderRow: (row: R, measure?: (el: HTMLTableRowElement | null) => void) => ReactNode;
}

/** The body of a data table: every row, or — for a long list whose caller opted in — only those in view. */
export function DataTableBody<R extends { id: string }>({ rows, virtual, renderRow }: BodyProps<R>) {
  if (!virtual || rows.length <= (virtual.threshold ?? DEFAULT_THRESHOLD)) {
    return <tbody className="divide-y divide-border">{rows.map((row) => renderRow(row))}</tbody>;
  }
  return <VirtualBody rows={rows} rowHeight={virtual.rowHeight} renderRow={renderRow} />;
}

/**
 * Rows in view plus a few either side; spacer rows above and below keep the scroll height, so the markup stays
 * a real table (headers, row and cell roles) for assistive technology.
 */
function VirtualBody<R extends { id: string }>({
  rows,
  rowHeight,
  renderRow,
}: {
  rows: R[];
  rowHeight: number;
  renderRow: BodyProps<R>['renderRow'];
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => bodyRef.current?.closest<HTMLElement>('[data-table-scroll]') ?? null,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]!.id,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <tbody ref={bodyRef} className="divide-y divide-border">
      {before > 0 ? <tr aria-hidden="true" style={{ height: before }} /> : null}
      {items.map((item) =>
        renderRow(rows[item.index]!, (el) => {
          if (el) {
            el.dataset.index = String(item.index);
            virtualizer.measureElement(el);
          }
        }),
      )}
      {after > 0 ? <tr aria-hidden="true" style={{ height: after }} /> : null}
    </tbody>
  );
}
