import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { documentRules, documentTagLinks, documentTags } from '../../db/schema/documents.ts';
import { suppliers } from '../../db/schema/purchases.ts';

/** Queries of the documents' tags and matching rules (tags-rules.ts). */

export type TagRow = typeof documentTags.$inferSelect;
export type RuleValues = Omit<
  typeof documentRules.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'position'
>;

export function listTagRows(db: DbOrTx, orgId: string): Promise<TagRow[]> {
  return db
    .select()
    .from(documentTags)
    .where(eq(documentTags.organizationId, orgId))
    .orderBy(asc(documentTags.name));
}

export async function insertTag(db: DbOrTx, orgId: string, values: { name: string; color: string }) {
  const [row] = await db
    .insert(documentTags)
    .values({ organizationId: orgId, ...values })
    .returning();
  return row!;
}

export async function updateTagRow(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { name: string; color: string },
) {
  const [row] = await db
    .update(documentTags)
    .set(values)
    .where(and(eq(documentTags.organizationId, orgId), eq(documentTags.id, id)))
    .returning();
  return row ?? null;
}

export async function taggedDocumentIds(db: DbOrTx, tagId: string): Promise<string[]> {
  const rows = await db
    .select({ id: documentTagLinks.documentId })
    .from(documentTagLinks)
    .where(eq(documentTagLinks.tagId, tagId));
  return rows.map((r) => r.id);
}

export async function deleteTagRow(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(documentTags)
    .where(and(eq(documentTags.organizationId, orgId), eq(documentTags.id, id)))
    .returning({ id: documentTags.id });
  return removed.length > 0;
}

export function listRuleRows(db: DbOrTx, orgId: string) {
  return db
    .select({
      rule: documentRules,
      clientName: clients.companyName,
      clientFullName: clients.fullName,
      supplierName: suppliers.name,
    })
    .from(documentRules)
    .leftJoin(clients, eq(clients.id, documentRules.assignClientId))
    .leftJoin(suppliers, eq(suppliers.id, documentRules.assignSupplierId))
    .where(eq(documentRules.organizationId, orgId))
    .orderBy(asc(documentRules.position), asc(documentRules.createdAt));
}

/** The rules in the order they are applied, for the reader. */
export function rulesInOrder(db: DbOrTx, orgId: string) {
  return db
    .select()
    .from(documentRules)
    .where(eq(documentRules.organizationId, orgId))
    .orderBy(asc(documentRules.position), asc(documentRules.createdAt));
}

/** A new rule goes last. */
export async function insertRule(db: DbOrTx, orgId: string, values: RuleValues): Promise<string> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(documentRules)
    .where(eq(documentRules.organizationId, orgId));
  const [row] = await db
    .insert(documentRules)
    .values({ organizationId: orgId, ...values, position: n })
    .returning({ id: documentRules.id });
  return row!.id;
}

export async function updateRuleRow(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: RuleValues,
): Promise<boolean> {
  const rows = await db
    .update(documentRules)
    .set(values)
    .where(and(eq(documentRules.organizationId, orgId), eq(documentRules.id, id)))
    .returning({ id: documentRules.id });
  return rows.length > 0;
}

export async function deleteRuleRow(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(documentRules)
    .where(and(eq(documentRules.organizationId, orgId), eq(documentRules.id, id)))
    .returning({ id: documentRules.id });
  return removed.length > 0;
}
