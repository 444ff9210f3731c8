import { hasPermission, type Role } from '@shared/auth/permissions.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import type {
  TEmailTemplate,
  TRenderedTemplate,
  ZEmailTemplateInput,
  ZEmailTemplateUpdate,
  ZTemplateRenderInput,
} from '@shared/mail/template-contracts.ts';
import {
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LANGUAGES,
  compatibilityWarnings,
  htmlOfText,
  isSystemTemplateKey,
  renderTemplate,
  variablesOf,
  type SystemTemplateKey,
  type TemplateCategory,
  type TemplateContent,
  type TemplateLanguage,
  type TemplateValues,
} from '@shared/mail/templates.ts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import type { Db } from '../../platform/db.ts';
import { outgoingHtml } from '../../platform/outgoing-html.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';

/**
 * One template system (issue 16): the system templates of src/shared/mail/templates.ts, each in the organization's
 * version where it wrote one (per language), and the user's own templates. The document e-mails render from here
 * (templateFor), the composer through renderEmailTemplate.
 */

/** Where the variables of a rendering come from (the invoicing module's templateValuesFor, given by app.ts). */
export type TemplateValuesSource = (
  deps: { db: Db },
  input: {
    orgId: string;
    language: TemplateLanguage;
    clientId?: string | undefined;
    invoiceId?: string | undefined;
    quoteId?: string | undefined;
  },
) => Promise<TemplateValues>;

type Scope = { orgId: string; userId: string };

/** Template HTML goes through the allow-list of all the HTML the app sends (platform/outgoing-html.ts). */
function sanitizeTemplateHtml(html: string | null): string | null {
  if (!html) return null;
  return outgoingHtml(html).trim() || null;
}

const categoryOf = (value: string): TemplateCategory =>
  (TEMPLATE_CATEGORIES as readonly string[]).includes(value) ? (value as TemplateCategory) : 'custom';
const languageOf = (value: string): TemplateLanguage => (value === 'en' ? 'en' : 'it');

function systemItem(
  key: SystemTemplateKey,
  language: TemplateLanguage,
  version: repo.TemplateRow | undefined,
): TEmailTemplate {
  const system = SYSTEM_TEMPLATES[key][language];
  const content = version
    ? { subject: version.subject, text: version.contentText, html: version.contentHtml }
    : { subject: system.subject, text: system.text, html: system.html ?? null };
  return {
    id: key,
    name: system.name,
    description: system.description,
    category: SYSTEM_TEMPLATES[key].category,
    language,
    subject: content.subject,
    contentText: content.text,
    contentHtml: content.html ?? null,
    variables: variablesOf(content),
    isSystem: true,
    customized: !!version,
    warnings: compatibilityWarnings(content.html),
  };
}

function ownItem(row: repo.TemplateRow, typedHtml?: string | null): TEmailTemplate {
  const content = { subject: row.subject, text: row.contentText, html: row.contentHtml };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: categoryOf(row.category),
    language: languageOf(row.language),
    subject: row.subject,
    contentText: row.contentText,
    contentHtml: row.contentHtml,
    variables: variablesOf(content),
    isSystem: false,
    customized: false,
    warnings: compatibilityWarnings(typedHtml === undefined ? row.contentHtml : typedHtml),
  };
}

/** The system templates in both languages (the organization's version where it wrote one), then the user's own. */
export async function listEmailTemplates(
  { db }: { db: Db },
  { orgId, userId }: Scope,
): Promise<TEmailTemplate[]> {
  const [versions, own] = [
    await repo.listSystemVersions(db, orgId),
    await repo.listOwnTemplates(db, orgId, userId),
  ];
  const system = SYSTEM_TEMPLATE_KEYS.flatMap((key) =>
    TEMPLATE_LANGUAGES.map((language) =>
      systemItem(
        key,
        language,
        versions.find((v) => v.templateKey === key && v.language === language),
      ),
    ),
  );
  return [...system, ...own.map((row) => ownItem(row))];
}

/** What is stored of a typed content: the HTML sanitized, the variables found. */
function contentOf(input: { subject: string; contentText: string; contentHtml: string | null }) {
  const contentHtml = sanitizeTemplateHtml(input.contentHtml);
  return {
    subject: input.subject,
    contentText: input.contentText,
    contentHtml,
    variables: variablesOf({ subject: input.subject, text: input.contentText, html: contentHtml }),
  };
}

/** A new own template of the user (spec §5: saving needs an authenticated user, which the route's scope is). */
export async function createEmailTemplate(
  { db }: { db: Db },
  { orgId, userId, input }: Scope & { input: z.output<typeof ZEmailTemplateInput> },
): Promise<TEmailTemplate> {
  const row = await repo.insertOwnTemplate(db, orgId, userId, {
    name: input.name,
    description: input.description,
    category: input.category,
    language: input.language,
    ...contentOf(input),
  });
  return ownItem(row, input.contentHtml);
}

function systemKeyOf(id: string): SystemTemplateKey | null {
  return isSystemTemplateKey(id) ? id : null;
}

function ownIdOf(id: string): string {
  if (!isUuid(id)) throw new AppError('TEMPLATE_NOT_FOUND');
  return id;
}

function requireManage(role: Role) {
  if (!hasPermission(role, 'manage_financial_data')) throw new AppError('FORBIDDEN');
}

/**
 * Saves a template: an own one only by its author (another user's answers 404), a system one as the organization's
 * version in one language (manage_financial_data, as the document settings). The answer's warnings are those of the
 * HTML as typed, so the user sees why something was removed; saving with warnings is allowed.
 */
export async function updateEmailTemplate(
  { db }: { db: Db },
  {
    orgId,
    userId,
    role,
    id,
    input,
  }: Scope & { role: Role; id: string; input: z.output<typeof ZEmailTemplateUpdate> },
): Promise<TEmailTemplate> {
  const key = systemKeyOf(id);
  if (key) {
    requireManage(role);
    const system = SYSTEM_TEMPLATES[key];
    const row = await repo.upsertSystemVersion(db, orgId, {
      key,
      language: input.language,
      name: system[input.language].name,
      description: system[input.language].description,
      category: system.category,
      userId,
      ...contentOf(input),
    });
    return { ...systemItem(key, input.language, row), warnings: compatibilityWarnings(input.contentHtml) };
  }
  const ownId = ownIdOf(id);
  const existing = await repo.findOwnTemplate(db, orgId, userId, ownId);
  if (!existing) throw new AppError('TEMPLATE_NOT_FOUND');
  const row = await repo.updateOwnTemplate(db, orgId, userId, ownId, {
    name: input.name ?? existing.name,
    description: input.description ?? existing.description,
    category: input.category ?? categoryOf(existing.category),
    language: input.language,
    ...contentOf(input),
  });
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
  return ownItem(row, input.contentHtml);
}

/** Gives back the system text of one language (the organization's version is removed). */
export async function resetEmailTemplate(
  { db }: { db: Db },
  { orgId, role, id, language }: Scope & { role: Role; id: string; language: TemplateLanguage },
): Promise<TEmailTemplate> {
  const key = systemKeyOf(id);
  if (!key) throw new AppError('TEMPLATE_NOT_FOUND');
  requireManage(role);
  await repo.deleteSystemVersion(db, orgId, key, language);
  return systemItem(key, language, undefined);
}

/** Spec §5: system templates cannot be deleted; an own template only by its author. */
export async function deleteEmailTemplate(
  { db }: { db: Db },
  { orgId, userId, id }: Scope & { id: string },
): Promise<void> {
  if (systemKeyOf(id)) throw new AppError('SYSTEM_TEMPLATE');
  if (!(await repo.deleteOwnTemplate(db, orgId, userId, ownIdOf(id))))
    throw new AppError('TEMPLATE_NOT_FOUND');
}

/** A system template's content as the organization sends it in a language: its version, or the system text. */
async function systemContent(db: Db, orgId: string, key: SystemTemplateKey, language: TemplateLanguage) {
  const version = await repo.findSystemVersion(db, orgId, key, language);
  const system = SYSTEM_TEMPLATES[key][language];
  return version
    ? { subject: version.subject, text: version.contentText, html: version.contentHtml }
    : { subject: system.subject, text: system.text, html: system.html ?? null };
}

/**
 * Renders a template for the composer with the variables of the business profile and the chosen client, invoice or
 * quote; an unknown template, or another user's, is "Template not found".
 */
export async function renderEmailTemplate(
  deps: { db: Db; templateValues: TemplateValuesSource },
  {
    orgId,
    userId,
    id,
    input,
    fallbackLanguage,
  }: Scope & { id: string; input: z.output<typeof ZTemplateRenderInput>; fallbackLanguage: TemplateLanguage },
): Promise<TRenderedTemplate> {
  const key = systemKeyOf(id);
  let language = input.language ?? fallbackLanguage;
  let content: TemplateContent;
  if (key) content = await systemContent(deps.db, orgId, key, language);
  else {
    const row = await repo.findOwnTemplate(deps.db, orgId, userId, ownIdOf(id));
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    language = languageOf(row.language);
    content = { subject: row.subject, text: row.contentText, html: row.contentHtml };
  }
  const values = await deps.templateValues(deps, {
    orgId,
    language,
    clientId: input.clientId,
    invoiceId: input.invoiceId,
    quoteId: input.quoteId,
  });
  const rendered = renderTemplate(content, values, language);
  return { subject: rendered.subject, text: rendered.text, html: rendered.html ?? htmlOfText(rendered.text) };
}

/** What a document e-mail is rendered from: the organization's active version, or the system template. */
export async function templateFor(
  { db }: { db: Db },
  { orgId, key, language }: { orgId: string; key: SystemTemplateKey; language: TemplateLanguage },
): Promise<TemplateContent> {
  return systemContent(db, orgId, key, language);
}

/** A system template's version in a settings backup (src/shared/backups/contracts.ts ZBackupEmailTemplate). */
export type SystemVersion = {
  key: SystemTemplateKey;
  language: TemplateLanguage;
  subject: string;
  contentText: string;
  contentHtml?: string | null | undefined;
};

/** The organization's versions of the system templates, as a settings backup holds them (own ones are personal). */
export async function systemVersionsOf(
  { db }: { db: DbOrTx },
  { orgId }: { orgId: string },
): Promise<SystemVersion[]> {
  const rows = await repo.listSystemVersions(db, orgId);
  return rows
    .flatMap((row) =>
      row.templateKey &&
      isSystemTemplateKey(row.templateKey) &&
      (row.language === 'it' || row.language === 'en')
        ? [
            {
              key: row.templateKey,
              language: row.language,
              subject: row.subject,
              contentText: row.contentText,
              ...(row.contentHtml ? { contentHtml: row.contentHtml } : {}),
            } satisfies SystemVersion,
          ]
        : [],
    )
    .sort((a, b) => a.key.localeCompare(b.key) || a.language.localeCompare(b.language));
}

/** A restore: the organization's versions become exactly `versions` (HTML sanitized again); own templates stay. */
export async function replaceSystemVersions(
  { db }: { db: DbOrTx },
  { orgId, userId, versions }: Scope & { versions: readonly SystemVersion[] },
) {
  await repo.replaceSystemVersions(
    db,
    orgId,
    userId,
    versions.map((v) => {
      const system = SYSTEM_TEMPLATES[v.key];
      return {
        key: v.key,
        language: v.language,
        name: system[v.language].name,
        description: system[v.language].description,
        category: system.category,
        ...contentOf({ subject: v.subject, contentText: v.contentText, contentHtml: v.contentHtml ?? null }),
      };
    }),
  );
}
