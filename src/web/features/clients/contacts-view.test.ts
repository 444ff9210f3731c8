import { describe, expect, it } from 'vitest';
import { contactsView, contactsViewPath, readSupplierParams } from './contacts-view.ts';

describe('contacts view', () => {
  it('reads the view from the URL; anything else is the clients', () => {
    expect(contactsView(new URLSearchParams('view=suppliers'))).toBe('suppliers');
    expect(contactsView(new URLSearchParams(''))).toBe('clients');
    expect(contactsView(new URLSearchParams('view=Suppliers'))).toBe('clients');
    expect(contactsViewPath('suppliers')).toBe('/clients?view=suppliers');
    expect(contactsViewPath('clients')).toBe('/clients');
  });

  it("reads the suppliers' search and page, dropping what is not valid", () => {
    expect(readSupplierParams(new URLSearchParams('view=suppliers&q=%20alfa%20&page=3'))).toEqual({
      q: 'alfa',
      page: 3,
    });
    expect(readSupplierParams(new URLSearchParams('q=%20&page=1.5'))).toEqual({
      q: undefined,
      page: undefined,
    });
    expect(readSupplierParams(new URLSearchParams('page=-2')).page).toBeUndefined();
  });
});
