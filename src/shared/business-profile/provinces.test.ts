import { describe, expect, it } from 'vitest';
import { PROVINCES, PROVINCE_CODES, findProvince, isProvinceCode } from './provinces.ts';

describe('provinces', () => {
  it('has the 107 sigle, two uppercase letters each, sorted and unique', () => {
    expect(PROVINCE_CODES).toHaveLength(107);
    expect(new Set(PROVINCE_CODES).size).toBe(107);
    expect(PROVINCE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect([...PROVINCE_CODES].sort()).toEqual(PROVINCE_CODES);
  });
  it('has unique names', () => {
    expect(new Set(Object.values(PROVINCES)).size).toBe(107);
  });
  it('includes the newer provinces and metropolitan cities', () => {
    expect(PROVINCES.MB).toBe('Monza e della Brianza');
    expect(PROVINCES.BT).toBe('Barletta-Andria-Trani');
    expect(PROVINCES.FM).toBe('Fermo');
    expect(PROVINCES.SU).toBe('Sud Sardegna');
    expect(PROVINCES.RM).toBe('Roma');
  });
  it('recognises sigle exactly', () => {
    expect(isProvinceCode('MI')).toBe(true);
    expect(isProvinceCode('mi')).toBe(false);
    expect(isProvinceCode('CI')).toBe(false); // Carbonia-Iglesias, abolished in 2016
    expect(isProvinceCode('toString')).toBe(false);
    expect(isProvinceCode(undefined)).toBe(false);
  });
});

describe('findProvince', () => {
  it('finds a sigla in any case', () => {
    expect(findProvince('mi')).toBe('MI');
    expect(findProvince(' TO ')).toBe('TO');
  });
  it('finds a name ignoring case, accents, spaces and punctuation', () => {
    expect(findProvince('Milano')).toBe('MI');
    expect(findProvince('forli cesena')).toBe('FC');
    expect(findProvince("L'AQUILA")).toBe('AQ');
    expect(findProvince('la spezia')).toBe('SP');
  });
  it('gives undefined for anything else', () => {
    expect(findProvince('California')).toBeUndefined();
    expect(findProvince('')).toBeUndefined();
    expect(findProvince('  ')).toBeUndefined();
    expect(findProvince('XX')).toBeUndefined();
  });
});
