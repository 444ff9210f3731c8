import { daysBetween } from '@shared/dates/dates.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import {
  SYSTEM_EMAIL_TEMPLATES,
  TEMPLATE_VARIABLES,
  type EmailTemplateKey,
  type TemplateValues,
  type TemplateVariable,
} from '@shared/invoicing/email-templates.ts';
import { finalNoticeDeadline } from '@shared/invoicing/reminders.ts';
import { PAYMENT_METHOD_LABELS } from '@shared/transactions/contracts.ts';

/**
 * What the e-mail templates editor (Settings → E-mail templates) computes without the screen: the draft's
 * checks, inserting a {{variable}} at the cursor, and the sample values of the live preview.
 */
export type TemplateLanguage = 'it' | 'en';
export const TEMPLATE_LANGUAGES = ['it', 'en'] as const;

/** One row of GET /api/v1/email-templates. */
export interface EmailTemplateItem {
  key: EmailTemplateKey;
  language: TemplateLanguage;
  subject: string;
  contentText: string;
  isSystem: boolean;
  customized: boolean;
}

export type TemplateDraft = { subject: string; contentText: string };

/** The server's limits (PUT /api/v1/email-templates/:key/:language), counted after trimming. */
export const SUBJECT_MAX = 200;
export const TEXT_MAX = 10_000;

export type DraftProblem = 'required' | 'tooLong';
export type DraftErrors = Partial<Record<keyof TemplateDraft, DraftProblem>>;

export function validateDraft(draft: TemplateDraft): DraftErrors {
  const check = (value: string, max: number): DraftProblem | undefined => {
    const text = value.trim();
    if (!text) return 'required';
    return text.length > max ? 'tooLong' : undefined;
  };
  const errors: DraftErrors = {};
  const subject = check(draft.subject, SUBJECT_MAX);
  const contentText = check(draft.contentText, TEXT_MAX);
  if (subject) errors.subject = subject;
  if (contentText) errors.contentText = contentText;
  return errors;
}

/** True when the draft differs from what is stored (surrounding blanks do not count: the server trims). */
export function isDirty(draft: TemplateDraft, stored: TemplateDraft): boolean {
  return (
    draft.subject.trim() !== stored.subject.trim() || draft.contentText.trim() !== stored.contentText.trim()
  );
}

/** `{{name}}` put in place of the selection [start, end); the caret goes right after it. */
export function insertVariable(
  value: string,
  start: number,
  end: number,
  name: string,
): { value: string; caret: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  const token = `{{${name}}}`;
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}

const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

/** The names written as {{name}} in a text, each once, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** Names typed as variables that the templates do not know (the e-mail would show them as typed). */
export function unknownVariables(draft: TemplateDraft): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  return variablesIn(`${draft.subject}\n${draft.contentText}`).filter((name) => !known.has(name));
}

/** The variables the system text of a template uses (the ones the sending fills for that e-mail), in order. */
export function variablesOf(key: EmailTemplateKey): TemplateVariable[] {
  const { subject, text } = SYSTEM_EMAIL_TEMPLATES[key].it;
  const used = new Set(variablesIn(`${subject}\n${text}`));
  return TEMPLATE_VARIABLES.filter((name) => used.has(name));
}

export type SampleCompany = { name: string; email: string; phone: string };

const SAMPLE_COMPANY: SampleCompany = {
  name: 'Studio Bianchi S.r.l.',
  email: 'info@studiobianchi.example.com',
  phone: '+39 02 1234 5678',
};

/** A sample invoice: issued 2 March 2026, due 1 April, 15 days overdue on 16 April; 1.200 € + 22% VAT. */
const SAMPLE = {
  client: 'Rossi Costruzioni S.r.l.',
  invoiceNumber: '12/2026',
  quoteNumber: 'P4/2026',
  issueDate: '2026-03-02',
  dueDate: '2026-04-01',
  expiryDate: '2026-04-01',
  today: '2026-04-16',
  paymentDate: '2026-04-10',
  totalCents: 146_400,
} as const;

/** A date as the e-mails write it (the server's formatDateFor): 01/04/2026 (it) or 1 Apr 2026 (en). */
export function formatMailDate(isoDate: string, lang: TemplateLanguage): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'it-IT', {
    day: lang === 'en' ? 'numeric' : '2-digit',
    month: lang === 'en' ? 'short' : '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Values for the preview, in the template's language (not the interface's): amounts and dates are written as
 * the client will read them. The organization's own name and contacts are used when known.
 */
export function sampleValues(
  lang: TemplateLanguage,
  options: { company?: Partial<SampleCompany> | null; origin?: string } = {},
): TemplateValues {
  const company = { ...SAMPLE_COMPANY, ...pickFilled(options.company) };
  const date = (iso: string) => formatMailDate(iso, lang);
  const money = formatEuroCents(SAMPLE.totalCents, lang === 'en' ? 'en-US' : 'it-IT');
  const days = daysBetween(SAMPLE.dueDate, SAMPLE.today);
  return {
    client_name: SAMPLE.client,
    company_name: company.name,
    company_email: company.email,
    company_phone: company.phone,
    invoice_number: SAMPLE.invoiceNumber,
    invoice_date: date(SAMPLE.issueDate),
    due_date: date(SAMPLE.dueDate),
    total_amount: money,
    payment_amount: money,
    payment_date: date(SAMPLE.paymentDate),
    payment_method: PAYMENT_METHOD_LABELS.bank_transfer[lang],
    days_overdue: String(days),
    quote_number: SAMPLE.quoteNumber,
    issue_date: date(SAMPLE.issueDate),
    expiry_date: date(SAMPLE.expiryDate),
    quote_link: `${options.origin ?? 'https://gestionale.example'}/q/esempio`,
    final_deadline: date(finalNoticeDeadline(SAMPLE.today)),
  };
}

function pickFilled(company: Partial<SampleCompany> | null | undefined): Partial<SampleCompany> {
  return Object.fromEntries(Object.entries(company ?? {}).filter(([, v]) => !!v?.trim()));
}
