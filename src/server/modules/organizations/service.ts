import { randomBytes } from 'node:crypto';
import { normalizeRole, permissionsOf } from '@shared/auth/permissions.ts';
import type { TMe } from '@shared/organizations/contracts.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { listMembershipsOfUser } from './repository.ts';
import { findProfile } from '../business-profiles/index.ts';

export function slugFor(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'org'}-${randomBytes(3).toString('hex')}`;
}

/**
 * The user's organizations and the active one (spec §6 organization context). A user with exactly one
 * organization and none active gets it activated here, so an organization created after sign-in counts.
 */
export async function describeUser(
  deps: { db: Db; auth: Auth },
  input: {
    user: { id: string; name: string; email: string };
    activeOrganizationId: string | null;
    headers: Headers;
  },
): Promise<TMe> {
  const memberships = (await listMembershipsOfUser(deps.db, input.user.id)).map((m) => ({
    ...m,
    role: normalizeRole(m.role),
  }));
  let activeId = input.activeOrganizationId;
  if (activeId && !memberships.some((m) => m.id === activeId)) activeId = null;
  if (!activeId && memberships.length === 1) {
    activeId = memberships[0]!.id;
    await deps.auth.api.setActiveOrganization({ body: { organizationId: activeId }, headers: input.headers });
  }
  const role = memberships.find((m) => m.id === activeId)?.role ?? null;
  const profile = activeId ? await findProfile(deps.db, activeId) : undefined;
  return {
    onboardingComplete: profile?.onboardingComplete ?? false,
    user: input.user,
    organizations: memberships,
    activeOrganizationId: activeId,
    role,
    permissions: role ? [...permissionsOf(role)] : [],
  };
}

export async function createOrganization(deps: { auth: Auth }, input: { name: string; headers: Headers }) {
  const created = await deps.auth.api.createOrganization({
    body: { name: input.name, slug: slugFor(input.name) },
    headers: input.headers,
  });
  if (!created) throw new AppError('INTERNAL');
  return { id: created.id, name: created.name, slug: created.slug, role: 'super_admin' as const };
}

export async function setActiveOrganization(
  deps: { db: Db; auth: Auth },
  input: { userId: string; organizationId: string; headers: Headers },
) {
  const memberships = await listMembershipsOfUser(deps.db, input.userId);
  // Not a member: the same answer as a missing organization, so ids of others reveal nothing.
  if (!memberships.some((m) => m.id === input.organizationId)) throw new AppError('NOT_FOUND');
  await deps.auth.api.setActiveOrganization({
    body: { organizationId: input.organizationId },
    headers: input.headers,
  });
}
