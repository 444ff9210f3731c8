import { describe, expect, it } from 'vitest';
import { mergeSupplierUpdate, ZSupplierUpdate } from './contracts.ts';

const parse = (body: object) => ZSupplierUpdate.parse(body);

describe('ZSupplierUpdate', () => {
  it('keeps what is left out, trims, clears with null or blank, reads the country as clients do', () => {
    expect(parse({})).toEqual({});
    expect(parse({ name: '  Alfa  ', city: ' ', address: null, country: 'el' })).toEqual({
      name: 'Alfa',
      city: null,
      address: null,
      country: 'GR',
    });
  });

  it('refuses an empty name, an unknown country, a long text and fields it does not edit', () => {
    expect(ZSupplierUpdate.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'suppliers.errors.nameRequired',
    );
    expect(ZSupplierUpdate.safeParse({ country: 'XX' }).error?.issues[0]?.message).toBe(
      'clients.errors.countryInvalid',
    );
    expect(ZSupplierUpdate.safeParse({ city: 'x'.repeat(101) }).success).toBe(false);
    expect(ZSupplierUpdate.safeParse({ vatNumber: 'IT01234567890' }).success).toBe(false);
  });
});

describe('mergeSupplierUpdate', () => {
  const stored = { country: 'IT', postalCode: '40100', province: 'BO' };

  it('checks the CAP and the province against the country, old or new, and normalises them', () => {
    expect(mergeSupplierUpdate(stored, parse({ province: 'Torino', postalCode: '10123' }))).toEqual({
      ok: true,
      values: { province: 'TO', postalCode: '10123' },
    });
    expect(mergeSupplierUpdate(stored, parse({ postalCode: '1012' }))).toEqual({
      ok: false,
      issues: [{ path: 'postalCode', message: 'clients.errors.capInvalid' }],
    });
    expect(mergeSupplierUpdate(stored, parse({ province: 'Atlantide' }))).toMatchObject({
      ok: false,
      issues: [{ path: 'province', message: 'clients.errors.provinceInvalid' }],
    });
  });

  it('re-checks the stored CAP when the country changes, and leaves an untouched address alone', () => {
    // 40100 is a German Postleitzahl too (five digits), so it stands; in the Netherlands it is not.
    expect(mergeSupplierUpdate(stored, parse({ country: 'DE', province: null })).ok).toBe(true);
    expect(mergeSupplierUpdate(stored, parse({ country: 'NL', province: null }))).toEqual({
      ok: false,
      issues: [{ path: 'postalCode', message: 'clients.errors.postalCodeInvalid' }],
    });
    // A stored address as the supplier's software wrote it is not judged when only the name changes.
    expect(
      mergeSupplierUpdate({ country: 'IT', postalCode: '1', province: 'x' }, parse({ name: 'A' })),
    ).toEqual({
      ok: true,
      values: { name: 'A' },
    });
  });
});
