import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from './templates.ts';

/**
 * The contracts of /api/v1/email-templates (email-client spec §3 "Email template", §5 "Template rules"): the
 * user's own templates and the system ones (in the organization's version where it wrote one), one shape.
 * Field messages are catalogue keys (`fields`, emailTemplates.*).
 */
export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 500;
export const SUBJECT_MAX = 200;
export const TEXT_MAX = 10_000;
export const HTML_MAX = 100_000;

const tooLong = { error: 'emailTemplates.tooLong' };
export const ZTemplateLanguage = z.enum(TEMPLATE_LANGUAGES);
export const ZTemplateCategory = z.enum(TEMPLATE_CATEGORIES);

export const ZEmailTemplate = z.object({
  /** A system template's key (quote_send, professional, …) or an own template's uuid. */
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: ZTemplateCategory,
  language: ZTemplateLanguage,
  subject: z.string(),
  contentText: z.string(),
  contentHtml: z.string().nullable(),
  /** The known variables the template uses, in order of appearance. */
  variables: z.array(z.string()),
  isSystem: z.boolean(),
  /** A system template the organization rewrote in this language. */
  customized: z.boolean(),
  /** Compatibility warnings (catalogue keys): of what was typed in the answer to a save, else of what is stored. */
  warnings: z.array(z.string()),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

const subject = z
  .string()
  .trim()
  .min(1, { error: 'emailTemplates.subjectRequired' })
  .max(SUBJECT_MAX, tooLong);
const contentText = z.string().trim().min(1, { error: 'emailTemplates.textRequired' }).max(TEXT_MAX, tooLong);
/** Blank HTML is no HTML: the text alone is sent. */
const contentHtml = z
  .string()
  .max(HTML_MAX, tooLong)
  .nullish()
  .transform((html) => (html?.trim() ? html.trim() : null));

/** A new own template. */
export const ZEmailTemplateInput = z.object({
  name: z.string().trim().min(1, { error: 'emailTemplates.nameRequired' }).max(NAME_MAX, tooLong),
  description: z.string().trim().max(DESCRIPTION_MAX, tooLong).default(''),
  category: ZTemplateCategory.default('custom'),
  language: ZTemplateLanguage.default('it'),
  subject,
  contentText,
  contentHtml,
});
export type TEmailTemplateInput = z.input<typeof ZEmailTemplateInput>;

/**
 * A change: an own template takes every field; a system template only the subject, text and HTML of one
 * language (its name, description and category are the system's).
 */
export const ZEmailTemplateUpdate = ZEmailTemplateInput.partial({
  name: true,
  description: true,
  category: true,
}).extend({ language: ZTemplateLanguage });
export type TEmailTemplateUpdate = z.input<typeof ZEmailTemplateUpdate>;

export const ZEmailTemplateParams = z.object({ id: z.string().max(64) });
export const ZTemplateLanguageBody = z.object({ language: ZTemplateLanguage });

/** Rendering for the composer: variables from the business profile and the chosen client, invoice or quote. */
export const ZTemplateRenderInput = z.object({
  /** A system template's language (an own template has one); the caller's interface language if left out. */
  language: ZTemplateLanguage.optional(),
  clientId: z.uuid().optional(),
  invoiceId: z.uuid().optional(),
  quoteId: z.uuid().optional(),
});
export type TTemplateRenderInput = z.input<typeof ZTemplateRenderInput>;

/** The rendered template: the HTML (the text as paragraphs when the template has none) and the text. */
export const ZRenderedTemplate = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TRenderedTemplate = z.infer<typeof ZRenderedTemplate>;
