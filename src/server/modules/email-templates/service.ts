import {
  EMAIL_TEMPLATE_KEYS,
  SYSTEM_EMAIL_TEMPLATES,
  isEmailTemplateKey,
  type EmailTemplateKey,
  type EmailTemplateText,
} from '@shared/invoicing/email-templates.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';

type Language = 'it' | 'en';
const LANGUAGES = ['it', 'en'] as const;

export type EmailTemplate = {
  key: EmailTemplateKey;
  language: Language;
  subject: string;
  contentText: string;
  isSystem: boolean;
  customized: boolean;
};

function systemTemplate(key: EmailTemplateKey, language: Language): EmailTemplate {
  const system = SYSTEM_EMAIL_TEMPLATES[key][language];
  return {
    key,
    language,
    subject: system.subject,
    contentText: system.text,
    isSystem: true,
    customized: false,
  };
}

/** Every document template in both languages: the organization's version where it wrote one, else the system text. */
export async function listEmailTemplates(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<EmailTemplate[]> {
  const rows = await repo.listTemplates(db, orgId);
  return EMAIL_TEMPLATE_KEYS.flatMap((key) =>
    LANGUAGES.map((language) => {
      const own = rows.find((r) => r.templateKey === key && r.language === language);
      if (!own) return systemTemplate(key, language);
      return {
        key,
        language,
        subject: own.subject,
        contentText: own.contentText,
        isSystem: true,
        customized: true,
      };
    }),
  );
}

function templateKeyOf(key: string): EmailTemplateKey {
  if (!isEmailTemplateKey(key)) throw new AppError('NOT_FOUND');
  return key;
}

export async function saveEmailTemplate(
  { db }: { db: Db },
  {
    orgId,
    userId,
    target,
    values,
  }: {
    orgId: string;
    userId: string;
    target: { key: string; language: Language };
    values: { subject: string; contentText: string };
  },
): Promise<EmailTemplate> {
  const key = templateKeyOf(target.key);
  await repo.upsertTemplate(db, orgId, {
    key,
    language: target.language,
    ...values,
    userId,
  });
  return { key, language: target.language, ...values, isSystem: true, customized: true };
}

/** Gives back the system text of one language (the organization's version is removed). */
export async function resetEmailTemplate(
  { db }: { db: Db },
  { orgId, target }: { orgId: string; target: { key: string; language: Language } },
): Promise<EmailTemplate> {
  const key = templateKeyOf(target.key);
  await repo.deleteTemplate(db, orgId, key, target.language);
  return systemTemplate(key, target.language);
}

/** The spec's rule: system templates cannot be deleted (every document template is one). */
export function deleteEmailTemplate(key: string): never {
  templateKeyOf(key);
  throw new AppError('SYSTEM_TEMPLATE');
}

/** The text a document e-mail is rendered from: the organization's active version, or the system text. */
export async function templateFor(
  { db }: { db: Db },
  { orgId, key, language }: { orgId: string; key: EmailTemplateKey; language: Language },
): Promise<EmailTemplateText> {
  return (await repo.findActiveTemplate(db, orgId, key, language)) ?? SYSTEM_EMAIL_TEMPLATES[key][language];
}
