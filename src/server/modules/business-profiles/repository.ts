import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';

export type BusinessProfileRow = typeof businessProfiles.$inferSelect;
export type BusinessProfileValues = Partial<
  Omit<BusinessProfileRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>
>;

/** Every function takes the organization id: a profile is only ever read or written within its tenant. */
export async function findProfile(db: DbOrTx, orgId: string): Promise<BusinessProfileRow | undefined> {
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.organizationId, orgId));
  return row;
}

/** Creating when one exists updates it (core-app spec §4): one statement, no race between read and write. */
export async function upsertProfile(
  db: DbOrTx,
  orgId: string,
  values: BusinessProfileValues & { companyName: string },
): Promise<BusinessProfileRow> {
  const [row] = await db
    .insert(businessProfiles)
    .values({ ...values, organizationId: orgId })
    .onConflictDoUpdate({
      target: businessProfiles.organizationId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateProfile(
  db: DbOrTx,
  orgId: string,
  values: BusinessProfileValues,
): Promise<BusinessProfileRow | undefined> {
  const [row] = await db
    .update(businessProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businessProfiles.organizationId, orgId))
    .returning();
  return row;
}
