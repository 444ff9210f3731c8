import type { Locale } from '../errors/error-codes.ts';

/**
 * Onboarding and business-profile texts (core-app spec §5 and §8) in both languages. The zod contracts carry
 * the keys as issue messages; the web shows `ONBOARDING_MESSAGES[locale][key]` (or loads the flat map into
 * i18next with `addResources`, which splits the dotted keys). The English wording is the spec's.
 */
export const ONBOARDING_MESSAGES = {
  en: {
    'onboarding.errors.companyNameRequired': 'Company name is required',
    'onboarding.errors.businessTypeRequired': 'Business type is required',
    'onboarding.errors.industryRequired': 'Industry is required',
    'onboarding.errors.streetRequired': 'Street address is required',
    'onboarding.errors.cityRequired': 'City is required',
    'onboarding.errors.stateRequired': 'State is required',
    'onboarding.errors.zipCodeRequired': 'ZIP code is required',
    'onboarding.errors.phoneRequired': 'Phone number is required',
    'onboarding.errors.organizationRequired': 'Organization is required',
    'onboarding.errors.companyNameTooLong': 'Company name must be less than 255 characters',
    'onboarding.errors.tooLong': 'This text is too long',
    'onboarding.errors.unsupportedCharacters':
      'The e-invoice does not accept some of these characters (emoji, Greek, Cyrillic…): remove them',
    'onboarding.errors.invalidChoice': 'Choose one of the options',
    'onboarding.errors.invalidZipCode': 'An Italian postal code (CAP) has 5 digits',
    'onboarding.errors.invalidProvince': 'Choose a valid Italian province',
    'onboarding.errors.invalidPartitaIva': 'Invalid VAT number (Partita IVA): check the 11 digits',
    'onboarding.errors.invalidCodiceFiscale': 'Invalid tax code (Codice Fiscale)',
    'onboarding.errors.invalidTaxRegime': 'Choose a valid tax regime',
    'onboarding.errors.invalidPec': 'Invalid PEC address',
    'onboarding.errors.invalidWebsite': 'Invalid website URL format',
    'onboarding.errors.invalidEmail': 'Invalid email format',
    'onboarding.failure.alreadyExists':
      'A business profile already exists for your account. Redirecting to dashboard...',
    'onboarding.failure.duplicate': 'A business profile with this information already exists.',
    'onboarding.failure.network': 'Network error. Please check your connection and try again.',
    'onboarding.failure.other': 'There was an error saving your business information. Please try again.',
  },
  it: {
    'onboarding.errors.companyNameRequired': "Il nome dell'azienda è obbligatorio",
    'onboarding.errors.businessTypeRequired': 'Il tipo di attività è obbligatorio',
    'onboarding.errors.industryRequired': 'Il settore è obbligatorio',
    'onboarding.errors.streetRequired': "L'indirizzo è obbligatorio",
    'onboarding.errors.cityRequired': 'La città è obbligatoria',
    'onboarding.errors.stateRequired': 'La provincia o lo stato è obbligatorio',
    'onboarding.errors.zipCodeRequired': 'Il CAP è obbligatorio',
    'onboarding.errors.phoneRequired': 'Il numero di telefono è obbligatorio',
    'onboarding.errors.organizationRequired': "L'organizzazione è obbligatoria",
    'onboarding.errors.companyNameTooLong': "Il nome dell'azienda deve avere meno di 255 caratteri",
    'onboarding.errors.tooLong': 'Il testo è troppo lungo',
    'onboarding.errors.unsupportedCharacters':
      'La fattura elettronica non accetta alcuni di questi caratteri (emoji, greco, cirillico…): toglili',
    'onboarding.errors.invalidChoice': 'Scegli una delle opzioni',
    'onboarding.errors.invalidZipCode': 'Il CAP italiano è composto da 5 cifre',
    'onboarding.errors.invalidProvince': 'Scegli una provincia italiana valida',
    'onboarding.errors.invalidPartitaIva': 'Partita IVA non valida: controlla le 11 cifre',
    'onboarding.errors.invalidCodiceFiscale': 'Codice fiscale non valido',
    'onboarding.errors.invalidTaxRegime': 'Scegli un regime fiscale valido',
    'onboarding.errors.invalidPec': 'Indirizzo PEC non valido',
    'onboarding.errors.invalidWebsite': 'Formato URL del sito web non valido',
    'onboarding.errors.invalidEmail': 'Formato email non valido',
    'onboarding.failure.alreadyExists':
      'Esiste già un profilo aziendale per il tuo account. Reindirizzamento alla dashboard...',
    'onboarding.failure.duplicate': 'Esiste già un profilo aziendale con queste informazioni.',
    'onboarding.failure.network': 'Errore di rete. Controlla la connessione e riprova.',
    'onboarding.failure.other':
      'Si è verificato un errore durante il salvataggio dei dati aziendali. Riprova.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type OnboardingMessageKey = keyof (typeof ONBOARDING_MESSAGES)['en'];

/** Every key exists in both languages: the type below fails to compile if one is missing. */
const _sameKeys: Record<OnboardingMessageKey, string> = ONBOARDING_MESSAGES.it;
void _sameKeys;

export function isOnboardingMessageKey(value: string): value is OnboardingMessageKey {
  return Object.hasOwn(ONBOARDING_MESSAGES.en, value);
}

/** The text for a key; any other string (e.g. a server message) is returned unchanged. */
export function onboardingMessage(key: string, locale: Locale): string {
  return isOnboardingMessageKey(key) ? ONBOARDING_MESSAGES[locale][key] : key;
}
