import type { Locale } from '../errors/error-codes.ts';
import { fieldSection } from '../i18n/catalogue.ts';

/**
 * Field messages of the team contracts, from the catalogue (fields.json, section `team`): the zod schemas carry
 * the keys, the server answers with the text in the caller's language, the web shows team.json's `errors.*`.
 */
export const TEAM_MESSAGES: Record<Locale, Record<string, string>> = {
  en: fieldSection('en', 'team'),
  it: fieldSection('it', 'team'),
};
