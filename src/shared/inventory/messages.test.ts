import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES, isInventoryMessageKey, inventoryMessage } from './messages.ts';

describe('INVENTORY_MESSAGES', () => {
  it('translates every message into Italian', () => {
    for (const key of Object.keys(INVENTORY_MESSAGES.en)) {
      if (!isInventoryMessageKey(key)) throw new Error(key);
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
