import { describe, expect, it } from 'vitest';
import { TRANSACTION_MESSAGES, isTransactionMessageKey, transactionMessage } from './messages.ts';

describe('TRANSACTION_MESSAGES', () => {
  it('translates every message into Italian', () => {
    for (const key of Object.keys(TRANSACTION_MESSAGES.en)) {
      if (!isTransactionMessageKey(key)) throw new Error(key);
      expect(TRANSACTION_MESSAGES.it[key]).not.toBe(TRANSACTION_MESSAGES.en[key]);
    }
  });
});

describe('transactionMessage', () => {
  it('gives the text of a key in the chosen language', () => {
    expect(transactionMessage('transactions.errors.vatExceedsAmount', 'en')).toBe(
      'The VAT amount cannot exceed the total amount',
    );
    expect(transactionMessage('transactions.errors.vatExceedsAmount', 'it')).toBe(
      "L'IVA non può superare l'importo totale",
    );
  });
  it('returns any other text unchanged', () => {
    expect(transactionMessage('Something else', 'it')).toBe('Something else');
    expect(transactionMessage('toString', 'en')).toBe('toString');
  });
});
