import { describe, expect, it } from 'vitest';
import { fieldMessage, tooLong, withParams } from './field-messages.ts';

describe('fieldMessage', () => {
  it('finds the text of any registered feature key in both languages', () => {
    expect(fieldMessage('onboarding.errors.companyNameRequired', 'en')).toBe('Company name is required');
    expect(fieldMessage('clients.errors.vatNumberTaken', 'it')).toBeTruthy();
    expect(fieldMessage('inventory.errors.skuTaken', 'en')).toBeTruthy();
    expect(fieldMessage('transactions.errors.categoryDirectionMismatch', 'it')).toBeTruthy();
    expect(fieldMessage('imports.errors.tooManyRows', 'it')).toMatch(/50\.000/);
  });
  it('answers undefined for text that is not a key', () => {
    expect(fieldMessage('Some server text', 'en')).toBeUndefined();
  });
});

describe('keys with parameters', () => {
  it('states the limit of a text that is too long, in the reader’s language', () => {
    const { error } = tooLong(5000);
    expect(error).toBe('errors.textTooLong?max=5000');
    expect(fieldMessage(error, 'it')).toBe('Questo testo è troppo lungo: al massimo 5000 caratteri');
    expect(fieldMessage(error, 'en')).toBe('This text is too long: at most 5,000 characters');
  });
  it('fills named values and leaves a placeholder without a value as it is', () => {
    expect(fieldMessage(withParams('errors.textTooLong', { other: 1 }), 'en')).toBe(
      'This text is too long: at most {{max}} characters',
    );
    expect(fieldMessage(withParams('not.a.key', { max: 1 }), 'en')).toBeUndefined();
  });
});
