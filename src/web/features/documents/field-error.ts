import type { TFunction } from 'i18next';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { currentLanguage } from '@web/app/i18n.ts';

/**
 * The words for a field message of the documents contracts (`documents.errors.titleRequired`): the shared
 * catalogue's text when it has one, else the documents namespace's own (`errors.titleRequired`).
 */
export function documentFieldText(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const shared = fieldMessage(message, currentLanguage());
  if (shared) return shared;
  if (message.startsWith('documents.')) return t(`documents:${message.slice('documents.'.length)}`);
  return message;
}
