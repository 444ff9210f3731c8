import { and, eq } from 'drizzle-orm';
import type { EmailTemplateKey, EmailTemplateText } from '@shared/invoicing/email-templates.ts';
import type { DbOrTx } from '../../db/database.ts';
import { emailTemplates } from '../../db/schema/invoicing.ts';

type Language = 'it' | 'en';

export async function listTemplates(db: DbOrTx, orgId: string) {
  return db.select().from(emailTemplates).where(eq(emailTemplates.organizationId, orgId));
}

/** The organization's active version of a template in a language, if it wrote one. */
export async function findActiveTemplate(
  db: DbOrTx,
  orgId: string,
  key: EmailTemplateKey,
  language: Language,
): Promise<EmailTemplateText | undefined> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, text: emailTemplates.contentText })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.templateKey, key),
        eq(emailTemplates.language, language),
        eq(emailTemplates.isActive, true),
      ),
    );
  return row;
}

export async function upsertTemplate(
  db: DbOrTx,
  orgId: string,
  template: {
    key: EmailTemplateKey;
    language: Language;
    subject: string;
    contentText: string;
    userId: string;
  },
) {
  const values = {
    subject: template.subject,
    contentText: template.contentText,
    updatedBy: template.userId,
    updatedAt: new Date(),
    isActive: true,
  };
  await db
    .insert(emailTemplates)
    .values({ organizationId: orgId, templateKey: template.key, language: template.language, ...values })
    .onConflictDoUpdate({
      target: [emailTemplates.organizationId, emailTemplates.templateKey, emailTemplates.language],
      set: values,
    });
}

export async function deleteTemplate(db: DbOrTx, orgId: string, key: EmailTemplateKey, language: Language) {
  await db
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.templateKey, key),
        eq(emailTemplates.language, language),
      ),
    );
}
