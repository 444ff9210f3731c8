import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAX_REGIME,
  TAX_REGIMES,
  TAX_REGIME_CODES,
  isTaxRegimeCode,
  taxRegimeLabel,
} from './tax-regimes.ts';

describe('tax regimes', () => {
  it('lists the eighteen FatturaPA codes RF01–RF19 in order, without the withdrawn RF03', () => {
    const expected = Array.from({ length: 19 }, (_, i) => `RF${String(i + 1).padStart(2, '0')}`).filter(
      (code) => code !== 'RF03',
    );
    expect(TAX_REGIME_CODES).toEqual(expected);
  });
  it('has an Italian and an English label for every code', () => {
    for (const code of TAX_REGIME_CODES) {
      expect(TAX_REGIMES[code].it.length).toBeGreaterThan(0);
      expect(TAX_REGIMES[code].en.length).toBeGreaterThan(0);
    }
  });
  it('labels ordinario and forfettario', () => {
    expect(taxRegimeLabel('RF01', 'it')).toBe('Regime ordinario');
    expect(taxRegimeLabel('RF19', 'it')).toBe('Regime forfettario');
    expect(taxRegimeLabel('RF19', 'en')).toContain('Flat-rate');
    expect(taxRegimeLabel('RF18', 'en')).toBe('Other');
  });
  it('defaults to the ordinary regime', () => {
    expect(DEFAULT_TAX_REGIME).toBe('RF01');
  });
  it('recognises codes', () => {
    expect(isTaxRegimeCode('RF17')).toBe(true);
    expect(isTaxRegimeCode('RF03')).toBe(false);
    expect(isTaxRegimeCode('rf01')).toBe(false);
    expect(isTaxRegimeCode('toString')).toBe(false);
    expect(isTaxRegimeCode(1)).toBe(false);
  });
});
