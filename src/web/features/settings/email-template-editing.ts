import { daysBetween } from '@shared/dates/dates.ts';
import { formatEuroCents } from '@shared/format/format.ts';
import {
  DESCRIPTION_MAX,
  HTML_MAX,
  NAME_MAX,
  SUBJECT_MAX,
  TEXT_MAX,
  type TEmailTemplate,
} from '@shared/mail/template-contracts.ts';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_VARIABLES,
  variablesIn,
  type TemplateCategory,
  type TemplateLanguage,
  type TemplateValues,
} from '@shared/mail/templates.ts';
import { finalNoticeDeadline } from '@shared/invoicing/reminders.ts';
import { PAYMENT_METHOD_LABELS } from '@shared/transactions/contracts.ts';

/**
 * What the e-mail templates editor (Settings → E-mail templates) computes without the screen: the draft of a
 * template, its checks, inserting a {{variable}} at the cursor, the list grouped by category, and the sample values
 * of the live preview.
 */
export { TEMPLATE_LANGUAGES, type TemplateLanguage } from '@shared/mail/templates.ts';
export { DESCRIPTION_MAX, HTML_MAX, NAME_MAX, SUBJECT_MAX, TEXT_MAX };

/** One row of GET /api/v1/email-templates. */
export type EmailTemplateItem = TEmailTemplate;

/** A template of the list: a system key in one language, or an own template (in its own language). */
export type TemplateTarget = { id: string; language: TemplateLanguage };

export type TemplateDraft = {
  name: string;
  description: string;
  category: TemplateCategory;
  language: TemplateLanguage;
  subject: string;
  contentText: string;
  contentHtml: string;
};
export type DraftField = keyof TemplateDraft;

export const draftOf = (item: EmailTemplateItem | undefined, language: TemplateLanguage): TemplateDraft => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  category: item?.category ?? 'custom',
  language: item?.language ?? language,
  subject: item?.subject ?? '',
  contentText: item?.contentText ?? '',
  contentHtml: item?.contentHtml ?? '',
});

export type DraftProblem = 'required' | 'tooLong';
export type DraftErrors = Partial<Record<DraftField, DraftProblem>>;

/** The server's checks (ZEmailTemplateInput), counted after trimming; a system template has no name of its own. */
export function validateDraft(draft: TemplateDraft, options: { own: boolean } = { own: false }): DraftErrors {
  const check = (value: string, max: number, required: boolean): DraftProblem | undefined => {
    const text = value.trim();
    if (!text) return required ? 'required' : undefined;
    return text.length > max ? 'tooLong' : undefined;
  };
  const limits: [DraftField, number, boolean][] = [
    ['subject', SUBJECT_MAX, true],
    ['contentText', TEXT_MAX, true],
    ['contentHtml', HTML_MAX, false],
  ];
  if (options.own) limits.unshift(['name', NAME_MAX, true], ['description', DESCRIPTION_MAX, false]);
  const errors: DraftErrors = {};
  for (const [field, max, required] of limits) {
    const problem = check(draft[field], max, required);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** True when the draft differs from what is stored (surrounding blanks do not count: the server trims). */
export function isDirty(draft: TemplateDraft, stored: TemplateDraft): boolean {
  return (Object.keys(draft) as DraftField[]).some((field) => draft[field].trim() !== stored[field].trim());
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

/** Names typed as variables that the templates do not know (the e-mail would show them as typed). */
export function unknownVariables(
  draft: Pick<TemplateDraft, 'subject' | 'contentText' | 'contentHtml'>,
): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  return variablesIn(`${draft.subject}\n${draft.contentText}\n${draft.contentHtml}`).filter(
    (name) => !known.has(name),
  );
}

/** The list's rows: each system template once (its languages are switched in the editor), each own one. */
export function templateGroups(
  items: EmailTemplateItem[],
  language: TemplateLanguage,
): { category: TemplateCategory; items: EmailTemplateItem[] }[] {
  const rows = items.filter((i) => !i.isSystem || i.language === language);
  return TEMPLATE_CATEGORIES.map((category) => ({
    category,
    items: rows.filter((i) => i.category === category),
  })).filter((group) => group.items.length > 0);
}

export const findTemplate = (items: EmailTemplateItem[], { id, language }: TemplateTarget) =>
  items.find((i) => i.id === id && (!i.isSystem || i.language === language));

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
