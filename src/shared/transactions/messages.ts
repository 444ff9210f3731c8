import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type TransactionMessageKey = Extract<FieldKey, `transactions.${string}`>;

/** Transaction texts, from the catalogue (fields.json, section `transactions`; see business-profile/messages.ts). */
export const TRANSACTION_MESSAGES = {
  en: fieldSection('en', 'transactions'),
  it: fieldSection('it', 'transactions'),
} as Record<Locale, Record<TransactionMessageKey, string>>;

export function isTransactionMessageKey(value: string): value is TransactionMessageKey {
  return Object.hasOwn(TRANSACTION_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function transactionMessage(key: string, locale: Locale): string {
  return isTransactionMessageKey(key) ? TRANSACTION_MESSAGES[locale][key] : key;
}
