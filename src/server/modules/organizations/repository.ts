import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { member, organization } from '../../db/schema/auth.ts';

export async function listMembershipsOfUser(db: Db, userId: string) {
  return db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
    .from(member)
    .innerJoin(organization, eq(member.organizationId, organization.id))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name));
}
