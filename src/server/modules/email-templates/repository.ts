import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SystemTemplateKey, TemplateCategory, TemplateLanguage } from '@shared/mail/templates.ts';
import type { DbOrTx } from '../../db/database.ts';
import { emailTemplates } from '../../db/schema/invoicing.ts';

const columns = {
  id: emailTemplates.id,
  userId: emailTemplates.userId,
  templateKey: emailTemplates.templateKey,
  name: emailTemplates.name,
  description: emailTemplates.description,
  category: emailTemplates.category,
  language: emailTemplates.language,
  subject: emailTemplates.subject,
  contentText: emailTemplates.contentText,
  contentHtml: emailTemplates.contentHtml,
  isSystem: emailTemplates.isSystem,
  updatedAt: emailTemplates.updatedAt,
};
export type TemplateRow = Pick<typeof emailTemplates.$inferSelect, keyof typeof columns>;

/** What a saved template holds. */
export type TemplateContentValues = {
  subject: string;
  contentText: string;
  contentHtml: string | null;
  variables: string[];
};
export type OwnTemplateValues = TemplateContentValues & {
  name: string;
  description: string;
  category: TemplateCategory;
  language: TemplateLanguage;
};

/** The organization's versions of the system templates (rows with a template key). */
export async function listSystemVersions(db: DbOrTx, orgId: string): Promise<TemplateRow[]> {
  return db
    .select(columns)
    .from(emailTemplates)
    .where(and(eq(emailTemplates.organizationId, orgId), isNotNull(emailTemplates.templateKey)));
}

/** The user's own templates, newest change first: visible to their author only (spec §6 "select own or system"). */
export async function listOwnTemplates(db: DbOrTx, orgId: string, userId: string): Promise<TemplateRow[]> {
  return db
    .select(columns)
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.userId, userId),
        isNull(emailTemplates.templateKey),
      ),
    )
    .orderBy(desc(emailTemplates.updatedAt));
}

export async function findOwnTemplate(
  db: DbOrTx,
  orgId: string,
  userId: string,
  id: string,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.userId, userId),
        eq(emailTemplates.id, id),
        isNull(emailTemplates.templateKey),
      ),
    );
  return row;
}

/** The organization's active version of a system template in a language, if it wrote one. */
export async function findSystemVersion(
  db: DbOrTx,
  orgId: string,
  key: SystemTemplateKey,
  language: TemplateLanguage,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select(columns)
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

export async function insertOwnTemplate(
  db: DbOrTx,
  orgId: string,
  userId: string,
  values: OwnTemplateValues,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(emailTemplates)
    .values({ organizationId: orgId, userId, updatedBy: userId, isSystem: false, ...values })
    .returning(columns);
  return row!;
}

export async function updateOwnTemplate(
  db: DbOrTx,
  orgId: string,
  userId: string,
  id: string,
  values: OwnTemplateValues,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.userId, userId),
        eq(emailTemplates.id, id),
        isNull(emailTemplates.templateKey),
      ),
    )
    .returning(columns);
  return row;
}

/** True when the user's own template was there to delete. */
export async function deleteOwnTemplate(db: DbOrTx, orgId: string, userId: string, id: string) {
  const rows = await db
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, orgId),
        eq(emailTemplates.userId, userId),
        eq(emailTemplates.id, id),
        isNull(emailTemplates.templateKey),
      ),
    )
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

/** Writes the organization's version of a system template in one language. */
export async function upsertSystemVersion(
  db: DbOrTx,
  orgId: string,
  template: TemplateContentValues & {
    key: SystemTemplateKey;
    language: TemplateLanguage;
    name: string;
    description: string;
    category: TemplateCategory;
    userId: string;
  },
): Promise<TemplateRow> {
  const { key, language, userId, ...content } = template;
  const values = { ...content, isSystem: true, updatedBy: userId, updatedAt: new Date(), isActive: true };
  const [row] = await db
    .insert(emailTemplates)
    .values({ organizationId: orgId, templateKey: key, language, ...values })
    .onConflictDoUpdate({
      target: [emailTemplates.organizationId, emailTemplates.templateKey, emailTemplates.language],
      set: values,
    })
    .returning(columns);
  return row!;
}

export async function deleteSystemVersion(
  db: DbOrTx,
  orgId: string,
  key: SystemTemplateKey,
  language: TemplateLanguage,
) {
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

/** A system template's version as a settings backup restores it. */
export type SystemVersionValues = TemplateContentValues & {
  key: SystemTemplateKey;
  language: TemplateLanguage;
  name: string;
  description: string;
  category: TemplateCategory;
};

/** The organization's versions of the system templates become exactly `versions`; own templates are untouched. */
export async function replaceSystemVersions(
  db: DbOrTx,
  orgId: string,
  userId: string,
  versions: readonly SystemVersionValues[],
) {
  await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.organizationId, orgId), isNotNull(emailTemplates.templateKey)));
  if (versions.length === 0) return;
  await db.insert(emailTemplates).values(
    versions.map(({ key, ...v }) => ({
      ...v,
      organizationId: orgId,
      templateKey: key,
      isSystem: true,
      isActive: true,
      updatedBy: userId,
    })),
  );
}
