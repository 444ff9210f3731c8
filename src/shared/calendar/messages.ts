import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type CalendarMessageKey = Extract<FieldKey, `calendar.${string}`>;

/**
 * Calendar and RSVP texts, from the catalogue (fields.json, section `calendar`; see clients/messages.ts): the zod
 * contracts carry the keys as issue messages; the server answers with the text, the web shows
 * `CALENDAR_MESSAGES[locale][key]`. The fetch* keys are the spec's "Failed to fetch …" messages, for the web when
 * a list cannot be loaded.
 */
export const CALENDAR_MESSAGES = {
  en: fieldSection('en', 'calendar'),
  it: fieldSection('it', 'calendar'),
} as Record<Locale, Record<CalendarMessageKey, string>>;
