import { DEFAULT_QUOTE_VALIDITY_DAYS, type TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import { isValidNumberPattern } from '@shared/invoicing/numbering.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/** Invoicing preferences of an organization; the defaults apply until the first save. */
export const DEFAULT_INVOICING_SETTINGS: TInvoicingSettings = {
  invoiceNumberPattern: '{n}/{yyyy}',
  creditNoteNumberPattern: 'NC{n}/{yyyy}',
  quoteNumberPattern: 'P{n}/{yyyy}',
  quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
  stampDutyChargedToClient: true,
  automaticReminders: true,
  reminderEveryDays: 7,
  pdfTemplate: 'default',
  vatPeriodicity: 'monthly',
  iban: null,
  bankName: null,
  defaultWithholding: null,
  defaultPensionFund: null,
  sdiPecAddress: null,
};

/** The settings as answered: with the address the SDI assigned, which only the SDI's answers set. */
export type InvoicingSettingsState = TInvoicingSettings & { sdiAssignedAddress: string | null };

function toSettings(row: repo.InvoicingSettingsRow): InvoicingSettingsState {
  return {
    invoiceNumberPattern: row.invoiceNumberPattern,
    creditNoteNumberPattern: row.creditNoteNumberPattern,
    quoteNumberPattern: row.quoteNumberPattern,
    quoteValidityDays: row.quoteValidityDays,
    stampDutyChargedToClient: row.stampDutyChargedToClient,
    automaticReminders: row.automaticReminders,
    reminderEveryDays: row.reminderEveryDays,
    pdfTemplate: row.pdfTemplate as TInvoicingSettings['pdfTemplate'],
    vatPeriodicity: row.vatPeriodicity === 'quarterly' ? 'quarterly' : 'monthly',
    iban: row.iban,
    bankName: row.bankName,
    defaultWithholding: row.defaultWithholding ?? null,
    defaultPensionFund: row.defaultPensionFund ?? null,
    sdiPecAddress: row.sdiPecAddress,
    sdiAssignedAddress: row.sdiAssignedAddress,
  };
}

export async function getInvoicingSettings(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<InvoicingSettingsState> {
  const row = await repo.findInvoicingSettings(db, orgId);
  return row ? toSettings(row) : { ...DEFAULT_INVOICING_SETTINGS, sdiAssignedAddress: null };
}

/** Saves the whole set (a restore passes its transaction as `db`). */
export async function saveInvoicingSettings(
  { db }: { db: Db },
  { orgId, values: input }: { orgId: string; values: TInvoicingSettings },
): Promise<InvoicingSettingsState> {
  const issues = (['invoiceNumberPattern', 'creditNoteNumberPattern', 'quoteNumberPattern'] as const)
    .filter((field) => !isValidNumberPattern(input[field]))
    .map((path) => ({ path, message: 'invoicing.errors.numberPatternInvalid' }));
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues);
  // A new SDI address (the SDI told the business another one) replaces the one learnt from its answers.
  const stored = await repo.findInvoicingSettings(db, orgId);
  const newSdiAddress = (stored?.sdiPecAddress ?? null) !== input.sdiPecAddress;
  return toSettings(
    await repo.upsertInvoicingSettings(db, orgId, {
      ...input,
      ...(newSdiAddress ? { sdiAssignedAddress: null } : {}),
      updatedAt: new Date(),
    }),
  );
}
