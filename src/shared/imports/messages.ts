import type { Locale } from '../errors/error-codes.ts';

/** Texts of the import screens' row and mapping errors, in both languages (see business-profile/messages.ts). */
export const IMPORT_MESSAGES = {
  en: {
    'imports.errors.columnRequired': 'Choose the column to read',
    'imports.errors.columnMissing': 'This column is not in the file',
    'imports.errors.invalidChoice': 'Choose one of the options',
    'imports.errors.dateMissing': 'The date is missing',
    'imports.errors.dateInvalid': 'Invalid date: check the date format chosen for this file',
    'imports.errors.amountMissing': 'The amount is missing',
    'imports.errors.amountInvalid': 'Invalid amount: check the number format (e.g. 1.234,56 or 1,234.56)',
    'imports.errors.amountZero': 'The amount is zero',
    'imports.errors.duplicate': 'Already imported',
    'imports.errors.emptyFile': 'The file has no data rows',
  },
  it: {
    'imports.errors.columnRequired': 'Scegli la colonna da leggere',
    'imports.errors.columnMissing': 'Questa colonna non è presente nel file',
    'imports.errors.invalidChoice': 'Scegli una delle opzioni',
    'imports.errors.dateMissing': 'Manca la data',
    'imports.errors.dateInvalid': 'Data non valida: controlla il formato data scelto per questo file',
    'imports.errors.amountMissing': "Manca l'importo",
    'imports.errors.amountInvalid':
      'Importo non valido: controlla il formato dei numeri (es. 1.234,56 o 1,234.56)',
    'imports.errors.amountZero': "L'importo è zero",
    'imports.errors.duplicate': 'Già importato',
    'imports.errors.emptyFile': 'Il file non contiene righe di dati',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ImportMessageKey = keyof (typeof IMPORT_MESSAGES)['en'];

const _sameKeys: Record<ImportMessageKey, string> = IMPORT_MESSAGES.it;
void _sameKeys;

export function isImportMessageKey(value: string): value is ImportMessageKey {
  return Object.hasOwn(IMPORT_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function importMessage(key: string, locale: Locale): string {
  return isImportMessageKey(key) ? IMPORT_MESSAGES[locale][key] : key;
}
