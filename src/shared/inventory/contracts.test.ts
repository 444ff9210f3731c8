import { describe, expect, it } from 'vitest';
import {
  ITEM_KINDS,
  NATURA_CODES,
  NATURA_CODE_LIST,
  UNITS,
  UNIT_LABELS,
  VAT_RATES_BP,
  ZItem,
  ZItemInput,
  ZItemListQuery,
  ZItemPage,
  ZStockMovement,
  ZStockMovementInput,
  itemInputFromImport,
  itemKindFromText,
  unitFromText,
  vatRateBpFromText,
  vatRateLabel,
} from './contracts.ts';
import { todayIsoDate } from '../imports/dates.ts';

const item = { name: 'Spaghetti n.5 500 g', sku: 'bar-005' };

function issues(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('constants', () => {
  it('lists kinds, units with labels, VAT rates and Natura codes', () => {
    expect(ITEM_KINDS).toEqual(['goods', 'service']);
    expect(UNITS).toEqual(['pz', 'h', 'kg', 'g', 'l', 'm', 'm2', 'm3', 'km', 'gg', 'mese', 'conf', 'kit']);
    for (const unit of UNITS) {
      expect(UNIT_LABELS[unit].it.trim()).not.toBe('');
      expect(UNIT_LABELS[unit].en.trim()).not.toBe('');
    }
    expect(VAT_RATES_BP).toEqual([2200, 1000, 500, 400, 0]);
    expect(NATURA_CODE_LIST).toEqual([
      'N1',
      'N2.1',
      'N2.2',
      'N3.1',
      'N3.2',
      'N3.3',
      'N3.4',
      'N3.5',
      'N3.6',
      'N4',
      'N5',
      'N6.1',
      'N6.2',
      'N6.3',
      'N6.4',
      'N6.5',
      'N6.6',
      'N6.7',
      'N6.8',
      'N6.9',
      'N7',
    ]);
    for (const code of NATURA_CODE_LIST) expect(NATURA_CODES[code].it).not.toBe(NATURA_CODES[code].en);
  });
  it('labels VAT rates', () => {
    expect(vatRateLabel(2200)).toBe('22%');
    expect(vatRateLabel(0)).toBe('0%');
    expect(vatRateLabel(550, 'it')).toBe('5,5%');
    expect(vatRateLabel(550, 'en')).toBe('5.5%');
  });
});

describe('ZItemInput', () => {
  it('fills the defaults and converts prices to cents', () => {
    expect(ZItemInput.parse({ ...item, salePrice: '1,20', cost: 0.65 })).toEqual({
      name: 'Spaghetti n.5 500 g',
      sku: 'BAR-005',
      barcode: null,
      description: null,
      kind: 'goods',
      unit: 'pz',
      salePriceCents: 120,
      costCents: 65,
      vatRateBp: 2200,
      vatNatura: null,
      category: null,
      active: true,
      lowStockThreshold: null,
    });
  });
  it('reads Italian and English prices, empty as zero', () => {
    expect(ZItemInput.parse({ ...item, salePrice: '1.234,56' }).salePriceCents).toBe(123456);
    expect(ZItemInput.parse({ ...item, salePrice: '1,234.56' }).salePriceCents).toBe(123456);
    expect(ZItemInput.parse({ ...item, salePrice: '€ 12,50' }).salePriceCents).toBe(1250);
    expect(ZItemInput.parse({ ...item, salePrice: '' }).salePriceCents).toBe(0);
  });
  it('refuses bad and negative prices', () => {
    expect(issues(ZItemInput, { ...item, salePrice: '12,345' })).toEqual({
      salePrice: 'inventory.errors.priceInvalid',
    });
    expect(issues(ZItemInput, { ...item, cost: 'dodici' })).toEqual({
      cost: 'inventory.errors.priceInvalid',
    });
    expect(issues(ZItemInput, { ...item, cost: -1 })).toEqual({ cost: 'inventory.errors.priceNegative' });
  });
  it('needs a name and an SKU within their lengths', () => {
    expect(issues(ZItemInput, {})).toEqual({
      name: 'inventory.errors.nameRequired',
      sku: 'inventory.errors.skuRequired',
    });
    expect(issues(ZItemInput, { name: '  ', sku: ' ' })).toEqual({
      name: 'inventory.errors.nameRequired',
      sku: 'inventory.errors.skuRequired',
    });
    expect(issues(ZItemInput, { name: 'x'.repeat(201), sku: 'y'.repeat(65) })).toEqual({
      name: 'errors.textTooLong?max=200',
      sku: 'errors.textTooLong?max=64',
    });
    expect(ZItemInput.parse({ name: 'x'.repeat(200), sku: ' ab-1 ' }).sku).toBe('AB-1');
  });
  it('checks the barcode by its check digit', () => {
    expect(ZItemInput.parse({ ...item, barcode: ' 8076800195057 ' }).barcode).toBe('8076800195057');
    expect(ZItemInput.parse({ ...item, barcode: '0-36000-29145-2' }).barcode).toBe('036000291452');
    expect(ZItemInput.parse({ ...item, barcode: '' }).barcode).toBeNull();
    for (const barcode of ['8076800195058', '12345', 'ABC']) {
      expect(issues(ZItemInput, { ...item, barcode }), barcode).toEqual({
        barcode: 'inventory.errors.barcodeInvalid',
      });
    }
  });
  it('takes the VAT rates of the list, as numbers or text', () => {
    for (const rate of VAT_RATES_BP.filter((r) => r !== 0)) {
      expect(ZItemInput.parse({ ...item, vatRateBp: String(rate) }).vatRateBp).toBe(rate);
    }
    for (const rate of [2100, 22, -2200, 'ventidue']) {
      expect(issues(ZItemInput, { ...item, vatRateBp: rate }), String(rate)).toEqual({
        vatRateBp: 'inventory.errors.vatRateInvalid',
      });
    }
  });
  it('needs a Natura code with VAT at 0% and refuses one otherwise', () => {
    expect(issues(ZItemInput, { ...item, vatRateBp: 0 })).toEqual({
      vatNatura: 'inventory.errors.naturaRequired',
    });
    expect(ZItemInput.parse({ ...item, vatRateBp: 0, vatNatura: 'n3.2' })).toMatchObject({
      vatRateBp: 0,
      vatNatura: 'N3.2',
    });
    expect(issues(ZItemInput, { ...item, vatRateBp: 2200, vatNatura: 'N4' })).toEqual({
      vatNatura: 'inventory.errors.naturaNotAllowed',
    });
    expect(issues(ZItemInput, { ...item, vatRateBp: 0, vatNatura: 'N2' })).toEqual({
      vatNatura: 'inventory.errors.naturaInvalid',
    });
    expect(issues(ZItemInput, { ...item, vatRateBp: 0, vatNatura: 'N6' })).toEqual({
      vatNatura: 'inventory.errors.naturaInvalid',
    });
  });
  it('keeps the low-stock threshold of goods and drops it on services', () => {
    expect(ZItemInput.parse({ ...item, lowStockThreshold: '2,5' }).lowStockThreshold).toBe(2.5);
    expect(ZItemInput.parse({ ...item, lowStockThreshold: 0 }).lowStockThreshold).toBe(0);
    expect(
      ZItemInput.parse({ ...item, kind: 'service', unit: 'h', lowStockThreshold: 5 }).lowStockThreshold,
    ).toBeNull();
    expect(issues(ZItemInput, { ...item, lowStockThreshold: -1 })).toEqual({
      lowStockThreshold: 'inventory.errors.thresholdInvalid',
    });
    expect(issues(ZItemInput, { ...item, lowStockThreshold: '1,2345' })).toEqual({
      lowStockThreshold: 'inventory.errors.thresholdInvalid',
    });
  });
  it('refuses unknown kinds and units, long categories', () => {
    expect(issues(ZItemInput, { ...item, kind: 'gift', unit: 'oz', category: 'c'.repeat(81) })).toEqual({
      kind: 'inventory.errors.kindInvalid',
      unit: 'inventory.errors.unitInvalid',
      category: 'errors.textTooLong?max=80',
    });
  });
});

describe('ZItem and ZItemPage', () => {
  const apiItem = {
    ...ZItemInput.parse({ ...item, salePrice: '1,20', lowStockThreshold: 10 }),
    id: '123e4567-e89b-42d3-a456-426614174000',
    stockQuantity: 12.5,
    lowStock: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
  };
  it('describes the API response', () => {
    expect(ZItem.parse(apiItem)).toEqual(apiItem);
    expect(ZItem.safeParse({ ...apiItem, stockQuantity: '12.500' }).success).toBe(false);
  });
  it('pages items with the stock value', () => {
    const page = { items: [apiItem], total: 1, page: 1, pageSize: 10, stockValueCents: 0 };
    expect(ZItemPage.parse(page)).toEqual(page);
  });
});

describe('ZItemListQuery', () => {
  it('defaults to active items by name, 10 a page', () => {
    expect(ZItemListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      q: undefined,
      category: undefined,
      kind: undefined,
      lowStock: undefined,
      active: 'active',
      sort: 'name',
    });
  });
  it('reads the query string, booleans included', () => {
    expect(
      ZItemListQuery.parse({
        q: ' 80768 ',
        category: 'Pasta',
        kind: 'goods',
        lowStock: 'true',
        active: 'all',
        sort: '-stockQuantity',
        page: '2',
      }),
    ).toMatchObject({
      q: '80768',
      category: 'Pasta',
      kind: 'goods',
      lowStock: true,
      active: 'all',
      sort: '-stockQuantity',
      page: 2,
    });
    expect(ZItemListQuery.parse({ lowStock: 'false' }).lowStock).toBe(false);
    expect(ZItemListQuery.parse({ lowStock: '1' }).lowStock).toBe(true);
    expect(ZItemListQuery.parse({ lowStock: '' }).lowStock).toBeUndefined();
  });
  it('refuses unknown values', () => {
    expect(ZItemListQuery.safeParse({ lowStock: 'yes' }).success).toBe(false);
    expect(ZItemListQuery.safeParse({ sort: 'price' }).success).toBe(false);
    expect(ZItemListQuery.safeParse({ active: 'true' }).success).toBe(false);
  });
});

describe('ZStockMovementInput', () => {
  it('takes in and out with a positive quantity, the date defaulting to today', () => {
    expect(ZStockMovementInput.parse({ kind: 'in', quantity: '24' })).toEqual({
      kind: 'in',
      quantity: 24,
      reason: null,
      occurredOn: todayIsoDate(),
      documentType: null,
      documentId: null,
    });
    expect(
      ZStockMovementInput.parse({
        kind: 'out',
        quantity: 1.5,
        occurredOn: '2026-03-02',
        reason: 'Vendita al banco',
      }),
    ).toMatchObject({
      quantity: 1.5,
      occurredOn: '2026-03-02',
      reason: 'Vendita al banco',
    });
    for (const quantity of [0, -3, '0,000']) {
      expect(issues(ZStockMovementInput, { kind: 'out', quantity }), String(quantity)).toEqual({
        quantity: 'inventory.errors.quantityPositive',
      });
    }
  });
  it('takes a signed adjustment with a reason', () => {
    expect(
      ZStockMovementInput.parse({ kind: 'adjustment', quantity: '-2,5', reason: 'Inventario annuale' })
        .quantity,
    ).toBe(-2.5);
    expect(issues(ZStockMovementInput, { kind: 'adjustment', quantity: 0, reason: 'x' })).toEqual({
      quantity: 'inventory.errors.quantityNonZero',
    });
    expect(issues(ZStockMovementInput, { kind: 'adjustment', quantity: 3 })).toEqual({
      reason: 'inventory.errors.reasonRequired',
    });
    expect(issues(ZStockMovementInput, { kind: 'adjustment', quantity: 3, reason: 'r'.repeat(201) })).toEqual(
      {
        reason: 'errors.textTooLong?max=200',
      },
    );
  });
  it('refuses missing or over-precise quantities, unknown kinds and impossible dates', () => {
    expect(issues(ZStockMovementInput, { kind: 'in' })).toEqual({
      quantity: 'inventory.errors.quantityInvalid',
    });
    expect(issues(ZStockMovementInput, { kind: 'in', quantity: '1,0001' })).toEqual({
      quantity: 'inventory.errors.quantityInvalid',
    });
    expect(issues(ZStockMovementInput, { kind: 'move', quantity: 1 })).toEqual({
      kind: 'inventory.errors.movementKindInvalid',
    });
    expect(issues(ZStockMovementInput, { kind: 'in', quantity: 1, occurredOn: '2026-02-30' })).toEqual({
      occurredOn: 'inventory.errors.dateInvalid',
    });
  });
  it('keeps an optional link to a document', () => {
    expect(
      ZStockMovementInput.parse({
        kind: 'out',
        quantity: 2,
        documentType: 'invoice',
        documentId: 'FT-2026-0042',
      }),
    ).toMatchObject({
      documentType: 'invoice',
      documentId: 'FT-2026-0042',
    });
  });
});

describe('ZStockMovement', () => {
  it('describes a movement as stored', () => {
    const movement = {
      id: '123e4567-e89b-42d3-a456-426614174000',
      itemId: '123e4567-e89b-42d3-a456-426614174001',
      kind: 'out',
      quantity: -2,
      reason: null,
      occurredOn: '2026-03-02',
      userId: 'user_1',
      userName: 'Mario Rossi',
      documentType: null,
      documentId: null,
      createdAt: '2026-03-02T09:00:00.000Z',
    };
    expect(ZStockMovement.parse(movement)).toEqual(movement);
  });
});

describe('import helpers', () => {
  it('read kinds, units and VAT rates from words', () => {
    expect(itemKindFromText('Servizio')).toBe('service');
    expect(itemKindFromText('prodotto')).toBe('goods');
    expect(itemKindFromText('')).toBeUndefined();
    expect(unitFromText('PZ')).toBe('pz');
    expect(unitFromText('pezzi')).toBe('pz');
    expect(unitFromText('Hours')).toBe('h');
    expect(unitFromText('mq')).toBe('m2');
    expect(unitFromText('litri')).toBe('l');
    expect(unitFromText('furlong')).toBeUndefined();
    expect(vatRateBpFromText('22')).toBe(2200);
    expect(vatRateBpFromText('22,00 %')).toBe(2200);
    expect(vatRateBpFromText('4%')).toBe(400);
    expect(vatRateBpFromText('0')).toBe(0);
    expect(vatRateBpFromText('1000')).toBe(1000);
    expect(vatRateBpFromText('21')).toBeUndefined();
    expect(vatRateBpFromText('esente')).toBeUndefined();
  });
  it('builds the form input of an import row, ready for ZItemInput', () => {
    const input = itemInputFromImport({
      name: 'Consulenza',
      sku: 'cons-h',
      kind: 'Servizio',
      unit: 'ore',
      salePrice: '60,00',
      vatRate: '22%',
    });
    expect(ZItemInput.parse(input)).toMatchObject({
      sku: 'CONS-H',
      kind: 'service',
      unit: 'h',
      salePriceCents: 6000,
      vatRateBp: 2200,
    });
    expect(
      issues(ZItemInput, itemInputFromImport({ name: 'X', sku: 'Y', unit: 'furlong', vatRate: '21%' })),
    ).toEqual({
      unit: 'inventory.errors.unitInvalid',
      vatRateBp: 'inventory.errors.vatRateInvalid',
    });
  });
});
