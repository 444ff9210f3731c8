import type { Locale } from './error-codes.ts';
import { ONBOARDING_MESSAGES } from '../business-profile/messages.ts';
import { IMPORT_MESSAGES } from '../imports/messages.ts';
import { CLIENT_MESSAGES } from '../clients/messages.ts';
import { INVENTORY_MESSAGES } from '../inventory/messages.ts';
import { TRANSACTION_MESSAGES } from '../transactions/messages.ts';
import { INVOICING_MESSAGES } from '../invoicing/messages.ts';
import { CALENDAR_MESSAGES } from '../calendar/messages.ts';
import { TEAM_MESSAGES } from '../organizations/team-messages.ts';

/**
 * Field messages in contracts are translation keys. This registry maps every feature's keys to their
 * text, so the server can answer in the caller's language and the web can show the same text.
 * A feature adds its catalogue here once.
 */
const OTHER_MESSAGES = {
  en: {
    'errors.textTooLong': 'This text is too long: at most {{max}} characters',
    'imports.errors.unreadableFile': 'The file cannot be read: save it as CSV or XLSX and try again',
    'imports.errors.tooManyRows': 'The file has more than 50,000 rows: split it into smaller files',
    'settings.profile.logoInvalidType': 'The logo must be a PNG, JPEG or WebP image',
    'settings.profile.logoTooLarge': 'The logo must be at most 2 MB',
    'validation.controlCharacter': 'Contains an invisible control character that is not allowed: remove it',
    'validation.pathNotAllowed': 'The address of the request is not valid',
  },
  it: {
    'errors.textTooLong': 'Questo testo è troppo lungo: al massimo {{max}} caratteri',
    'imports.errors.unreadableFile': 'Impossibile leggere il file: salvalo come CSV o XLSX e riprova',
    'imports.errors.tooManyRows': 'Il file ha più di 50.000 righe: dividilo in file più piccoli',
    'settings.profile.logoInvalidType': "Il logo deve essere un'immagine PNG, JPEG o WebP",
    'settings.profile.logoTooLarge': 'Il logo può essere al massimo di 2 MB',
    'validation.controlCharacter': 'Contiene un carattere di controllo invisibile non consentito: rimuovilo',
    'validation.pathNotAllowed': "L'indirizzo della richiesta non è valido",
  },
} as const;

const CATALOGUES: Record<Locale, Record<string, string>>[] = [
  ONBOARDING_MESSAGES,
  IMPORT_MESSAGES,
  CLIENT_MESSAGES,
  INVENTORY_MESSAGES,
  TRANSACTION_MESSAGES,
  INVOICING_MESSAGES,
  CALENDAR_MESSAGES,
  TEAM_MESSAGES,
  OTHER_MESSAGES,
];

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

export function fieldMessage(key: string, locale: Locale): string | undefined {
  const q = key.indexOf('?');
  const base = q < 0 ? key : key.slice(0, q);
  let text: string | undefined;
  for (const catalogue of CATALOGUES) {
    text = catalogue[locale][base];
    if (text !== undefined) break;
  }
  if (text === undefined || q < 0) return text;
  const params = new URLSearchParams(key.slice(q + 1));
  const numbers = new Intl.NumberFormat(locale === 'it' ? 'it-IT' : 'en-GB');
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params.get(name);
    if (value === null) return whole;
    return /^\d+$/.test(value) ? numbers.format(Number(value)) : value;
  });
}
