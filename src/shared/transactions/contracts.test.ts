import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORIES,
  DIRECTION_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  ZBankImportMapping,
  ZBankImportMappingInput,
  ZBankImportPreviewRow,
  ZTransaction,
  ZTransactionCategory,
  ZTransactionCategoryInput,
  ZTransactionInput,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionTotals,
  categoryLabel,
  transactionTotals,
} from './contracts.ts';

const ID = '123e4567-e89b-42d3-a456-426614174000';
const expense = { occurredOn: '2026-01-31', direction: 'expense', amount: '1.220,00' };

function issues(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) {
  return Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );
}

describe('constants', () => {
  it('labels payment methods and directions in both languages', () => {
    expect(PAYMENT_METHODS).toEqual([
      'bank_transfer',
      'card',
      'cash',
      'riba',
      'sepa_direct_debit',
      'paypal',
      'other',
    ]);
    for (const method of PAYMENT_METHODS) {
      expect(PAYMENT_METHOD_LABELS[method].it).toBeTruthy();
      expect(PAYMENT_METHOD_LABELS[method].en).toBeTruthy();
    }
    expect(PAYMENT_METHOD_LABELS.bank_transfer).toEqual({ it: 'Bonifico bancario', en: 'Bank transfer' });
    expect(DIRECTION_LABELS.expense.it).toBe('Uscita');
  });
  it('has the Italian default categories, unique per direction', () => {
    const income = DEFAULT_CATEGORIES.filter((c) => c.direction === 'income').map((c) => c.name);
    const expenses = DEFAULT_CATEGORIES.filter((c) => c.direction === 'expense').map((c) => c.name);
    expect(income).toEqual(['Vendite', 'Servizi', 'Interessi attivi', 'Rimborsi', 'Altri ricavi']);
    expect(expenses).toEqual([
      'Acquisti merci',
      'Affitto',
      'Utenze',
      'Stipendi',
      'Consulenze',
      'Carburante',
      'Spese bancarie',
      'Imposte e tasse',
      'Software e abbonamenti',
      'Marketing',
      'Altre spese',
    ]);
    for (const c of DEFAULT_CATEGORIES)
      expect(ZTransactionCategoryInput.parse(c)).toEqual({ name: c.name, direction: c.direction });
  });
  it('translates default categories only', () => {
    expect(categoryLabel({ name: 'Affitto', isDefault: true }, 'en')).toBe('Rent');
    expect(categoryLabel({ name: 'Affitto', isDefault: true }, 'it')).toBe('Affitto');
    expect(categoryLabel({ name: 'Affitto', isDefault: false }, 'en')).toBe('Affitto');
    expect(categoryLabel({ name: 'Fiere', isDefault: true }, 'en')).toBe('Fiere');
  });
});

describe('ZTransactionInput', () => {
  it('turns euros into positive cents, with defaults', () => {
    expect(ZTransactionInput.parse(expense)).toEqual({
      occurredOn: '2026-01-31',
      direction: 'expense',
      amountCents: 122000,
      vatAmountCents: null,
      categoryId: null,
      description: null,
      clientId: null,
      paymentMethod: 'bank_transfer',
    });
  });
  it('takes every field', () => {
    expect(
      ZTransactionInput.parse({
        occurredOn: '2026-02-15',
        direction: 'income',
        amount: 1220.5,
        vatAmount: '220,09',
        categoryId: ID,
        description: '  Fattura 12/2026 ',
        clientId: ID,
        paymentMethod: 'riba',
      }),
    ).toEqual({
      occurredOn: '2026-02-15',
      direction: 'income',
      amountCents: 122050,
      vatAmountCents: 22009,
      categoryId: ID,
      description: 'Fattura 12/2026',
      clientId: ID,
      paymentMethod: 'riba',
    });
  });
  it('treats empty optional fields as none', () => {
    expect(
      ZTransactionInput.parse({
        ...expense,
        vatAmount: '',
        categoryId: '',
        clientId: null,
        paymentMethod: '',
        description: ' ',
      }),
    ).toMatchObject({
      vatAmountCents: null,
      categoryId: null,
      clientId: null,
      paymentMethod: 'bank_transfer',
      description: null,
    });
  });
  it('needs a real date and a direction', () => {
    expect(issues(ZTransactionInput, { ...expense, occurredOn: '31/01/2026' })).toEqual({
      occurredOn: 'transactions.errors.dateInvalid',
    });
    expect(issues(ZTransactionInput, { ...expense, occurredOn: '2026-02-29' })).toEqual({
      occurredOn: 'transactions.errors.dateInvalid',
    });
    expect(issues(ZTransactionInput, { ...expense, direction: 'transfer' })).toEqual({
      direction: 'transactions.errors.directionInvalid',
    });
  });
  it('needs a positive amount', () => {
    expect(issues(ZTransactionInput, { ...expense, amount: '' })).toEqual({
      amount: 'transactions.errors.amountRequired',
    });
    expect(issues(ZTransactionInput, { ...expense, amount: undefined })).toEqual({
      amount: 'transactions.errors.amountRequired',
    });
    expect(issues(ZTransactionInput, { ...expense, amount: '0,00' })).toEqual({
      amount: 'transactions.errors.amountPositive',
    });
    expect(issues(ZTransactionInput, { ...expense, amount: '-12,50' })).toEqual({
      amount: 'transactions.errors.amountPositive',
    });
    expect(issues(ZTransactionInput, { ...expense, amount: '12,505' })).toEqual({
      amount: 'transactions.errors.amountInvalid',
    });
    expect(issues(ZTransactionInput, { ...expense, amount: 'tanti' })).toEqual({
      amount: 'transactions.errors.amountInvalid',
    });
  });
  it('keeps the VAT within the amount', () => {
    expect(ZTransactionInput.parse({ ...expense, vatAmount: '1.220,00' }).vatAmountCents).toBe(122000);
    expect(issues(ZTransactionInput, { ...expense, vatAmount: '1.220,01' })).toEqual({
      vatAmount: 'transactions.errors.vatExceedsAmount',
    });
    expect(issues(ZTransactionInput, { ...expense, vatAmount: -1 })).toEqual({
      vatAmount: 'transactions.errors.vatNegative',
    });
    expect(issues(ZTransactionInput, { ...expense, vatAmount: 'IVA' })).toEqual({
      vatAmount: 'transactions.errors.vatInvalid',
    });
  });
  it('refuses bad ids, methods and long descriptions', () => {
    expect(
      issues(ZTransactionInput, {
        ...expense,
        categoryId: '42',
        clientId: 'rossi',
        paymentMethod: 'bitcoin',
        description: 'x'.repeat(501),
      }),
    ).toEqual({
      categoryId: 'transactions.errors.categoryInvalid',
      clientId: 'transactions.errors.clientInvalid',
      paymentMethod: 'transactions.errors.paymentMethodInvalid',
      description: 'errors.textTooLong?max=500',
    });
  });
});

describe('ZTransaction, totals and pages', () => {
  const transaction = {
    id: ID,
    occurredOn: '2026-01-31',
    direction: 'expense',
    amountCents: 122000,
    vatAmountCents: 22000,
    categoryId: ID,
    categoryName: 'Affitto',
    description: 'Affitto gennaio',
    clientId: null,
    clientName: null,
    paymentMethod: 'bank_transfer',
    invoiceId: null,
    imported: true,
    createdAt: '2026-02-01T08:00:00.000Z',
    updatedAt: '2026-02-01T08:00:00.000Z',
  };
  it('describes the API response', () => {
    expect(ZTransaction.parse(transaction)).toEqual(transaction);
    expect(ZTransaction.safeParse({ ...transaction, amountCents: -5 }).success).toBe(false);
    expect(ZTransaction.safeParse({ ...transaction, occurredOn: '2026-02-30' }).success).toBe(false);
  });
  it('computes totals', () => {
    expect(
      transactionTotals([
        { direction: 'income', amountCents: 250000 },
        { direction: 'expense', amountCents: 122000 },
        { direction: 'expense', amountCents: 150 },
      ]),
    ).toEqual({ incomeCents: 250000, expenseCents: 122150, balanceCents: 127850 });
    expect(transactionTotals([])).toEqual({ incomeCents: 0, expenseCents: 0, balanceCents: 0 });
    expect(
      ZTransactionTotals.parse(transactionTotals([{ direction: 'expense', amountCents: 5 }])).balanceCents,
    ).toBe(-5);
  });
  it('pages entries with the totals', () => {
    const page = { items: [transaction], total: 1, page: 1, pageSize: 10, totals: transactionTotals([]) };
    expect(ZTransactionPage.parse(page)).toEqual(page);
  });
});

describe('ZTransactionListQuery', () => {
  it('defaults to newest first, 10 a page', () => {
    expect(ZTransactionListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      from: undefined,
      to: undefined,
      direction: undefined,
      categoryId: undefined,
      clientId: undefined,
      q: undefined,
      sort: '-occurredOn',
    });
  });
  it('reads filters from the query string', () => {
    expect(
      ZTransactionListQuery.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        direction: 'expense',
        categoryId: ID,
        q: ' affitto ',
        page: '2',
      }),
    ).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      direction: 'expense',
      categoryId: ID,
      q: 'affitto',
      page: 2,
    });
    expect(ZTransactionListQuery.parse({ from: '', to: '', direction: '', categoryId: '' })).toMatchObject({
      from: undefined,
      to: undefined,
      direction: undefined,
      categoryId: undefined,
    });
    expect(ZTransactionListQuery.parse({ from: '2026-01-31', to: '2026-01-31' }).from).toBe('2026-01-31');
  });
  it('refuses bad dates, reversed ranges and unknown values', () => {
    expect(issues(ZTransactionListQuery, { from: '2026-13-01' })).toEqual({
      from: 'transactions.errors.dateInvalid',
    });
    expect(issues(ZTransactionListQuery, { from: '2026-02-01', to: '2026-01-31' })).toEqual({
      to: 'transactions.errors.dateRangeInvalid',
    });
    expect(issues(ZTransactionListQuery, { direction: 'both' })).toEqual({
      direction: 'transactions.errors.directionInvalid',
    });
    expect(issues(ZTransactionListQuery, { categoryId: 'x' })).toEqual({
      categoryId: 'transactions.errors.categoryInvalid',
    });
    expect(issues(ZTransactionListQuery, { sort: 'amount' })).toEqual({
      sort: 'transactions.errors.invalidChoice',
    });
  });
});

describe('categories', () => {
  it('validates the category form', () => {
    expect(ZTransactionCategoryInput.parse({ name: '  Fiere  ', direction: 'expense' })).toEqual({
      name: 'Fiere',
      direction: 'expense',
    });
    expect(issues(ZTransactionCategoryInput, { name: '', direction: 'expense' })).toEqual({
      name: 'transactions.errors.categoryNameRequired',
    });
    expect(issues(ZTransactionCategoryInput, { name: 'x'.repeat(81), direction: 'x' })).toEqual({
      name: 'errors.textTooLong?max=80',
      direction: 'transactions.errors.directionInvalid',
    });
  });
  it('describes a category', () => {
    const category = {
      id: ID,
      name: 'Affitto',
      direction: 'expense',
      isDefault: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(ZTransactionCategory.parse(category)).toEqual(category);
  });
});

describe('bank import mappings and preview rows', () => {
  const mapping = {
    occurredOn: 'Data',
    description: 'Descrizione',
    amountMode: 'debitCredit',
    debitColumn: 'Dare',
    creditColumn: 'Avere',
  };
  it('saves a named mapping', () => {
    expect(ZBankImportMappingInput.parse({ name: ' Intesa Sanpaolo ', mapping })).toEqual({
      name: 'Intesa Sanpaolo',
      mapping: { ...mapping, dateFormat: 'dd/mm/yyyy', numberFormat: 'it', skipLines: 0 },
    });
    expect(
      issues(ZBankImportMappingInput, { name: '', mapping: { ...mapping, creditColumn: undefined } }),
    ).toEqual({
      name: 'transactions.errors.mappingNameRequired',
      'mapping.creditColumn': 'imports.errors.columnRequired',
    });
  });
  it('describes saved mappings and preview rows', () => {
    const saved = {
      id: ID,
      name: 'Intesa Sanpaolo',
      mapping: { ...mapping, dateFormat: 'dd/mm/yyyy', numberFormat: 'it', skipLines: 0 },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(ZBankImportMapping.parse(saved)).toEqual(saved);
    const row = {
      row: 1,
      line: { occurredOn: '2026-01-31', direction: 'expense', amountCents: 150, description: 'POS BAR' },
      fingerprint: 'af63dc4c8601ec8c',
      duplicate: false,
      errors: [],
    };
    expect(ZBankImportPreviewRow.parse(row)).toEqual(row);
    expect(
      ZBankImportPreviewRow.parse({
        row: 2,
        line: null,
        fingerprint: null,
        duplicate: false,
        errors: [{ field: 'amount', key: 'imports.errors.amountInvalid' }],
      }).errors,
    ).toHaveLength(1);
  });
});
