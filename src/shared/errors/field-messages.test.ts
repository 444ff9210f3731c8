import { describe, expect, it } from 'vitest';
import { fieldMessage } from './field-messages.ts';

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
