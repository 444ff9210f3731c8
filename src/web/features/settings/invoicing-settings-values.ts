import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import {
  ZInvoicingSettings,
  type PdfTemplateName,
  type TInvoicingSettings,
} from '@shared/invoicing/contracts.ts';
import {
  DEFAULT_WITHHOLDING_CAUSALE,
  DEFAULT_WITHHOLDING_RATE,
  type WithholdingType,
} from '@shared/invoicing/document.ts';
import { formatDocumentNumber, isValidNumberPattern } from '@shared/invoicing/numbering.ts';
import { decimalToInput, DEFAULT_PENSION_FUND } from '@web/features/invoicing/editor-values.ts';

/** The invoicing settings form's values: text where the user types numbers, switches for the optional defaults. */
export interface SettingsValues {
  invoiceNumberPattern: string;
  creditNoteNumberPattern: string;
  quoteNumberPattern: string;
  quoteValidityDays: string;
  stampDutyChargedToClient: boolean;
  automaticReminders: boolean;
  reminderEveryDays: string;
  pdfTemplate: PdfTemplateName;
  vatPeriodicity: TInvoicingSettings['vatPeriodicity'];
  iban: string;
  bankName: string;
  sdiPecAddress: string;
  withholdingOn: boolean;
  withholding: { type: WithholdingType; ratePercent: string; causale: string };
  pensionFundOn: boolean;
  pensionFund: { type: string; ratePercent: string; subjectToWithholding: boolean };
}

export const PATTERNS = ['invoiceNumberPattern', 'creditNoteNumberPattern', 'quoteNumberPattern'] as const;

export function toValues(s: TInvoicingSettings, lang: 'it' | 'en'): SettingsValues {
  return {
    invoiceNumberPattern: s.invoiceNumberPattern,
    creditNoteNumberPattern: s.creditNoteNumberPattern,
    quoteNumberPattern: s.quoteNumberPattern,
    quoteValidityDays: String(s.quoteValidityDays),
    stampDutyChargedToClient: s.stampDutyChargedToClient,
    automaticReminders: s.automaticReminders,
    reminderEveryDays: String(s.reminderEveryDays),
    pdfTemplate: s.pdfTemplate,
    vatPeriodicity: s.vatPeriodicity,
    iban: s.iban ?? '',
    bankName: s.bankName ?? '',
    sdiPecAddress: s.sdiPecAddress ?? '',
    withholdingOn: !!s.defaultWithholding,
    withholding: s.defaultWithholding
      ? { ...s.defaultWithholding, ratePercent: decimalToInput(s.defaultWithholding.ratePercent, lang) }
      : { type: 'RT01', ratePercent: DEFAULT_WITHHOLDING_RATE, causale: DEFAULT_WITHHOLDING_CAUSALE },
    pensionFundOn: !!s.defaultPensionFund,
    pensionFund: s.defaultPensionFund
      ? { ...s.defaultPensionFund, ratePercent: decimalToInput(s.defaultPensionFund.ratePercent, lang) }
      : DEFAULT_PENSION_FUND,
  };
}

/** Whole days from text, or NaN (the contract refuses it). */
const days = (text: string) => (/^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form field of a contract path (`defaultWithholding.ratePercent` → `withholding.ratePercent`). */
export function formPath(path: string): string {
  return path.replace(/^defaultWithholding/, 'withholding').replace(/^defaultPensionFund/, 'pensionFund');
}

/** The example a pattern gives for the first document of this year, or null when it is not valid. */
export function preview(pattern: string): string | null {
  try {
    return isValidNumberPattern(pattern) ? formatDocumentNumber(pattern, new Date().getFullYear(), 1) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the form with the number patterns and the same contract as the server, and gives the contract's values
 * (defaults switched off become null); the two day counts have messages of their own.
 */
export function settingsResolver(t: TFunction): Resolver<SettingsValues, unknown, TInvoicingSettings> {
  return async (v) => {
    const errors: FieldErrors<SettingsValues> = {};
    const fail = (path: string, message: string) => set(errors, path, { type: 'validate', message });
    for (const field of PATTERNS) {
      if (!isValidNumberPattern(v[field].trim())) fail(field, 'invoicing.errors.numberPatternInvalid');
    }
    const parsed = ZInvoicingSettings.safeParse({
      invoiceNumberPattern: v.invoiceNumberPattern,
      creditNoteNumberPattern: v.creditNoteNumberPattern,
      quoteNumberPattern: v.quoteNumberPattern,
      quoteValidityDays: days(v.quoteValidityDays),
      stampDutyChargedToClient: v.stampDutyChargedToClient,
      automaticReminders: v.automaticReminders,
      reminderEveryDays: days(v.reminderEveryDays),
      pdfTemplate: v.pdfTemplate,
      vatPeriodicity: v.vatPeriodicity,
      iban: v.iban,
      bankName: v.bankName,
      sdiPecAddress: v.sdiPecAddress,
      defaultWithholding: v.withholdingOn ? v.withholding : null,
      defaultPensionFund: v.pensionFundOn ? v.pensionFund : null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = formPath(issue.path.map(String).join('.'));
        if (path === 'quoteValidityDays') fail(path, t('invoices:settings.validityInvalid'));
        else if (path === 'reminderEveryDays') fail(path, t('invoices:settings.reminderDaysInvalid'));
        else if (!PATTERNS.includes(path as (typeof PATTERNS)[number])) fail(path, issue.message);
      }
    }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
}
