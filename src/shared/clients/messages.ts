import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type ClientMessageKey = Extract<FieldKey, `clients.${string}`>;

/**
 * Client texts in both languages, from the catalogue (public/locales/{lang}/fields.json, section `clients`): the
 * zod contracts carry the keys as issue messages; the server answers with the text, the web shows the same.
 */
export const CLIENT_MESSAGES = {
  en: fieldSection('en', 'clients'),
  it: fieldSection('it', 'clients'),
} as Record<Locale, Record<ClientMessageKey, string>>;

export function isClientMessageKey(value: string): value is ClientMessageKey {
  return Object.hasOwn(CLIENT_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function clientMessage(key: string, locale: Locale): string {
  return isClientMessageKey(key) ? CLIENT_MESSAGES[locale][key] : key;
}
