import { describe, expect, it } from 'vitest';
import { ITEM_IMPORT_TARGETS, guessMapping } from '../imports/mapping.ts';
import type { TItem } from './contracts.ts';
import {
  ITEM_EXPORT_HEADERS,
  ITEM_IMPORT_FIELDS,
  ZItemExportQuery,
  ZItemImportRequest,
  checkItemImportRow,
  itemExportFileName,
  itemExportRow,
} from './import-export.ts';

const item: TItem = {
  id: '3f1c2d4e-0000-4000-8000-000000000001',
  name: 'Olio motore 5W-30',
  sku: 'OL-5W30',
  barcode: '8001234567895',
  description: null,
  kind: 'goods',
  unit: 'l',
  salePriceCents: 123456,
  costCents: 620,
  vatRateBp: 2200,
  vatNatura: null,
  category: 'Lubrificanti',
  active: true,
  stockQuantity: 12.5,
  lowStockThreshold: 3,
  lowStock: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('checkItemImportRow', () => {
  it('reads a good row with Italian words and numbers, the opening stock apart', () => {
    const checked = checkItemImportRow({
      name: 'Filtro olio',
      sku: 'fo-100',
      kind: 'Bene',
      unit: 'pezzi',
      salePrice: '1.234,50',
      vatRate: '22%',
      stockQuantity: '7,5',
      lowStockThreshold: '2',
    });
    expect(checked).toEqual({
      ok: true,
      openingStock: 7.5,
      input: expect.objectContaining({
        name: 'Filtro olio',
        sku: 'FO-100',
        kind: 'goods',
        unit: 'pz',
        salePriceCents: 123450,
        vatRateBp: 2200,
        lowStockThreshold: 2,
      }),
    });
  });

  it('treats an empty or zero opening stock as none', () => {
    expect(checkItemImportRow({ name: 'A', sku: 'A', stockQuantity: '' })).toMatchObject({
      openingStock: null,
    });
    expect(checkItemImportRow({ name: 'A', sku: 'A', stockQuantity: '0' })).toMatchObject({
      openingStock: null,
    });
  });

  it('names the import field of each problem, one message per field', () => {
    const checked = checkItemImportRow({
      name: '',
      sku: 'X',
      vatRate: '15',
      barcode: '8001234567891',
      stockQuantity: 'tanti',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual([
      { path: 'name', key: 'inventory.errors.nameRequired' },
      { path: 'barcode', key: 'inventory.errors.barcodeInvalid' },
      { path: 'vatRate', key: 'inventory.errors.vatRateInvalid' },
      { path: 'stockQuantity', key: 'inventory.errors.quantityInvalid' },
    ]);
    expect(checked).toMatchObject({ name: null, sku: 'X' });
  });

  it('refuses negative opening stock and stock on services', () => {
    const negative = checkItemImportRow({ name: 'A', sku: 'A', stockQuantity: '-1' });
    expect(negative).toMatchObject({
      ok: false,
      errors: [{ path: 'stockQuantity', key: 'inventory.errors.openingStockNegative' }],
    });
    const service = checkItemImportRow({ name: 'Ore', sku: 'H', kind: 'servizio', stockQuantity: '3' });
    expect(service).toMatchObject({
      ok: false,
      errors: [{ path: 'stockQuantity', key: 'inventory.errors.stockOnService' }],
    });
  });
});

describe('ZItemImportRequest', () => {
  it('defaults to a dry run importing the valid rows, and refuses unknown fields', () => {
    expect(ZItemImportRequest.parse({ rows: [{ name: 'a', sku: 'b' }] })).toEqual({
      rows: [{ name: 'a', sku: 'b' }],
      mode: 'valid_only',
      dryRun: true,
    });
    expect(ZItemImportRequest.safeParse({ rows: [] }).success).toBe(false);
    expect(ZItemImportRequest.safeParse({ rows: [{ colour: 'red' }] }).success).toBe(false);
    expect(ZItemImportRequest.safeParse({ rows: [{}], mode: 'some' }).success).toBe(false);
  });
});

describe('exports', () => {
  it('writes Italian CSV cells with decimal commas and words the import reads back', () => {
    expect(itemExportRow(item, 'it', 'csv')).toEqual([
      'OL-5W30',
      'Olio motore 5W-30',
      '8001234567895',
      'Bene',
      'l',
      'Lubrificanti',
      '1234,56',
      '6,20',
      '22%',
      null,
      '12,5',
      '3',
      null,
      'Sì',
    ]);
    expect(itemExportRow({ ...item, active: false }, 'en', 'csv').slice(6, 14)).toEqual([
      '1234.56',
      '6.20',
      '22%',
      null,
      '12.5',
      '3',
      null,
      'No',
    ]);
  });

  it('keeps numbers as numbers in XLSX and leaves stock empty for services', () => {
    const row = itemExportRow(item, 'en', 'xlsx');
    expect(row[6]).toBe(1234.56);
    expect(row[10]).toBe(12.5);
    const service = itemExportRow({ ...item, kind: 'service', lowStockThreshold: null }, 'it', 'xlsx');
    expect(service[3]).toBe('Servizio');
    expect(service[10]).toBeNull();
    expect(service[11]).toBeNull();
  });

  it('uses headers that the import maps back to the right fields, in both languages', () => {
    for (const locale of ['it', 'en'] as const) {
      const headers = [...ITEM_EXPORT_HEADERS[locale]];
      const mapping = guessMapping(headers, ITEM_IMPORT_TARGETS);
      expect(Object.keys(mapping).sort()).toEqual([...ITEM_IMPORT_FIELDS].sort());
      expect(mapping).toMatchObject({
        sku: headers[0],
        name: headers[1],
        barcode: headers[2],
        kind: headers[3],
        unit: headers[4],
        category: headers[5],
        salePrice: headers[6],
        cost: headers[7],
        vatRate: headers[8],
        vatNatura: headers[9],
        stockQuantity: headers[10],
        lowStockThreshold: headers[11],
        description: headers[12],
      });
    }
  });

  it('names the file by language and day, and reads the list filters', () => {
    expect(itemExportFileName('it', 'csv', '2026-11-22')).toBe('magazzino-2026-11-22.csv');
    expect(itemExportFileName('en', 'xlsx', '2026-11-22')).toBe('inventory-2026-11-22.xlsx');
    expect(ZItemExportQuery.parse({ lowStock: 'true', format: 'xlsx' })).toMatchObject({
      lowStock: true,
      format: 'xlsx',
      active: 'active',
    });
    expect(ZItemExportQuery.parse({})).toMatchObject({ format: 'csv' });
  });
});
