import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { parseEuroAmount } from '@shared/imports/money.ts';

/**
 * Amounts typed in the form: read in the interface language's style first ("1.234" is 1.234,00 € in Italian),
 * then in any unambiguous style ("12.50" is 12,50 € in Italian too). null when it is not an amount.
 */
export function parseAmountInput(text: string, language: 'it' | 'en'): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return parseEuroAmount(trimmed, language) ?? parseEuroAmount(trimmed, 'auto');
}

/** The amount rewritten as the language writes it ("1234,5" → "1.234,50"); text that is not an amount stays. */
export function normalizeAmountText(text: string, language: 'it' | 'en'): string {
  const cents = parseAmountInput(text, language);
  if (cents === null) return text;
  return formatNumber(cents / 100, localeOf(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** Cents as form text in the language's style ("1.234,56"). */
export function centsToInput(cents: number | null, language: 'it' | 'en'): string {
  if (cents === null) return '';
  return formatNumber(cents / 100, localeOf(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
