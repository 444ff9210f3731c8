import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type ImportMessageKey = Extract<FieldKey, `imports.${string}`>;

/** Texts of the import screens' row and mapping errors, from the catalogue (fields.json, section `imports`). */
export const IMPORT_MESSAGES = {
  en: fieldSection('en', 'imports'),
  it: fieldSection('it', 'imports'),
} as Record<Locale, Record<ImportMessageKey, string>>;

export function isImportMessageKey(value: string): value is ImportMessageKey {
  return Object.hasOwn(IMPORT_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function importMessage(key: string, locale: Locale): string {
  return isImportMessageKey(key) ? IMPORT_MESSAGES[locale][key] : key;
}
