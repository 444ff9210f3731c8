import type { Locale } from '../errors/error-codes.ts';

/**
 * Client texts in both languages (see business-profile/messages.ts): the zod contracts carry the keys as issue
 * messages; the web shows `CLIENT_MESSAGES[locale][key]` or loads the map into i18next.
 */
export const CLIENT_MESSAGES = {
  en: {
    'clients.errors.typeInvalid': 'Choose company or person',
    'clients.errors.companyNameRequired': 'Company name is required',
    'clients.errors.fullNameRequired': 'Full name is required',
    'clients.errors.tooLong': 'This text is too long',
    'clients.errors.unsupportedCharacters':
      'The e-invoice does not accept some of these characters (emoji, Greek, Cyrillic…): remove them',
    'clients.errors.invalidValue': 'Invalid value',
    'clients.errors.emailInvalid': 'Invalid e-mail address',
    'clients.errors.pecInvalid': 'Invalid PEC address',
    'clients.errors.vatInvalid': 'Invalid Partita IVA: check the 11 digits',
    'clients.errors.euVatInvalid': 'Invalid VAT number for the chosen country: check its format and digits',
    'clients.errors.codiceFiscaleInvalid': 'Invalid Codice Fiscale: check the 16 characters (or 11 digits)',
    'clients.errors.sdiCodeInvalid': 'The SDI recipient code has exactly 7 letters or digits',
    'clients.errors.paOfficeCodeRequired':
      'The office code (Codice Univoco Ufficio) is required for a public administration',
    'clients.errors.paOfficeCodeInvalid':
      'The office code (Codice Univoco Ufficio) has exactly 6 letters or digits',
    'clients.errors.postalCodeInvalid': 'Invalid postal code for the chosen country',
    'clients.errors.capInvalid': 'An Italian postal code (CAP) has 5 digits',
    'clients.errors.provinceInvalid': 'Choose a valid Italian province (e.g. MI, RM)',
    'clients.errors.countryInvalid': 'Choose a country (two-letter code, e.g. IT)',
    'clients.errors.languageInvalid': 'Choose Italian or English',
    'clients.errors.paymentTermsInvalid': 'Payment terms must be a whole number of days from 0 to 365',
    'clients.errors.vatNumberTaken': 'A client with this VAT number already exists',
    'clients.errors.emailTaken': 'A client with this e-mail address already exists',
    'clients.errors.invalidChoice': 'Choose one of the options',
    'clients.errors.invalidPage': 'Invalid page',
    'clients.errors.codiceFiscaleTaken': 'A client with this Codice Fiscale already exists',
    'clients.errors.nameCityTaken': 'A client with this name in the same city already exists',
    'clients.errors.vatNumberRepeated': 'The same VAT number is on an earlier row of the file',
    'clients.errors.emailRepeated': 'The same e-mail address is on an earlier row of the file',
    'clients.errors.codiceFiscaleRepeated': 'The same Codice Fiscale is on an earlier row of the file',
    'clients.errors.nameCityRepeated': 'The same name and city are on an earlier row of the file',
    'clients.errors.tooManyRows': 'At most 10,000 rows per import: split the file into smaller ones',
    'clients.errors.noRows': 'The file has no rows to import',
  },
  it: {
    'clients.errors.typeInvalid': 'Scegli azienda o persona',
    'clients.errors.companyNameRequired': 'La ragione sociale è obbligatoria',
    'clients.errors.fullNameRequired': 'Nome e cognome sono obbligatori',
    'clients.errors.tooLong': 'Il testo è troppo lungo',
    'clients.errors.unsupportedCharacters':
      'La fattura elettronica non accetta alcuni di questi caratteri (emoji, greco, cirillico…): toglili',
    'clients.errors.invalidValue': 'Valore non valido',
    'clients.errors.emailInvalid': 'Indirizzo e-mail non valido',
    'clients.errors.pecInvalid': 'Indirizzo PEC non valido',
    'clients.errors.vatInvalid': 'Partita IVA non valida: controlla le 11 cifre',
    'clients.errors.euVatInvalid': 'Partita IVA non valida per il paese scelto: controlla formato e cifre',
    'clients.errors.codiceFiscaleInvalid':
      'Codice fiscale non valido: controlla i 16 caratteri (o le 11 cifre)',
    'clients.errors.sdiCodeInvalid': 'Il codice destinatario SDI è composto da 7 lettere o cifre',
    'clients.errors.paOfficeCodeRequired':
      'Per una pubblica amministrazione il codice univoco ufficio è obbligatorio',
    'clients.errors.paOfficeCodeInvalid': 'Il codice univoco ufficio è composto da 6 lettere o cifre',
    'clients.errors.postalCodeInvalid': 'Codice postale non valido per il paese scelto',
    'clients.errors.capInvalid': 'Il CAP italiano è composto da 5 cifre',
    'clients.errors.provinceInvalid': 'Scegli una provincia italiana valida (es. MI, RM)',
    'clients.errors.countryInvalid': 'Scegli un paese (codice di due lettere, es. IT)',
    'clients.errors.languageInvalid': 'Scegli italiano o inglese',
    'clients.errors.paymentTermsInvalid': 'I termini di pagamento sono un numero intero di giorni da 0 a 365',
    'clients.errors.vatNumberTaken': 'Esiste già un cliente con questa partita IVA',
    'clients.errors.emailTaken': 'Esiste già un cliente con questo indirizzo e-mail',
    'clients.errors.invalidChoice': 'Scegli una delle opzioni',
    'clients.errors.invalidPage': 'Pagina non valida',
    'clients.errors.codiceFiscaleTaken': 'Esiste già un cliente con questo codice fiscale',
    'clients.errors.nameCityTaken': 'Esiste già un cliente con questo nome nella stessa città',
    'clients.errors.vatNumberRepeated': 'La stessa partita IVA è in una riga precedente del file',
    'clients.errors.emailRepeated': 'Lo stesso indirizzo e-mail è in una riga precedente del file',
    'clients.errors.codiceFiscaleRepeated': 'Lo stesso codice fiscale è in una riga precedente del file',
    'clients.errors.nameCityRepeated':
      'Lo stesso nome e la stessa città sono in una riga precedente del file',
    'clients.errors.tooManyRows':
      'Al massimo 10.000 righe per importazione: dividi il file in file più piccoli',
    'clients.errors.noRows': 'Il file non ha righe da importare',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ClientMessageKey = keyof (typeof CLIENT_MESSAGES)['en'];

/** Every key exists in both languages: the type below fails to compile if one is missing. */
const _sameKeys: Record<ClientMessageKey, string> = CLIENT_MESSAGES.it;
void _sameKeys;

export function isClientMessageKey(value: string): value is ClientMessageKey {
  return Object.hasOwn(CLIENT_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function clientMessage(key: string, locale: Locale): string {
  return isClientMessageKey(key) ? CLIENT_MESSAGES[locale][key] : key;
}
