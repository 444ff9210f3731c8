import { eq } from 'drizzle-orm';
import type { Role } from '@shared/auth/permissions.ts';
import type { Auth } from '../platform/auth.ts';
import type { Db } from '../platform/db.ts';
import { user } from '../db/schema/auth.ts';
import { slugFor } from '../modules/organizations/service.ts';
import { upsertProfile, type BusinessProfileValues } from '../modules/business-profiles/repository.ts';

/** Entity factories shared by the demo seed and the tests (DESIGN.md §3). Server-side calls only. */

export async function createUser(auth: Auth, input: { name: string; email: string; password: string }) {
  const result = await auth.api.signUpEmail({ body: input });
  return result.user;
}

export async function createOrganizationFor(
  auth: Auth,
  input: { userId: string; name: string; metadata?: Record<string, unknown> },
) {
  const org = await auth.api.createOrganization({
    body: {
      name: input.name,
      slug: slugFor(input.name),
      userId: input.userId,
      ...(input.metadata ? { metadata: input.metadata } : {}),
    },
  });
  if (!org) throw new Error('organization not created');
  return org;
}

export async function addMember(auth: Auth, input: { userId: string; organizationId: string; role: Role }) {
  return auth.api.addMember({ body: input });
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row;
}

export async function createBusinessProfile(
  db: Db,
  orgId: string,
  values: BusinessProfileValues & { companyName: string },
) {
  return upsertProfile(db, orgId, values);
}
