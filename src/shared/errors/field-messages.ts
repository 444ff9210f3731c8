import type { Locale } from './error-codes.ts';
import { fieldCatalogueText } from '../i18n/catalogue.ts';

/**
 * A message key with values for its {{placeholders}}, for limits a contract knows only where it is written:
 * `withParams('errors.textTooLong', { max: 200 })` is "errors.textTooLong?max=200". It travels as a key (zod
 * issue, VALIDATION_ERROR details) and fieldMessage fills the values in.
 */
export function withParams(key: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return `${key}?${query.toString()}`;
}

/** The zod error of "too long: at most {max} characters", for every text field of every contract. */
export function tooLong(max: number): { error: string } {
  return { error: withParams('errors.textTooLong', { max }) };
}

/**
 * The text of a field message in a language, its {{placeholders}} filled in: field messages in contracts are keys
 * of the catalogue's `fields` namespace (public/locales/{lang}/fields.json), so the server answers in the caller's
 * language and the web shows the same text. Undefined for a key not in the catalogue.
 */
export function fieldMessage(key: string, locale: Locale): string | undefined {
  const q = key.indexOf('?');
  const base = q < 0 ? key : key.slice(0, q);
  const text = fieldCatalogueText(base, locale);
  if (text === undefined || q < 0) return text;
  const params = new URLSearchParams(key.slice(q + 1));
  const numbers = new Intl.NumberFormat(locale === 'it' ? 'it-IT' : 'en-GB');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params.get(name);
    if (value === null) return whole;
    return /^\d+$/.test(value) ? numbers.format(Number(value)) : value;
  });
}
