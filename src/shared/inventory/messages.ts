import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type InventoryMessageKey = Extract<FieldKey, `inventory.${string}`>;

/** Inventory texts, from the catalogue (fields.json, section `inventory`; see business-profile/messages.ts). */
export const INVENTORY_MESSAGES = {
  en: fieldSection('en', 'inventory'),
  it: fieldSection('it', 'inventory'),
} as Record<Locale, Record<InventoryMessageKey, string>>;

export function isInventoryMessageKey(value: string): value is InventoryMessageKey {
  return Object.hasOwn(INVENTORY_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function inventoryMessage(key: string, locale: Locale): string {
  return isInventoryMessageKey(key) ? INVENTORY_MESSAGES[locale][key] : key;
}
