import { describe, expect, it } from 'vitest';
import type { TDocument } from '@shared/documents/contracts.ts';
import { expenseDefaults } from './expense-values.ts';

const base: TDocument = {
  id: 'd',
  title: 'IMG_2041.jpg',
  documentType: 'receipt',
  documentDate: null,
  fileName: 'IMG_2041.jpg',
  mimeType: 'image/jpeg',
  sizeBytes: 1,
  pageCount: 1,
  correspondent: null,
  tags: [],
  readingStatus: 'done',
  readingProgress: 100,
  snippet: null,
  createdAt: '2026-03-12T10:00:00Z',
  deletedAt: null,
  content: '',
  textSource: 'ocr',
  readingError: null,
  links: [],
  sha256: 'x',
  suggestions: {
    documentType: 'receipt',
    documentDate: { value: '2026-03-11', confidence: 0.9 },
    time: null,
    totalCents: { value: 123456, confidence: 0.95 },
    vat: [
      { ratePercent: 22, taxableCents: 10000, vatCents: 2200 },
      { ratePercent: 10, taxableCents: 1000, vatCents: 100 },
    ],
    issuerName: { value: 'Bar Roma srl', confidence: 0.8 },
    vatNumbers: [],
    taxCodes: [],
    ibans: [],
    emails: [],
    documentNumber: null,
    paymentMethod: { value: 'cash', confidence: 0.9 },
    correspondents: [],
    categoryId: 'cat-1',
  },
};

describe('expenseDefaults', () => {
  it('fills the expense from the suggestions, amounts in the interface language', () => {
    expect(expenseDefaults(base, 'it')).toEqual({
      occurredOn: '2026-03-11',
      direction: 'expense',
      amount: '1.234,56',
      vatAmount: '23,00',
      categoryId: 'cat-1',
      description: 'Bar Roma srl',
      clientId: '',
      paymentMethod: 'cash',
    });
    expect(expenseDefaults(base, 'en').amount).toBe('1,234.56');
  });

  it('leaves empty what was not read', () => {
    const values = expenseDefaults({ ...base, documentDate: '2026-02-01', suggestions: null }, 'it');
    expect(values).toMatchObject({ occurredOn: '2026-02-01', amount: '', vatAmount: '', categoryId: '' });
    expect(values.description).toBe('IMG_2041.jpg');
  });
});
