import { isUuid } from '@shared/ids/uuid.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { missingMappedColumns } from '@shared/imports/bank-lines.ts';
import type { TBankStatementMapping } from '@shared/imports/mapping.ts';
import { formatCentsPlain } from '@shared/imports/money.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import {
  DIRECTION_LABELS,
  PAYMENT_METHOD_LABELS,
  categoryLabel,
  type Direction,
  type PaymentMethod,
  type TBankImportMapping,
  type TBankImportMappingInput,
  type TTransaction,
  type TTransactionCategory,
  type TTransactionCategoryInput,
  type TTransactionExportQuery,
  type TTransactionInput,
  type TTransactionListQuery,
  type TTransactionMonthly,
  type TTransactionPage,
} from '@shared/transactions/contracts.ts';
import {
  previewBankStatement,
  readBankStatement,
  type TBankImportPreview,
  type TBankImportPreviewRequest,
  type TBankImportRequest,
  type TBankImportResult,
} from '@shared/transactions/bank-import.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { writeXlsx } from '../imports/spreadsheets.ts';
import * as repo from './repository.ts';

/** The ledger's use cases; no HTTP here. Every function takes the organization explicitly. */

type Deps = { db: Db };
type Scope = { orgId: string; userId: string };

/** A malformed id cannot name anything: 404, like an id of another organization. */
function assertId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

function validation(path: string, key: string): AppError {
  return new AppError('VALIDATION_ERROR', [{ path, message: key }]);
}

// ---------------------------------------------------------------- categories

function toCategory(row: repo.CategoryRow): TTransactionCategory {
  return {
    id: row.id,
    name: row.name,
    direction: row.direction as Direction,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The organization's categories. On first use (an organization with no category at all) the Italian defaults
 * are created with INSERT … ON CONFLICT DO NOTHING, so two first requests at once create them once.
 */
export async function listCategories(
  deps: Deps,
  { orgId }: { orgId: string },
): Promise<TTransactionCategory[]> {
  if (!(await repo.hasAnyCategory(deps.db, orgId))) await repo.insertDefaultCategories(deps.db, orgId);
  return (await repo.listCategories(deps.db, orgId)).map(toCategory);
}

export async function createCategory(
  deps: Deps,
  { orgId, values }: Scope & { values: TTransactionCategoryInput },
): Promise<TTransactionCategory> {
  // The defaults first, so a user's first category does not keep them from being created.
  if (!(await repo.hasAnyCategory(deps.db, orgId))) await repo.insertDefaultCategories(deps.db, orgId);
  const row = await repo.insertCategory(deps.db, orgId, values);
  if (!row)
    throw new AppError('ALREADY_EXISTS', [
      { path: 'name', message: 'transactions.errors.categoryNameTaken' },
    ]);
  return toCategory(row);
}

/**
 * Renames a category or changes its direction. A renamed default becomes the user's own (shown as written in
 * every language). The direction of a category in use cannot change: its entries would no longer match it.
 */
export async function updateCategory(
  deps: Deps,
  { orgId, id, values }: Scope & { id: string; values: TTransactionCategoryInput },
): Promise<TTransactionCategory> {
  assertId(id);
  const existing = await repo.findCategory(deps.db, orgId, id);
  if (!existing) throw new AppError('NOT_FOUND');
  if (existing.direction !== values.direction && (await repo.categoryInUse(deps.db, orgId, id))) {
    throw validation('direction', 'transactions.errors.categoryDirectionInUse');
  }
  const same = await repo.findCategoryByName(deps.db, orgId, values.direction, values.name);
  if (same && same.id !== id) {
    throw new AppError('ALREADY_EXISTS', [
      { path: 'name', message: 'transactions.errors.categoryNameTaken' },
    ]);
  }
  const isDefault =
    existing.isDefault && existing.name === values.name && existing.direction === values.direction;
  const row = await repo.updateCategory(deps.db, orgId, id, { ...values, isDefault });
  if (!row) throw new AppError('NOT_FOUND');
  return toCategory(row);
}

/** A category used by entries answers 409 IN_USE (also when an entry takes it meanwhile: the foreign key). */
export async function deleteCategory(deps: Deps, { orgId, id }: Scope & { id: string }): Promise<void> {
  assertId(id);
  const existing = await repo.findCategory(deps.db, orgId, id);
  if (!existing) throw new AppError('NOT_FOUND');
  if (await repo.categoryInUse(deps.db, orgId, id)) throw new AppError('IN_USE');
  if (!(await repo.deleteCategory(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
}

// ---------------------------------------------------------------- transactions

function toTransaction(row: repo.TransactionRow): TTransaction {
  return {
    id: row.id,
    occurredOn: row.occurredOn,
    direction: row.direction as Direction,
    amountCents: row.amountCents,
    vatAmountCents: row.vatAmountCents,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    description: row.description,
    clientId: row.clientId,
    clientName: row.clientName,
    paymentMethod: row.paymentMethod as PaymentMethod,
    invoiceId: row.invoiceId,
    imported: row.imported,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of 10 (by default), newest first, with the totals of the whole filtered range. */
export async function listTransactions(
  deps: Deps,
  { orgId, query }: { orgId: string; query: TTransactionListQuery },
): Promise<TTransactionPage> {
  const { limit, offset } = toLimitOffset(query);
  const [rows, aggregate] = await Promise.all([
    repo.listTransactions(deps.db, orgId, query, { sort: query.sort, limit, offset }),
    repo.aggregateTransactions(deps.db, orgId, query),
  ]);
  return {
    items: rows.map(toTransaction),
    total: aggregate.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      incomeCents: aggregate.incomeCents,
      expenseCents: aggregate.expenseCents,
      balanceCents: aggregate.incomeCents - aggregate.expenseCents,
    },
  };
}

export async function monthlyTotals(
  deps: Deps,
  { orgId, query }: { orgId: string; query: TTransactionListQuery },
): Promise<TTransactionMonthly> {
  return { months: await repo.monthlyTotals(deps.db, orgId, query) };
}

export async function getTransaction(
  deps: Deps,
  { orgId, id }: { orgId: string; id: string },
): Promise<TTransaction> {
  assertId(id);
  const row = await repo.findTransaction(deps.db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toTransaction(row);
}

/**
 * Category and client must be the organization's (another organization's id is 404, as if it did not exist);
 * the category must be of the entry's direction.
 */
async function checkReferences(deps: Deps, orgId: string, input: TTransactionInput) {
  if (input.categoryId) {
    const category = await repo.findCategory(deps.db, orgId, input.categoryId);
    if (!category) throw new AppError('NOT_FOUND');
    if (category.direction !== input.direction) {
      throw validation('categoryId', 'transactions.errors.categoryDirectionMismatch');
    }
  }
  if (input.clientId && !(await repo.clientExists(deps.db, orgId, input.clientId))) {
    throw new AppError('NOT_FOUND');
  }
}

export async function createTransaction(
  deps: Deps,
  { orgId, userId, values }: Scope & { values: TTransactionInput },
): Promise<TTransaction> {
  await checkReferences(deps, orgId, values);
  const id = await repo.insertTransaction(deps.db, orgId, userId, values);
  return getTransaction(deps, { orgId, id });
}

export async function updateTransaction(
  deps: Deps,
  { orgId, id, values }: Scope & { id: string; values: TTransactionInput },
): Promise<TTransaction> {
  assertId(id);
  if (!(await repo.findTransaction(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
  await checkReferences(deps, orgId, values);
  if (!(await repo.updateTransaction(deps.db, orgId, id, values))) throw new AppError('NOT_FOUND');
  return getTransaction(deps, { orgId, id });
}

export async function deleteTransaction(deps: Deps, { orgId, id }: Scope & { id: string }): Promise<void> {
  assertId(id);
  if (!(await repo.deleteTransaction(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
}

// ---------------------------------------------------------------- export

const EXPORT_HEADERS: Record<Locale, string[]> = {
  it: [
    'Data',
    'Tipo',
    'Importo',
    'di cui IVA',
    'Categoria',
    'Cliente',
    'Metodo di pagamento',
    'Descrizione',
    'Importato',
  ],
  en: [
    'Date',
    'Type',
    'Amount',
    'of which VAT',
    'Category',
    'Client',
    'Payment method',
    'Description',
    'Imported',
  ],
};
const YES_NO: Record<Locale, [string, string]> = { it: ['Sì', 'No'], en: ['Yes', 'No'] };

export type ExportFile = { filename: string; contentType: string; content: Buffer | string };

/**
 * Every entry matching the filters as CSV or XLSX, with headers and labels in the caller's language. The
 * Italian CSV uses ";" and decimal commas (what Excel expects in Italy); XLSX cells hold numbers in euros.
 */
export async function exportTransactions(
  deps: Deps,
  { orgId, query, locale }: { orgId: string; query: TTransactionExportQuery; locale: Locale },
): Promise<ExportFile> {
  const rows = await repo.listTransactions(deps.db, orgId, query, { sort: query.sort });
  const range = [query.from, query.to].filter(Boolean).join('_');
  const base = `${locale === 'it' ? 'movimenti' : 'transactions'}${range ? `-${range}` : ''}`;
  const [yes, no] = YES_NO[locale];
  const label = (r: repo.TransactionRow) => [
    DIRECTION_LABELS[r.direction as Direction]?.[locale] ?? r.direction,
    r.categoryName ? categoryLabel({ name: r.categoryName, isDefault: !!r.categoryIsDefault }, locale) : '',
    r.clientName ?? '',
    PAYMENT_METHOD_LABELS[r.paymentMethod as PaymentMethod]?.[locale] ?? r.paymentMethod,
  ];
  if (query.format === 'xlsx') {
    const content = await writeXlsx(
      locale === 'it' ? 'Movimenti' : 'Transactions',
      EXPORT_HEADERS[locale],
      rows.map((r) => {
        const [type, category, client, method] = label(r);
        return [
          r.occurredOn,
          type!,
          r.amountCents / 100,
          r.vatAmountCents === null ? null : r.vatAmountCents / 100,
          category!,
          client!,
          method!,
          r.description ?? '',
          r.imported ? yes : no,
        ];
      }),
    );
    return {
      filename: `${base}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
    };
  }
  const numberFormat = locale === 'it' ? 'it' : 'en';
  const content = toCsv(
    EXPORT_HEADERS[locale],
    rows.map((r) => {
      const [type, category, client, method] = label(r);
      return [
        r.occurredOn,
        type,
        formatCentsPlain(r.amountCents, numberFormat),
        r.vatAmountCents === null ? '' : formatCentsPlain(r.vatAmountCents, numberFormat),
        category,
        client,
        method,
        r.description ?? '',
        r.imported ? yes : no,
      ];
    }),
    { delimiter: locale === 'it' ? ';' : ',' },
  );
  return { filename: `${base}.csv`, contentType: 'text/csv; charset=utf-8', content };
}

// ---------------------------------------------------------------- bank import

/** Mapped columns missing from the file are the user's mistake: field errors on the mapping. */
function assertMappingFits(headers: readonly string[], mapping: TBankStatementMapping) {
  const missing = new Set(missingMappedColumns(headers, mapping));
  if (missing.size === 0) return;
  const fields = ['occurredOn', 'description', 'amountColumn', 'debitColumn', 'creditColumn'] as const;
  const details = fields
    .filter((f) => {
      const column = mapping[f];
      const used =
        f === 'amountColumn'
          ? mapping.amountMode === 'signed'
          : f === 'debitColumn' || f === 'creditColumn'
            ? mapping.amountMode === 'debitCredit'
            : true;
      return used && !!column && missing.has(column);
    })
    .map((f) => ({ path: `mapping.${f}`, message: 'imports.errors.columnMissing' }));
  throw new AppError('VALIDATION_ERROR', details);
}

async function readAndMark(deps: Deps, orgId: string, input: TBankImportPreviewRequest) {
  assertMappingFits(input.headers, input.mapping);
  const read = readBankStatement(input.headers, input.rows, input.mapping);
  const fingerprints = read.flatMap((r) => (r.fingerprint ? [r.fingerprint] : []));
  const existing = await repo.existingImportHashes(deps.db, orgId, fingerprints);
  return previewBankStatement(read, existing);
}

/** What an import of the file would do: each line read, with its errors or its duplicate flag. */
export async function previewImport(
  deps: Deps,
  { orgId, request }: { orgId: string; request: TBankImportPreviewRequest },
): Promise<TBankImportPreview> {
  return readAndMark(deps, orgId, request);
}

/**
 * Imports the valid lines that are not yet in the ledger, in one database transaction. The unique index on
 * (organization, import hash) skips any line another import inserted meanwhile, so the ledger never holds a
 * line twice; those count as duplicates.
 */
export async function importStatement(
  deps: Deps,
  { orgId, userId, request }: Scope & { request: TBankImportRequest },
): Promise<TBankImportResult> {
  for (const direction of ['income', 'expense'] as const) {
    const id = request.categoryIds[direction];
    if (!id) continue;
    const category = await repo.findCategory(deps.db, orgId, id);
    if (!category) throw new AppError('NOT_FOUND');
    if (category.direction !== direction) {
      throw validation(`categoryIds.${direction}`, 'transactions.errors.categoryDirectionMismatch');
    }
  }
  const preview = await readAndMark(deps, orgId, request);
  const lines: repo.ImportedValues[] = preview.rows.flatMap((r) =>
    r.line && r.fingerprint && !r.duplicate
      ? [
          {
            occurredOn: r.line.occurredOn,
            direction: r.line.direction,
            amountCents: r.line.amountCents,
            vatAmountCents: null,
            categoryId: request.categoryIds[r.line.direction],
            description: r.line.description || null,
            clientId: null,
            paymentMethod: 'bank_transfer',
            importHash: r.fingerprint,
          },
        ]
      : [],
  );
  const imported =
    lines.length === 0
      ? 0
      : await deps.db.transaction((tx) => repo.insertImportedTransactions(tx, orgId, userId, lines));
  const { total, invalid, duplicates } = preview.summary;
  return { total, imported, invalid, duplicates: duplicates + (lines.length - imported) };
}

// ---------------------------------------------------------------- saved mappings

function toMapping(row: Awaited<ReturnType<typeof repo.listMappings>>[number]): TBankImportMapping {
  return {
    id: row.id,
    name: row.name,
    mapping: row.mapping as TBankImportMapping['mapping'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listMappings(deps: Deps, { orgId }: { orgId: string }): Promise<TBankImportMapping[]> {
  return (await repo.listMappings(deps.db, orgId)).map(toMapping);
}

export async function saveMapping(
  deps: Deps,
  { orgId, values }: { orgId: string; values: TBankImportMappingInput },
): Promise<TBankImportMapping> {
  return toMapping(await repo.upsertMapping(deps.db, orgId, values.name, values.mapping));
}

export async function deleteMapping(deps: Deps, { orgId, id }: { orgId: string; id: string }): Promise<void> {
  assertId(id);
  if (!(await repo.deleteMapping(deps.db, orgId, id))) throw new AppError('NOT_FOUND');
}
