import type { Locale } from '../errors/error-codes.ts';

/** Transaction texts in both languages (see business-profile/messages.ts). */
export const TRANSACTION_MESSAGES = {
  en: {
    'transactions.errors.dateInvalid': 'Enter a valid date',
    'transactions.errors.dateRangeInvalid': 'The start date must not be after the end date',
    'transactions.errors.directionInvalid': 'Choose income or expense',
    'transactions.errors.amountRequired': 'Amount is required',
    'transactions.errors.amountInvalid':
      'Invalid amount: write a number with up to 2 decimals, e.g. 1.234,56',
    'transactions.errors.amountPositive': 'The amount must be greater than zero',
    'transactions.errors.vatInvalid': 'Invalid VAT amount: write a number with up to 2 decimals',
    'transactions.errors.vatNegative': 'The VAT amount cannot be negative',
    'transactions.errors.vatExceedsAmount': 'The VAT amount cannot exceed the total amount',
    'transactions.errors.categoryInvalid': 'Choose a valid category',
    'transactions.errors.categoryDirectionMismatch':
      'This category is for the other direction (income/expense)',
    'transactions.errors.categoryNameRequired': 'Category name is required',
    'transactions.errors.categoryNameTaken': 'A category with this name already exists',
    'transactions.errors.clientInvalid': 'Choose a valid client',
    'transactions.errors.paymentMethodInvalid': 'Choose a payment method',
    'transactions.errors.mappingNameRequired': 'Give this mapping a name (e.g. the bank)',
    'transactions.errors.tooLong': 'This text is too long',
    'transactions.errors.invalidChoice': 'Choose one of the options',
    'transactions.errors.categoryDirectionInUse':
      'This category is used by some transactions: its type (income/expense) cannot change',
    'transactions.errors.importNoRows': 'The file has no lines to import',
    'transactions.errors.importTooManyRows': 'At most 50,000 lines can be imported at once',
  },
  it: {
    'transactions.errors.dateInvalid': 'Inserisci una data valida',
    'transactions.errors.dateRangeInvalid': 'La data iniziale non può essere successiva alla data finale',
    'transactions.errors.directionInvalid': 'Scegli entrata o uscita',
    'transactions.errors.amountRequired': "L'importo è obbligatorio",
    'transactions.errors.amountInvalid':
      'Importo non valido: scrivi un numero con al massimo 2 decimali, es. 1.234,56',
    'transactions.errors.amountPositive': "L'importo deve essere maggiore di zero",
    'transactions.errors.vatInvalid':
      "Importo dell'IVA non valido: scrivi un numero con al massimo 2 decimali",
    'transactions.errors.vatNegative': "L'importo dell'IVA non può essere negativo",
    'transactions.errors.vatExceedsAmount': "L'IVA non può superare l'importo totale",
    'transactions.errors.categoryInvalid': 'Scegli una categoria valida',
    'transactions.errors.categoryDirectionMismatch':
      "Questa categoria è per l'altro tipo di movimento (entrata/uscita)",
    'transactions.errors.categoryNameRequired': 'Il nome della categoria è obbligatorio',
    'transactions.errors.categoryNameTaken': 'Esiste già una categoria con questo nome',
    'transactions.errors.clientInvalid': 'Scegli un cliente valido',
    'transactions.errors.paymentMethodInvalid': 'Scegli un metodo di pagamento',
    'transactions.errors.mappingNameRequired': 'Dai un nome a questa mappatura (es. la banca)',
    'transactions.errors.tooLong': 'Il testo è troppo lungo',
    'transactions.errors.invalidChoice': 'Scegli una delle opzioni',
    'transactions.errors.categoryDirectionInUse':
      'Questa categoria è usata da alcuni movimenti: non puoi cambiarne il tipo (entrata/uscita)',
    'transactions.errors.importNoRows': 'Il file non contiene righe da importare',
    'transactions.errors.importTooManyRows': 'Puoi importare al massimo 50.000 righe alla volta',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type TransactionMessageKey = keyof (typeof TRANSACTION_MESSAGES)['en'];

const _sameKeys: Record<TransactionMessageKey, string> = TRANSACTION_MESSAGES.it;
void _sameKeys;

export function isTransactionMessageKey(value: string): value is TransactionMessageKey {
  return Object.hasOwn(TRANSACTION_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function transactionMessage(key: string, locale: Locale): string {
  return isTransactionMessageKey(key) ? TRANSACTION_MESSAGES[locale][key] : key;
}
