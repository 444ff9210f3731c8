import { fieldMessage } from '@shared/errors/field-messages.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { currentLanguage } from './i18n.ts';

/** A field message: a key of the shared contracts becomes its text in the language; any other text stays. */
export function fieldText(message: string | undefined, lang: Locale = currentLanguage()): string | undefined {
  if (!message) return undefined;
  return fieldMessage(message, lang) ?? message;
}
