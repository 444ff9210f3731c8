import type { Locale } from '../errors/error-codes.ts';

/**
 * Field messages of the team contracts (see clients/messages.ts): the zod schemas carry the keys, the server
 * answers with the text in the caller's language, the web shows team.json's `errors.*` (same keys, same text).
 */
export const TEAM_MESSAGES = {
  en: {
    'team.errors.emailRequired': 'Enter the e-mail address of the person to invite',
    'team.errors.emailInvalid': 'Invalid e-mail address',
  },
  it: {
    'team.errors.emailRequired': "Inserisci l'indirizzo e-mail della persona da invitare",
    'team.errors.emailInvalid': 'Indirizzo e-mail non valido',
  },
} as const satisfies Record<Locale, Record<string, string>>;
