import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES, isInventoryMessageKey, inventoryMessage } from './messages.ts';

describe('INVENTORY_MESSAGES', () => {
  it('has the same keys in both languages, all non-empty and translated', () => {
    expect(Object.keys(INVENTORY_MESSAGES.it).sort()).toEqual(Object.keys(INVENTORY_MESSAGES.en).sort());
    for (const key of Object.keys(INVENTORY_MESSAGES.en)) {
      if (!isInventoryMessageKey(key)) throw new Error(key);
      expect(key.startsWith('inventory.')).toBe(true);
      expect(INVENTORY_MESSAGES.en[key].trim()).not.toBe('');
      expect(INVENTORY_MESSAGES.it[key].trim()).not.toBe('');
      expect(INVENTORY_MESSAGES.it[key]).not.toBe(INVENTORY_MESSAGES.en[key]);
    }
  });
});

describe('inventoryMessage', () => {
  it('gives the text of a key in the chosen language', () => {
    expect(inventoryMessage('inventory.errors.naturaRequired', 'en')).toBe(
      'With VAT at 0% choose the reason for no VAT (Natura code)',
    );
    expect(inventoryMessage('inventory.errors.naturaRequired', 'it')).toBe(
      "Con IVA allo 0% scegli la natura dell'operazione (codice Natura)",
    );
  });
  it('returns any other text unchanged', () => {
    expect(inventoryMessage('Something else', 'it')).toBe('Something else');
    expect(inventoryMessage('toString', 'en')).toBe('toString');
  });
});
