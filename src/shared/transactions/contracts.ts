import { z } from 'zod';
import type { Locale } from '../errors/error-codes.ts';
import { isIsoDate } from '../imports/dates.ts';
import { ZBankStatementMapping } from '../imports/mapping.ts';
import { zEuroCents } from '../imports/money.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import type { TransactionMessageKey } from './messages.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * Ledger contracts (issue 4); field names are the columns of src/server/db/schema/transactions.ts, messages
 * are keys of TRANSACTION_MESSAGES. Amounts are positive and typed in euros (`amount`, `vatAmount`: "1.234,56",
 * 12.5); they come out as integer cents (`amountCents`, `vatAmountCents`); the direction says which way the
 * money went. ZTransactionInput serves create and full update (PUT).
 */
export const DIRECTIONS = ['income', 'expense'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const DIRECTION_LABELS: Record<Direction, { it: string; en: string }> = {
  income: { it: 'Entrata', en: 'Income' },
  expense: { it: 'Uscita', en: 'Expense' },
};

export const PAYMENT_METHODS = [
  'bank_transfer',
  'card',
  'cash',
  'riba',
  'sepa_direct_debit',
  'paypal',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'bank_transfer';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, { it: string; en: string }> = {
  bank_transfer: { it: 'Bonifico bancario', en: 'Bank transfer' },
  card: { it: 'Carta', en: 'Card' },
  cash: { it: 'Contanti', en: 'Cash' },
  riba: { it: 'Ri.Ba. (ricevuta bancaria)', en: 'RiBa (Italian bank receipt)' },
  sepa_direct_debit: { it: 'Addebito diretto SEPA (SDD)', en: 'SEPA direct debit' },
  paypal: { it: 'PayPal', en: 'PayPal' },
  other: { it: 'Altro', en: 'Other' },
};

/** The categories each organization starts with (is_default), stored under their Italian name. */
export const DEFAULT_CATEGORIES = [
  { direction: 'income', name: 'Vendite', en: 'Sales' },
  { direction: 'income', name: 'Servizi', en: 'Services' },
  { direction: 'income', name: 'Interessi attivi', en: 'Interest income' },
  { direction: 'income', name: 'Rimborsi', en: 'Refunds' },
  { direction: 'income', name: 'Altri ricavi', en: 'Other income' },
  { direction: 'expense', name: 'Acquisti merci', en: 'Purchases of goods' },
  { direction: 'expense', name: 'Affitto', en: 'Rent' },
  { direction: 'expense', name: 'Utenze', en: 'Utilities' },
  { direction: 'expense', name: 'Stipendi', en: 'Salaries' },
  { direction: 'expense', name: 'Consulenze', en: 'Consulting' },
  { direction: 'expense', name: 'Carburante', en: 'Fuel' },
  { direction: 'expense', name: 'Spese bancarie', en: 'Bank charges' },
  { direction: 'expense', name: 'Imposte e tasse', en: 'Taxes and duties' },
  { direction: 'expense', name: 'Software e abbonamenti', en: 'Software and subscriptions' },
  { direction: 'expense', name: 'Marketing', en: 'Marketing' },
  { direction: 'expense', name: 'Altre spese', en: 'Other expenses' },
] as const satisfies readonly { direction: Direction; name: string; en: string }[];

/**
 * The name to show: a default category keeps its Italian name in Italian and shows its translation in
 * English; a category the user created or renamed is shown as written.
 */
export function categoryLabel(category: { name: string; isDefault: boolean }, locale: Locale): string {
  if (locale === 'it' || !category.isDefault) return category.name;
  return DEFAULT_CATEGORIES.find((c) => c.name === category.name)?.en ?? category.name;
}

const err = (key: TransactionMessageKey) => ({ error: key });

function text(max: number) {
  return z
    .string(err('transactions.errors.tooLong'))
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

/** An optional id: "" / null / absent → null; otherwise a UUID. */
function optionalId(key: TransactionMessageKey) {
  return z
    .union([z.literal(''), z.uuid(err(key))], err(key))
    .nullish()
    .transform((v) => v || null);
}

export const TRANSACTION_DESCRIPTION_MAX = 500;

/** The fields one by one, without the rules across fields: for `.pick()` in forms (see ZTransactionInput). */
export const ZTransactionFields = z.object({
  occurredOn: z
    .string(err('transactions.errors.dateInvalid'))
    .trim()
    .refine(isIsoDate, err('transactions.errors.dateInvalid')),
  direction: z.enum(DIRECTIONS, err('transactions.errors.directionInvalid')),
  amount: zEuroCents('transactions.errors.amountInvalid')
    .refine((c) => c !== undefined, err('transactions.errors.amountRequired'))
    .refine((c) => c === undefined || c > 0, err('transactions.errors.amountPositive')),
  vatAmount: zEuroCents('transactions.errors.vatInvalid').refine(
    (c) => c === undefined || c >= 0,
    err('transactions.errors.vatNegative'),
  ),
  categoryId: optionalId('transactions.errors.categoryInvalid'),
  description: text(TRANSACTION_DESCRIPTION_MAX),
  clientId: optionalId('transactions.errors.clientInvalid'),
  paymentMethod: z
    .union([z.literal(''), z.enum(PAYMENT_METHODS)], err('transactions.errors.paymentMethodInvalid'))
    .nullish()
    .transform((v): PaymentMethod => v || DEFAULT_PAYMENT_METHOD),
});

/**
 * Create and full update of a ledger entry. The VAT amount is part of the amount, so not larger. That the
 * category has the same direction, and that category and client belong to the organization, the server
 * checks (transactions.errors.categoryDirectionMismatch, 404).
 */
export const ZTransactionInput = ZTransactionFields.superRefine((t, ctx) => {
  if (t.amount !== undefined && t.vatAmount !== undefined && t.vatAmount > t.amount) {
    ctx.addIssue({ code: 'custom', path: ['vatAmount'], message: 'transactions.errors.vatExceedsAmount' });
  }
}).transform(({ amount, vatAmount, ...t }) => ({
  ...t,
  amountCents: amount as number,
  vatAmountCents: vatAmount ?? null,
}));
export type TTransactionInput = z.output<typeof ZTransactionInput>;
export type TTransactionFormValues = z.input<typeof ZTransactionInput>;

const nullableText = z.string().nullable();

/** A ledger entry as the API returns it; categoryName and clientName are joined for the list. */
export const ZTransaction = z.object({
  id: z.uuid(),
  occurredOn: z.iso.date(),
  direction: z.enum(DIRECTIONS),
  amountCents: z.number().int().positive(),
  vatAmountCents: z.number().int().nonnegative().nullable(),
  categoryId: z.uuid().nullable(),
  categoryName: nullableText,
  description: nullableText,
  clientId: z.uuid().nullable(),
  clientName: nullableText,
  paymentMethod: z.enum(PAYMENT_METHODS),
  invoiceId: z.uuid().nullable(),
  /** Came from a bank statement import (import_hash set). */
  imported: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TTransaction = z.output<typeof ZTransaction>;

export const ZTransactionTotals = z.object({
  incomeCents: z.number().int(),
  expenseCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type TTransactionTotals = z.output<typeof ZTransactionTotals>;

/** Totals of entries: income, expenses (both positive) and the balance income − expenses. */
export function transactionTotals(
  rows: readonly { direction: Direction; amountCents: number }[],
): TTransactionTotals {
  let incomeCents = 0;
  let expenseCents = 0;
  for (const row of rows) {
    if (row.direction === 'income') incomeCents += row.amountCents;
    else expenseCents += row.amountCents;
  }
  return { incomeCents, expenseCents, balanceCents: incomeCents - expenseCents };
}

/** A page of entries with the totals of every entry matching the filters (the whole range, not the page). */
export const ZTransactionPage = zPage(ZTransaction).extend({ totals: ZTransactionTotals });
export type TTransactionPage = z.output<typeof ZTransactionPage>;

export const TRANSACTION_SORTS = ['-occurredOn', 'occurredOn', '-amountCents', 'amountCents'] as const;

const queryDate = z
  .string()
  .trim()
  .refine((v) => v === '' || isIsoDate(v), err('transactions.errors.dateInvalid'))
  .optional()
  .transform((v) => v || undefined);
const queryId = (key: TransactionMessageKey) =>
  z
    .union([z.literal(''), z.uuid(err(key))], err(key))
    .optional()
    .transform((v) => v || undefined);

/**
 * `GET /transactions?from=&to=&direction=&categoryId=&clientId=&q=&sort=&page=&pageSize=`: dates inclusive,
 * newest first, pages of 10.
 */
export const ZTransactionListQuery = zPageQuery(10, 100)
  .extend({
    from: queryDate,
    to: queryDate,
    direction: z
      .union([z.literal(''), z.enum(DIRECTIONS)], err('transactions.errors.directionInvalid'))
      .optional()
      .transform((v) => v || undefined),
    categoryId: queryId('transactions.errors.categoryInvalid'),
    clientId: queryId('transactions.errors.clientInvalid'),
    q: z
      .string()
      .trim()
      .max(100, tooLong(100))
      .optional()
      .transform((v) => v || undefined),
    sort: z.enum(TRANSACTION_SORTS, err('transactions.errors.invalidChoice')).default('-occurredOn'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'transactions.errors.dateRangeInvalid' });
    }
  });
export type TTransactionListQuery = z.output<typeof ZTransactionListQuery>;

export const CATEGORY_NAME_MAX = 80;

export const ZTransactionCategoryInput = z.object({
  name: z
    .string(err('transactions.errors.categoryNameRequired'))
    .trim()
    .min(1, err('transactions.errors.categoryNameRequired'))
    .max(CATEGORY_NAME_MAX, tooLong(CATEGORY_NAME_MAX)),
  direction: z.enum(DIRECTIONS, err('transactions.errors.directionInvalid')),
});
export type TTransactionCategoryInput = z.output<typeof ZTransactionCategoryInput>;

export const ZTransactionCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  direction: z.enum(DIRECTIONS),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TTransactionCategory = z.output<typeof ZTransactionCategory>;

/** A saved bank statement mapping (bank_import_mappings): a name, usually the bank's, and how to read it. */
export const ZBankImportMappingInput = z.object({
  name: z
    .string(err('transactions.errors.mappingNameRequired'))
    .trim()
    .min(1, err('transactions.errors.mappingNameRequired'))
    .max(80, tooLong(80)),
  mapping: ZBankStatementMapping,
});
export type TBankImportMappingInput = z.output<typeof ZBankImportMappingInput>;

export const ZBankImportMapping = z.object({
  id: z.uuid(),
  name: z.string(),
  mapping: ZBankStatementMapping,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TBankImportMapping = z.output<typeof ZBankImportMapping>;

/**
 * One line of a bank import preview: the line read (or the errors of the row), its fingerprint
 * (bankLineFingerprints over the file) and whether it was already imported (a transaction has that import hash).
 */
export const ZBankImportPreviewRow = z.object({
  /** 1-based row of data in the file, after the header. */
  row: z.number().int().positive(),
  line: z
    .object({
      occurredOn: z.iso.date(),
      direction: z.enum(DIRECTIONS),
      amountCents: z.number().int().positive(),
      description: z.string(),
    })
    .nullable(),
  fingerprint: z.string().nullable(),
  duplicate: z.boolean(),
  errors: z.array(z.object({ field: z.string(), key: z.string() })),
});
export type TBankImportPreviewRow = z.output<typeof ZBankImportPreviewRow>;

/** `GET /transactions/export?format=csv|xlsx&…`: the list filters, every matching entry (no paging). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ZTransactionExportQuery = ZTransactionListQuery.safeExtend({
  format: z.enum(EXPORT_FORMATS, err('transactions.errors.invalidChoice')).default('csv'),
});
export type TTransactionExportQuery = z.output<typeof ZTransactionExportQuery>;

/** Income and expenses per calendar month ("YYYY-MM") of the filtered range, oldest first, for the chart. */
export const ZTransactionMonthly = z.object({
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      incomeCents: z.number().int(),
      expenseCents: z.number().int(),
    }),
  ),
});
export type TTransactionMonthly = z.output<typeof ZTransactionMonthly>;
