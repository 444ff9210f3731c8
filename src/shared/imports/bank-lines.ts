import { parseDate } from './dates.ts';
import type { ImportMessageKey } from './messages.ts';
import { applyMapping, findHeader, type TBankStatementMapping } from './mapping.ts';
import { parseEuroAmount } from './money.ts';

/** One bank statement line: amountCents is signed (negative = money out). */
export interface BankLine {
  occurredOn: string;
  amountCents: number;
  description: string;
}

export interface BankLineError {
  field: 'occurredOn' | 'amount' | 'description';
  key: ImportMessageKey;
}

export type BankLineResult = { ok: true; line: BankLine } | { ok: false; errors: BankLineError[] };

/** Transaction descriptions are at most 500 characters; longer bank texts are cut. */
export const BANK_DESCRIPTION_MAX = 500;

/** The mapped columns missing from the file's header row (to report before reading any line). */
export function missingMappedColumns(headers: readonly string[], mapping: TBankStatementMapping): string[] {
  const columns =
    mapping.amountMode === 'signed'
      ? [mapping.occurredOn, mapping.description, mapping.amountColumn]
      : [mapping.occurredOn, mapping.description, mapping.debitColumn, mapping.creditColumn];
  return columns.filter((c): c is string => !!c && findHeader(headers, c) < 0);
}

/**
 * Reads one data row with a bank mapping. With Dare/Avere columns the amount is Avere − Dare, whatever sign
 * the bank wrote in them (some write debits as "-50,00", others as "50,00"); both empty is an error.
 */
export function readBankLine(
  headers: readonly string[],
  row: readonly string[],
  mapping: TBankStatementMapping,
): BankLineResult {
  const v = applyMapping(headers, row, {
    occurredOn: mapping.occurredOn,
    description: mapping.description,
    amount: mapping.amountColumn,
    debit: mapping.debitColumn,
    credit: mapping.creditColumn,
  });
  const errors: BankLineError[] = [];
  const occurredOn = v.occurredOn ? parseDate(v.occurredOn, mapping.dateFormat) : null;
  if (!occurredOn)
    errors.push({
      field: 'occurredOn',
      key: v.occurredOn ? 'imports.errors.dateInvalid' : 'imports.errors.dateMissing',
    });

  let amountCents: number | null = null;
  const read = (text: string | undefined) => (text ? parseEuroAmount(text, mapping.numberFormat) : 0);
  if (mapping.amountMode === 'signed') {
    amountCents = v.amount ? read(v.amount) : null;
    if (!v.amount) errors.push({ field: 'amount', key: 'imports.errors.amountMissing' });
    else if (amountCents === null) errors.push({ field: 'amount', key: 'imports.errors.amountInvalid' });
  } else {
    const debit = read(v.debit);
    const credit = read(v.credit);
    if (!v.debit && !v.credit) errors.push({ field: 'amount', key: 'imports.errors.amountMissing' });
    else if (debit === null || credit === null)
      errors.push({ field: 'amount', key: 'imports.errors.amountInvalid' });
    else amountCents = Math.abs(credit) - Math.abs(debit);
  }
  if (amountCents === 0) errors.push({ field: 'amount', key: 'imports.errors.amountZero' });

  const description = (v.description ?? '').replace(/\s+/g, ' ').trim().slice(0, BANK_DESCRIPTION_MAX);
  if (errors.length > 0 || occurredOn === null || amountCents === null) return { ok: false, errors };
  return { ok: true, line: { occurredOn, amountCents, description } };
}

/** A signed bank amount as a ledger entry: direction and positive cents. */
export function bankLineDirection(amountCents: number): {
  direction: 'income' | 'expense';
  amountCents: number;
} {
  return { direction: amountCents < 0 ? 'expense' : 'income', amountCents: Math.abs(amountCents) };
}

/** Description compared case- and space-insensitively (accents kept: they are part of the text). */
export function normalizeBankDescription(description: string): string {
  return description.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a, 64 bits, over the UTF-8 bytes of the text, as 16 hex digits. Deterministic; not cryptographic. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * The duplicate-detection key of a bank line (transactions.importHash): date, signed cents and description
 * with case and spacing normalised. `occurrence` tells apart identical lines of the same statement (two
 * coffees of 1,50 € on the same day): the second is occurrence 1, and so on. Use bankLineFingerprints for a
 * whole file.
 */
export function bankLineFingerprint(line: BankLine, occurrence = 0): string {
  const key = `${line.occurredOn}|${line.amountCents}|${normalizeBankDescription(line.description)}`;
  return fnv1a64(occurrence > 0 ? `${key}#${occurrence}` : key);
}

/**
 * The fingerprints of a file's lines in order, counting repeats of the same line: importing the same file,
 * or an overlapping statement, gives the same fingerprints, so the lines already imported are recognised.
 */
export function bankLineFingerprints(lines: readonly BankLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = bankLineFingerprint(line);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return occurrence === 0 ? base : bankLineFingerprint(line, occurrence);
  });
}
