import { z } from 'zod';
import {
  bankLineDirection,
  bankLineFingerprints,
  readBankLine,
  type BankLine,
  type BankLineError,
} from '../imports/bank-lines.ts';
import { ZBankStatementMapping, type TBankStatementMapping } from '../imports/mapping.ts';
import { ZBankImportPreviewRow, ZTransactionTotals, type TBankImportPreviewRow } from './contracts.ts';
import type { TransactionMessageKey } from './messages.ts';

/**
 * Bank statement import (issue 4): the file is parsed by POST /api/v1/imports/parse into a header row and
 * text rows; the wizard then posts them with a mapping to the preview and import routes. Reading the lines
 * and telling the duplicates apart is pure and shared, so the preview and the import agree line by line.
 */

/** The most lines one import takes (as many as the file parser accepts). */
export const MAX_BANK_IMPORT_ROWS = 50_000;

const err = (key: TransactionMessageKey) => ({ error: key });

const optionalCategory = z
  .union(
    [z.literal(''), z.uuid(err('transactions.errors.categoryInvalid'))],
    err('transactions.errors.categoryInvalid'),
  )
  .nullish()
  .transform((v) => v || null);

export const ZBankImportPreviewRequest = z.object({
  headers: z.array(z.string().max(200)).min(1, err('transactions.errors.importNoRows')).max(200),
  rows: z
    .array(z.array(z.string().max(2000)).max(200))
    .min(1, err('transactions.errors.importNoRows'))
    .max(MAX_BANK_IMPORT_ROWS, err('transactions.errors.importTooManyRows')),
  mapping: ZBankStatementMapping,
});
export type TBankImportPreviewRequest = z.output<typeof ZBankImportPreviewRequest>;

/** The import: the same file and mapping, and optionally the category given to new income and expense lines. */
export const ZBankImportRequest = ZBankImportPreviewRequest.extend({
  categoryIds: z
    .object({ income: optionalCategory, expense: optionalCategory })
    .partial()
    .optional()
    .transform((v) => ({ income: v?.income ?? null, expense: v?.expense ?? null })),
});
export type TBankImportRequest = z.output<typeof ZBankImportRequest>;
export type TBankImportRequestInput = z.input<typeof ZBankImportRequest>;

/** Counts of a preview: what an import of the file would do now. Amounts are those of the new lines. */
export const ZBankImportSummary = z.object({
  total: z.number().int(),
  new: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  totals: ZTransactionTotals,
});
export type TBankImportSummary = z.output<typeof ZBankImportSummary>;

export const ZBankImportPreview = z.object({
  rows: z.array(ZBankImportPreviewRow),
  summary: ZBankImportSummary,
});
export type TBankImportPreview = z.output<typeof ZBankImportPreview>;

/**
 * What an import did: lines inserted, lines skipped because they were already in the ledger (including those
 * a concurrent import inserted first), lines with errors.
 */
export const ZBankImportResult = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
});
export type TBankImportResult = z.output<typeof ZBankImportResult>;

/** One data row read with the mapping: the line (signed cents) and its fingerprint, or its errors. */
export interface ReadStatementRow {
  row: number;
  line: BankLine | null;
  fingerprint: string | null;
  errors: BankLineError[];
}

/**
 * Reads every data row of a statement. Fingerprints are counted over the readable lines in file order
 * (bankLineFingerprints), so the same file, or an overlapping statement, gives the same fingerprints.
 */
export function readBankStatement(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: TBankStatementMapping,
): ReadStatementRow[] {
  const read = rows.map((cells, i) => ({ row: i + 1, result: readBankLine(headers, cells, mapping) }));
  const lines = read.flatMap((r) => (r.result.ok ? [r.result.line] : []));
  const fingerprints = bankLineFingerprints(lines);
  let next = 0;
  return read.map(({ row, result }) =>
    result.ok
      ? { row, line: result.line, fingerprint: fingerprints[next++]!, errors: [] }
      : { row, line: null, fingerprint: null, errors: result.errors },
  );
}

/**
 * The preview rows: a readable line is a duplicate when its fingerprint is already in the ledger
 * (`existing`) or appeared earlier in the same file (only possible for lines the occurrence counter cannot
 * tell apart, i.e. a hash collision: kept as a safety net).
 */
export function previewBankStatement(
  read: readonly ReadStatementRow[],
  existing: ReadonlySet<string>,
): { rows: TBankImportPreviewRow[]; summary: TBankImportSummary } {
  const seen = new Set<string>();
  const summary: TBankImportSummary = {
    total: read.length,
    new: 0,
    duplicates: 0,
    invalid: 0,
    totals: { incomeCents: 0, expenseCents: 0, balanceCents: 0 },
  };
  const rows = read.map((r): TBankImportPreviewRow => {
    if (!r.line || !r.fingerprint) {
      summary.invalid++;
      return { row: r.row, line: null, fingerprint: null, duplicate: false, errors: r.errors };
    }
    const duplicate = existing.has(r.fingerprint) || seen.has(r.fingerprint);
    seen.add(r.fingerprint);
    const { direction, amountCents } = bankLineDirection(r.line.amountCents);
    if (duplicate) summary.duplicates++;
    else {
      summary.new++;
      if (direction === 'income') summary.totals.incomeCents += amountCents;
      else summary.totals.expenseCents += amountCents;
    }
    return {
      row: r.row,
      line: { occurredOn: r.line.occurredOn, direction, amountCents, description: r.line.description },
      fingerprint: r.fingerprint,
      duplicate,
      errors: [],
    };
  });
  summary.totals.balanceCents = summary.totals.incomeCents - summary.totals.expenseCents;
  return { rows, summary };
}
