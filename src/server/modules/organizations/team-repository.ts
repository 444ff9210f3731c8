import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { invitation, member, organization, session, user } from '../../db/schema/auth.ts';

/** Members, invitations and the organization lock of the team routes. Every query names the organization. */

export async function listTeamMembers(db: DbOrTx, orgId: string) {
  return db
    .select({
      id: member.id,
      userId: member.userId,
      name: user.name,
      email: user.email,
      role: member.role,
      createdAt: member.createdAt,
    })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(eq(member.organizationId, orgId))
    .orderBy(asc(user.name), asc(member.id))
    .limit(1000);
}

/**
 * Locks the organization's row until the transaction ends. Every change of memberships and invitations takes
 * it first, so two of them in one organization run one after the other: two concurrent demotions cannot both
 * see "another super_admin is left", and two invitations to one address cannot both create a row.
 */
export async function lockOrganization(tx: Tx, orgId: string) {
  const [row] = await tx
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, orgId))
    .for('update');
  return row;
}

/** How many members the organization has, and how many of them have two-factor authentication on. */
export async function countMembersWithTwoFactor(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      twoFactorEnabled: sql<number>`(count(*) filter (where ${user.twoFactorEnabled}))::int`,
    })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(eq(member.organizationId, orgId));
  return { members: row?.members ?? 0, twoFactorEnabled: row?.twoFactorEnabled ?? 0 };
}

export async function findMember(db: DbOrTx, orgId: string, memberId: string) {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, role: member.role, email: user.email })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(and(eq(member.organizationId, orgId), eq(member.id, memberId)));
  return row;
}

export async function findMemberByUser(db: DbOrTx, orgId: string, userId: string) {
  const [row] = await db
    .select({ id: member.id, userId: member.userId, role: member.role, email: user.email })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)));
  return row;
}

export async function findMemberByEmail(db: DbOrTx, orgId: string, email: string) {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(member.userId, user.id))
    .where(and(eq(member.organizationId, orgId), eq(sql`lower(${user.email})`, email.toLowerCase())));
  return row;
}

export async function countSuperAdmins(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(member)
    .where(and(eq(member.organizationId, orgId), eq(member.role, 'super_admin')));
  return row?.n ?? 0;
}

export async function setMemberRole(db: DbOrTx, orgId: string, memberId: string, role: string) {
  await db
    .update(member)
    .set({ role })
    .where(and(eq(member.organizationId, orgId), eq(member.id, memberId)));
}

export async function deleteMember(db: DbOrTx, orgId: string, memberId: string) {
  await db.delete(member).where(and(eq(member.organizationId, orgId), eq(member.id, memberId)));
}

export async function insertMember(
  db: DbOrTx,
  values: { id: string; organizationId: string; userId: string; role: string },
) {
  await db.insert(member).values({ ...values, createdAt: new Date() });
}

/** The user's sessions stop pointing at an organization they left or were removed from. */
export async function forgetActiveOrganization(db: DbOrTx, userId: string, orgId: string) {
  await db
    .update(session)
    .set({ activeOrganizationId: null })
    .where(and(eq(session.userId, userId), eq(session.activeOrganizationId, orgId)));
}

// ─── Invitations ──────────────────────────────────────────────────────────────────────────────────────────

const invitationColumns = {
  id: invitation.id,
  organizationId: invitation.organizationId,
  email: invitation.email,
  role: invitation.role,
  status: invitation.status,
  expiresAt: invitation.expiresAt,
  createdAt: invitation.createdAt,
  inviterId: invitation.inviterId,
  invitedBy: user.name,
};

export type InvitationRow = {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: Date;
  createdAt: Date;
  inviterId: string;
  invitedBy: string | null;
};

/** Pending invitations (expired ones too: they can be sent again or cancelled), newest first. */
export async function listPendingInvitations(db: DbOrTx, orgId: string): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(invitation)
    .leftJoin(user, eq(invitation.inviterId, user.id))
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.status, 'pending')))
    .orderBy(sql`${invitation.createdAt} desc`, asc(invitation.id))
    .limit(500);
}

export async function findPendingInvitation(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitation)
    .leftJoin(user, eq(invitation.inviterId, user.id))
    .where(
      and(eq(invitation.organizationId, orgId), eq(invitation.id, id), eq(invitation.status, 'pending')),
    );
  return row;
}

export async function findPendingInvitationByEmail(db: DbOrTx, orgId: string, email: string) {
  const [row] = await db
    .select({ id: invitation.id, role: invitation.role })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, orgId),
        eq(sql`lower(${invitation.email})`, email.toLowerCase()),
        eq(invitation.status, 'pending'),
      ),
    )
    .orderBy(sql`${invitation.createdAt} desc`)
    .limit(1);
  return row;
}

export async function insertInvitation(
  db: DbOrTx,
  values: {
    id: string;
    organizationId: string;
    email: string;
    role: string;
    inviterId: string;
    expiresAt: Date;
  },
) {
  await db.insert(invitation).values({ ...values, status: 'pending', createdAt: new Date() });
}

/** Sending again: the role and inviter of the latest request, a fresh expiry. */
export async function renewInvitation(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { role?: string; inviterId: string; expiresAt: Date },
) {
  await db
    .update(invitation)
    .set(values)
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.id, id)));
}

export async function setInvitationStatus(
  db: DbOrTx,
  id: string,
  status: 'accepted' | 'canceled',
  orgId: string,
) {
  await db
    .update(invitation)
    .set({ status })
    .where(and(eq(invitation.organizationId, orgId), eq(invitation.id, id)));
}

/**
 * The invitation behind a link, with its organization and inviter: the link itself is the only scope here
 * (it was checked against its signature before this query).
 */
export async function findInvitationForLink(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: invitation.id,
      organizationId: invitation.organizationId,
      organizationName: organization.name,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      inviterId: invitation.inviterId,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(invitation.organizationId, organization.id))
    .leftJoin(user, eq(invitation.inviterId, user.id))
    .where(eq(invitation.id, id));
  return row;
}

export async function userExistsWithEmail(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return !!row;
}
