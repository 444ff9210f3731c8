import { describe, expect, it } from 'vitest';
import {
  formatCompactEuro,
  formatMonth,
  formatDate,
  formatDateTime,
  formatEuro,
  formatEuroCents,
  formatNumber,
  formatPercent,
  formatTime,
} from './format.ts';

// Intl separates number and € with a no-break space in Italian.
const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

describe('money', () => {
  it('formats euro amounts per locale', () => {
    expect(formatEuro(1234.56, 'it-IT')).toBe(nbsp('1.234,56 €'));
    expect(formatEuro(1234.56, 'en-US')).toBe('€1,234.56');
    expect(formatEuro(0, 'it-IT')).toBe(nbsp('0,00 €'));
    expect(formatEuro(-1234.5, 'en-US')).toBe('-€1,234.50');
    expect(formatEuro(1234567.891, 'it-IT')).toBe(nbsp('1.234.567,89 €'));
  });

  it('formats integer cents', () => {
    expect(formatEuroCents(123456, 'it-IT')).toBe(nbsp('1.234,56 €'));
    expect(formatEuroCents(5, 'en-US')).toBe('€0.05');
  });
});

describe('numbers', () => {
  it('groups thousands in both locales', () => {
    expect(formatNumber(1234.5, 'it-IT')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(42, 'it-IT')).toBe('42');
  });

  it('formats percentages', () => {
    expect(formatPercent(0.56, 'en-US')).toBe('56%');
    expect(formatPercent(0.56, 'it-IT')).toBe('56%');
  });
});

describe('dates', () => {
  it('formats a calendar date without time-zone drift', () => {
    expect(formatDate('2025-03-05', 'it-IT')).toBe('5 mar 2025');
    expect(formatDate('2025-03-05', 'en-US')).toBe('Mar 5, 2025');
    expect(formatDate('2025-03-05', 'it-IT', 'short')).toBe('05/03/25');
    expect(formatDate('2025-03-05', 'en-US', 'short')).toBe('3/5/25');
  });

  it('formats instants in a time zone', () => {
    const t = '2025-03-05T10:30:00Z';
    expect(formatDateTime(t, 'it-IT', 'medium', 'Europe/Rome')).toBe('5 mar 2025, 11:30');
    expect(formatDateTime(t, 'en-US', 'medium', 'UTC')).toMatch(/^Mar 5, 2025, 10:30\sAM$/);
    expect(formatTime(t, 'it-IT', 'UTC')).toBe('10:30');
  });

  it('gives an empty string for unreadable input', () => {
    expect(formatDate('not a date', 'it-IT')).toBe('');
    expect(formatDateTime('nope', 'en-US')).toBe('');
  });
});

describe('months and chart amounts', () => {
  it('names a calendar month without any zone moving it', () => {
    expect(formatMonth('2026-01', 'it-IT', 'long')).toBe('gennaio 2026');
    expect(formatMonth('2026-12', 'en-US', 'long')).toBe('December 2026');
    expect(formatMonth('2025-12', 'en-US', 'short')).toBe('Dec 25');
  });

  it('shortens euro amounts for an axis', () => {
    expect(formatCompactEuro(13_500, 'en-US')).toBe('€13.5K');
    expect(formatCompactEuro(900, 'en-US')).toBe('€900');
  });
});
