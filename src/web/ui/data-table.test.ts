import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn, type DataTableProps } from './data-table.tsx';
import { ariaSortOf, paramFromSorting, sortingFromParam } from './data-table-sort.ts';

describe('server sort values', () => {
  it('reads a key and a descending key', () => {
    expect(sortingFromParam('name')).toEqual([{ id: 'name', desc: false }]);
    expect(sortingFromParam('-issueDate')).toEqual([{ id: 'issueDate', desc: true }]);
    expect(sortingFromParam(undefined)).toEqual([]);
    expect(sortingFromParam('-')).toEqual([]);
  });

  it('writes the first sort back, nothing when unsorted', () => {
    expect(paramFromSorting([{ id: 'total', desc: true }])).toBe('-total');
    expect(paramFromSorting([{ id: 'total', desc: false }])).toBe('total');
    expect(paramFromSorting([])).toBeUndefined();
  });

  it('names the direction for aria-sort', () => {
    expect(ariaSortOf('asc')).toBe('ascending');
    expect(ariaSortOf('desc')).toBe('descending');
    expect(ariaSortOf(false)).toBe('none');
  });
});

type Fruit = { id: string; name: string; kg: number };
const fruits: Fruit[] = [
  { id: 'a', name: 'Pear', kg: 3 },
  { id: 'b', name: 'Apple', kg: 5 },
  { id: 'c', name: 'Fig', kg: 1 },
];
const columns: DataColumn<Fruit>[] = [
  { id: 'name', header: 'Name', cell: (f) => f.name, sortable: true, sortValue: (f) => f.name },
  { id: 'kg', header: 'Weight', cell: (f) => `${f.kg} kg`, align: 'right', sortValue: (f) => f.kg },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: (f) => `edit ${f.name}` },
];
const render = (props: Partial<DataTableProps<Fruit>>) =>
  renderToStaticMarkup(
    createElement(DataTable<Fruit>, {
      caption: 'Fruit',
      columns,
      rows: fruits,
      getRowId: (f) => f.id,
      ...props,
    }),
  );
const cellTexts = (html: string) => [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

describe('DataTable', () => {
  it('reports a server sort on the header and keeps the page in the order it came', () => {
    const html = render({ sort: { value: '-name', onChange: () => {} } });
    expect(html).toContain('<caption class="sr-only">Fruit</caption>');
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button type="button"/);
    // Weight has a sort value but the server does not sort by it: a plain header.
    expect(html).not.toMatch(/aria-sort="none"/);
    expect(cellTexts(html).filter((_, i) => i % 3 === 0)).toEqual(['Pear', 'Apple', 'Fig']);
  });

  it('hides columns and keeps a screen-reader header for action columns', () => {
    const hidden = render({ hiddenColumns: ['actions'] });
    expect(hidden).not.toContain('edit Pear');
    const shown = render({});
    expect(shown).toContain('<span class="sr-only">Actions</span>');
    expect(shown).toContain('edit Pear');
  });

  it('draws a checkbox per row with the selected ones checked', () => {
    const html = render({
      selection: {
        value: { b: true },
        onChange: () => {},
        rowLabel: (f) => `Select ${f.name}`,
        allLabel: 'All',
      },
    });
    expect(html).toContain('aria-label="All"');
    expect(html).toMatch(/aria-label="Select Apple" checked=""/);
    expect(html).not.toMatch(/aria-label="Select Pear" checked=""/);
  });

  it('shows the empty state or the loading rows instead of an empty table', () => {
    expect(render({ rows: [], empty: createElement('p', null, 'No fruit') })).toBe('<p>No fruit</p>');
    expect(render({ loading: 'Loading…' })).toContain('Loading…');
  });

  it('adds phone cards with the same test ids when asked', () => {
    const html = render({ card: (f) => f.name, rowTestId: 'fruit-row', cardTestId: 'fruit-row' });
    expect(html.match(/data-testid="fruit-row"/g)).toHaveLength(6);
    expect(html).toContain('class="divide-y divide-border md:hidden"');
  });
});

describe('DataTable virtual rows', () => {
  it('draws every row of a short list and a window of a long one, keeping the height with spacer rows', () => {
    const many: Fruit[] = Array.from({ length: 500 }, (_, i) => ({ id: `f${i}`, name: `Fruit ${i}`, kg: i }));
    const virtual = { height: 400, rowHeight: 40 };
    const short = render({ rows: many.slice(0, 50), virtual });
    expect(short.match(/<tr class="hover:bg-surface-muted"/g)).toHaveLength(50);
    const long = render({ rows: many, virtual });
    const drawn = long.match(/<tr class="hover:bg-surface-muted"/g)?.length ?? 0;
    expect(drawn).toBeLessThan(50);
    expect(long).toMatch(/<tr aria-hidden="true" style="height:\d+px"><\/tr>/);
  });
});
