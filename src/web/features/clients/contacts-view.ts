/**
 * The contacts page shows clients or suppliers (issue 17: one contacts model, a contact can be both): the view is
 * in the URL (`/clients?view=suppliers`), so a link or a reload opens the same one.
 */
export const CONTACT_VIEWS = ['clients', 'suppliers'] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];

export function contactsView(search: URLSearchParams): ContactView {
  return search.get('view') === 'suppliers' ? 'suppliers' : 'clients';
}

/** The address of a view: the clients' is the plain `/clients`; the other view's filters are not carried over. */
export function contactsViewPath(view: ContactView): string {
  return view === 'suppliers' ? '/clients?view=suppliers' : '/clients';
}

/** The suppliers' search and page from the URL; values that are not valid are dropped. */
export function readSupplierParams(search: URLSearchParams): { q?: string; page?: number } {
  const page = Number(search.get('page'));
  return {
    q: search.get('q')?.trim().slice(0, 100) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
