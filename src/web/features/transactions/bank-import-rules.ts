import { fieldMessage } from '@shared/errors/field-messages.ts';
import { PARSE_DELIMITERS, type ParseDelimiter, type TParsedFile } from '@shared/imports/contracts.ts';
import { missingMappedColumns } from '@shared/imports/bank-lines.ts';
import {
  ZBankStatementMapping,
  guessBankMapping,
  type TBankStatementMappingInput,
} from '@shared/imports/mapping.ts';
import type { TBankImportMapping } from '@shared/transactions/contracts.ts';
import type { TBankImportPreview, TBankImportResult } from '@shared/transactions/bank-import.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import type { ImportFlowState } from '@web/features/imports/import-flow-state.ts';

/** The bank import's choices besides the mapping: the saved bank, the CSV options, the categories. */
export interface BankImportSettings {
  bankId: string;
  delimiter: 'auto' | ParseDelimiter;
  skipLines: number;
  /** The name to save the mapping under. */
  bankName: string;
  categoryIds: { income: string; expense: string };
}

export type BankMapping = Partial<TBankStatementMappingInput>;
export type BankImportState = ImportFlowState<
  BankMapping,
  TBankImportPreview,
  TBankImportResult,
  BankImportSettings
>;

export const INITIAL_BANK_SETTINGS: BankImportSettings = {
  bankId: '',
  delimiter: 'auto',
  skipLines: 0,
  bankName: '',
  categoryIds: { income: '', expense: '' },
};

export const bankMessage = (key: string) => fieldMessage(key, currentLanguage()) ?? key;

/** The mapping as saved and sent: with the file options the parse used. */
export function fullBankMapping(
  state: Pick<BankImportState, 'mapping' | 'settings'>,
): TBankStatementMappingInput {
  const { delimiter, skipLines } = state.settings;
  return {
    ...state.mapping,
    delimiter: delimiter === 'auto' ? undefined : PARSE_DELIMITERS[delimiter],
    skipLines,
  } as TBankStatementMappingInput;
}

/** Problems of the mapping by field: the schema's, then the chosen columns missing from the file. */
export function bankMappingErrors(state: Pick<BankImportState, 'mapping' | 'settings' | 'parsed'>) {
  const check = ZBankStatementMapping.safeParse(fullBankMapping(state));
  if (!check.success) {
    return Object.fromEntries(check.error.issues.map((i) => [String(i.path[0]), bankMessage(i.message)]));
  }
  const missing = new Set(missingMappedColumns(state.parsed?.headers ?? [], check.data));
  const errors: Record<string, string> = {};
  for (const key of ['occurredOn', 'description', 'amountColumn', 'debitColumn', 'creditColumn'] as const) {
    const column = check.data[key];
    if (column && missing.has(column)) errors[key] = bankMessage('imports.errors.columnMissing');
  }
  return errors;
}

/**
 * The first mapping of a statement: the chosen bank's saved mapping when its columns are all in the file,
 * otherwise one guessed from the headers and the first rows.
 */
export function startBankMapping(parsed: TParsedFile, bank: TBankImportMapping | undefined): BankMapping {
  const fromBank = bank?.mapping;
  if (fromBank && missingMappedColumns(parsed.headers, fromBank).length === 0) return fromBank;
  return {
    dateFormat: 'dd/mm/yyyy',
    numberFormat: 'it',
    ...guessBankMapping(parsed.headers, parsed.rows.slice(0, 50)),
  };
}

/** A failed request: problems of mapping fields go next to them, anything else above the step. */
export function bankProblem(error: unknown, fallback: (error: unknown) => string) {
  const issues = serverFieldIssues(error);
  const onMapping = issues.filter((i) => i.path.startsWith('mapping.'));
  if (onMapping.length) {
    return {
      mappingErrors: Object.fromEntries(onMapping.map((i) => [i.path.slice(8), bankMessage(i.message)])),
    };
  }
  return { error: issues[0] ? bankMessage(issues[0].message) : fallback(error) };
}
