import { describe, expect, it } from 'vitest';
import { ZBankStatementMapping } from '../imports/mapping.ts';
import {
  MAX_BANK_IMPORT_ROWS,
  ZBankImportPreviewRequest,
  ZBankImportRequest,
  previewBankStatement,
  readBankStatement,
} from './bank-import.ts';

const ID = '123e4567-e89b-42d3-a456-426614174000';
const headers = ['Data', 'Descrizione', 'Dare', 'Avere'];
const mapping = ZBankStatementMapping.parse({
  occurredOn: 'Data',
  description: 'Descrizione',
  amountMode: 'debitCredit',
  debitColumn: 'Dare',
  creditColumn: 'Avere',
});
const rows = [
  ['31/12/2026', 'BONIFICO DA ROSSI', '', '1.234,56'],
  ['30/12/2026', 'CAFFÈ', '1,50', ''],
  ['30/12/2026', 'caffè ', '1,50', ''],
  ['31/02/2026', 'DATA SBAGLIATA', '10,00', ''],
];

describe('readBankStatement', () => {
  it('reads each row with a fingerprint, counting identical lines apart', () => {
    const read = readBankStatement(headers, rows, mapping);
    expect(read.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(read[0]).toMatchObject({
      line: { occurredOn: '2026-12-31', amountCents: 123456, description: 'BONIFICO DA ROSSI' },
      errors: [],
    });
    // Same day, amount and (normalised) text: two payments, two fingerprints.
    expect(read[1]!.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(read[2]!.fingerprint).not.toBe(read[1]!.fingerprint);
    expect(read[3]).toEqual({
      row: 4,
      line: null,
      fingerprint: null,
      errors: [{ field: 'occurredOn', key: 'imports.errors.dateInvalid' }],
    });
  });

  it('gives the same fingerprints to the same lines in another file', () => {
    const first = readBankStatement(headers, rows, mapping);
    const later = readBankStatement(headers, [rows[1]!, ['02/01/2027', 'NUOVA', '5,00', '']], mapping);
    expect(later[0]!.fingerprint).toBe(first[1]!.fingerprint);
  });
});

describe('previewBankStatement', () => {
  it('marks lines already in the ledger and sums the new ones', () => {
    const read = readBankStatement(headers, rows, mapping);
    const { rows: preview, summary } = previewBankStatement(read, new Set([read[1]!.fingerprint!]));
    expect(preview.map((r) => r.duplicate)).toEqual([false, true, false, false]);
    expect(preview[0]!.line).toEqual({
      occurredOn: '2026-12-31',
      direction: 'income',
      amountCents: 123456,
      description: 'BONIFICO DA ROSSI',
    });
    expect(preview[2]!.line).toMatchObject({ direction: 'expense', amountCents: 150 });
    expect(summary).toEqual({
      total: 4,
      new: 2,
      duplicates: 1,
      invalid: 1,
      totals: { incomeCents: 123456, expenseCents: 150, balanceCents: 123306 },
    });
  });

  it('marks a fingerprint repeated within the file as a duplicate', () => {
    const read = readBankStatement(headers, rows.slice(0, 1), mapping);
    const { rows: preview } = previewBankStatement([read[0]!, { ...read[0]!, row: 2 }], new Set());
    expect(preview.map((r) => r.duplicate)).toEqual([false, true]);
  });
});

describe('import requests', () => {
  it('needs rows, at most 50,000', () => {
    const issues = (input: unknown) =>
      ZBankImportPreviewRequest.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ headers, rows: [], mapping })).toEqual([['rows', 'transactions.errors.importNoRows']]);
    expect(
      issues({ headers, rows: Array.from({ length: MAX_BANK_IMPORT_ROWS + 1 }, () => ['x']), mapping }),
    ).toEqual([['rows', 'transactions.errors.importTooManyRows']]);
  });

  it('takes optional categories for new income and expense lines', () => {
    expect(ZBankImportRequest.parse({ headers, rows, mapping }).categoryIds).toEqual({
      income: null,
      expense: null,
    });
    expect(
      ZBankImportRequest.parse({ headers, rows, mapping, categoryIds: { income: ID, expense: '' } })
        .categoryIds,
    ).toEqual({ income: ID, expense: null });
    expect(
      ZBankImportRequest.safeParse({ headers, rows, mapping, categoryIds: { income: 'x' } }).error?.issues[0]
        ?.message,
    ).toBe('transactions.errors.categoryInvalid');
  });
});
