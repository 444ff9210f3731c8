import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, textColourOn } from './colour-contrast.ts';

describe('contrastRatio', () => {
  it('gives the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#16a34a', '#ffffff')).toBeCloseTo(3.3, 1);
  });
});

describe('textColourOn', () => {
  it('keeps white on dark colours and turns dark on light ones, always readable at 4.5:1', () => {
    expect(textColourOn('#2563eb')).toBe(LIGHT_TEXT);
    expect(textColourOn('#4b5563')).toBe(LIGHT_TEXT);
    // The mail palette's green, orange and teal fail with white (3.3, 3.2 and 3.7:1).
    for (const c of ['#16a34a', '#d97706', '#0891b2', '#fde047']) {
      expect(textColourOn(c)).toBe(DARK_TEXT);
      expect(contrastRatio(c, DARK_TEXT)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('answers white for anything that is not a #rrggbb colour', () => {
    expect(textColourOn('red')).toBe(LIGHT_TEXT);
    expect(textColourOn('')).toBe(LIGHT_TEXT);
  });
});
