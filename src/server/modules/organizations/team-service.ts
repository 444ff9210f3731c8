import { randomUUID } from 'node:crypto';
import {
  hasPermission,
  isRole,
  normalizeRole,
  type Permission,
  type Role,
} from '@shared/auth/permissions.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import {
  TEAM_INVITATION_TTL_HOURS,
  canAssignRole,
  invitePagePath,
  type TAcceptedInvitation,
  type TInviteResult,
  type TPublicTeamInvitation,
  type TSecuritySummary,
  type TTeamInvitation,
  type TTeamMember,
} from '@shared/organizations/team-contracts.ts';
import type { AuditAction } from '@shared/security/audit.ts';
import type { Auth } from '../../platform/auth.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailPort } from '../../platform/mail.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import { deleteUserSessions } from '../security/index.ts';
import { announceRevoked } from '../security/index.ts';
import { teamInvitationMail } from './invitation-mail.ts';
import { invitationIdOf, invitationToken, newInvitationId } from './invitation-token.ts';
import * as repo from './team-repository.ts';

/**
 * Members, roles and invitations of an organization (issue 7). Rules:
 * - roles are one of ROLES, anything else is INVALID_ROLE ("Invalid role specified");
 * - only a super_admin gives or takes super_admin (ROLE_NOT_ASSIGNABLE);
 * - the last super_admin cannot be demoted, removed or leave (LAST_SUPER_ADMIN); every membership change
 *   locks the organization row first, so concurrent changes are checked one after the other;
 * - every invite, cancel, accept, role change, removal and leave is audited in the same transaction.
 */

export type TeamDeps = { db: Db; auth: Auth; mail: MailPort; appUrl: string; authSecret: string };

/** The signed-in member acting, and where the request came from (for the audit log). */
export type Actor = {
  orgId: string;
  userId: string;
  email: string;
  role: Role;
  origin: { ipAddress?: string | null; userAgent?: string | null };
};

/**
 * Removing a member needs delete_users (super_admin only in the matrix): it is the one difference between
 * super_admin and admin, and removal is the product's only way of deleting a user from an organization.
 * Admins keep inviting, cancelling invitations and changing roles (manage_users).
 */
export const REMOVE_MEMBER_PERMISSION: Permission = 'delete_users';

const HOUR_MS = 60 * 60 * 1000;
const expiryFrom = (now: Date) => new Date(now.getTime() + TEAM_INVITATION_TTL_HOURS * HOUR_MS);

function roleOf(value: unknown): Role {
  if (!isRole(value)) throw new AppError('INVALID_ROLE');
  return value;
}

function audit(db: Db, actor: Actor, action: AuditAction, targetUserId: string | null, details: object) {
  return recordAudit(db, {
    action,
    organizationId: actor.orgId,
    userId: actor.userId,
    userEmail: actor.email,
    targetUserId,
    details: details as Record<string, unknown>,
    ipAddress: actor.origin.ipAddress ?? null,
    userAgent: actor.origin.userAgent ?? null,
  });
}

/** Runs `work` in a transaction holding the organization's lock (see repo.lockOrganization). */
async function withOrganizationLock<T>(
  db: Db,
  orgId: string,
  work: (tx: Db, org: { id: string; name: string }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const org = await repo.lockOrganization(tx, orgId);
    if (!org) throw new AppError('NOT_FOUND');
    return work(tx, org);
  });
}

/**
 * The acting member's role as it is now, read under the lock: a member demoted a moment ago cannot finish a
 * request the guard let in before.
 */
async function currentRole(tx: Db, actor: Actor, needs: Permission): Promise<Role> {
  const self = await repo.findMemberByUser(tx, actor.orgId, actor.userId);
  if (!self) throw new AppError('ORGANIZATION_REQUIRED');
  const role = normalizeRole(self.role);
  if (!hasPermission(role, needs)) throw new AppError('FORBIDDEN');
  return role;
}

// ─── Members ──────────────────────────────────────────────────────────────────────────────────────────────

export async function listTeam(
  { db }: { db: Db },
  scope: { orgId: string; userId: string },
): Promise<TTeamMember[]> {
  const rows = await repo.listTeamMembers(db, scope.orgId);
  return rows.map((m) => ({
    id: m.id,
    userId: m.userId,
    name: m.name,
    email: m.email,
    role: normalizeRole(m.role),
    joinedAt: m.createdAt.toISOString(),
    isYou: m.userId === scope.userId,
  }));
}

export async function changeMemberRole(
  { db }: { db: Db },
  { actor, ...input }: { actor: Actor; memberId: string; role: unknown },
): Promise<TTeamMember> {
  const to = roleOf(input.role);
  await withOrganizationLock(db, actor.orgId, async (tx) => {
    const target = await repo.findMember(tx, actor.orgId, input.memberId);
    if (!target) throw new AppError('NOT_FOUND');
    const from = normalizeRole(target.role);
    const actorRole = await currentRole(tx, actor, 'manage_users');
    if (!canAssignRole(actorRole, from, to)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    if (from === to) return;
    if (from === 'super_admin' && (await repo.countSuperAdmins(tx, actor.orgId)) <= 1) {
      throw new AppError('LAST_SUPER_ADMIN');
    }
    await repo.setMemberRole(tx, actor.orgId, target.id, to);
    await audit(tx, actor, 'role_changed', target.userId, { from, to, email: target.email });
  });
  const member = (await listTeam({ db }, actor)).find((m) => m.id === input.memberId);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

/** Tells the user's open live sockets to stop hearing the organization (after the change is committed). */
async function announceMembershipEnded(hub: RealtimeHub, userId: string, organizationId: string) {
  await hub.publish(topics.membership(userId), { type: 'MEMBERSHIP_ENDED', organizationId });
}

export async function removeMember(
  deps: { db: Db; hub: RealtimeHub },
  { actor, memberId }: { actor: Actor; memberId: string },
): Promise<void> {
  const removedUserId = await withOrganizationLock(deps.db, actor.orgId, async (tx) => {
    const target = await repo.findMember(tx, actor.orgId, memberId);
    if (!target) throw new AppError('NOT_FOUND');
    const role = normalizeRole(target.role);
    const actorRole = await currentRole(tx, actor, REMOVE_MEMBER_PERMISSION);
    if (!canAssignRole(actorRole, role, role)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    if (role === 'super_admin' && (await repo.countSuperAdmins(tx, actor.orgId)) <= 1) {
      throw new AppError('LAST_SUPER_ADMIN');
    }
    await repo.deleteMember(tx, actor.orgId, target.id);
    await repo.forgetActiveOrganization(tx, target.userId, actor.orgId);
    await audit(tx, actor, 'member_removed', target.userId, { from: role, email: target.email });
    return target.userId;
  });
  await announceMembershipEnded(deps.hub, removedUserId, actor.orgId);
}

/** How many members the organization has and how many use two-factor authentication (one query). */
export async function securitySummary(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<TSecuritySummary> {
  return repo.countMembersWithTwoFactor(db, orgId);
}

/**
 * Ends every session of a member's user (a lost laptop): manage_security_settings, and only for someone whose
 * role the actor could give (ROLE_NOT_ASSIGNABLE otherwise). Signing oneself out keeps the current session.
 * Audited in the same transaction; the live sockets of the ended sessions are told to close afterwards.
 */
export async function signOutMember(
  deps: { db: Db; hub: RealtimeHub },
  { actor, memberId }: { actor: Actor & { sessionId: string }; memberId: string },
): Promise<number> {
  const revoked = await withOrganizationLock(deps.db, actor.orgId, async (tx) => {
    const target = await repo.findMember(tx, actor.orgId, memberId);
    if (!target) throw new AppError('NOT_FOUND');
    const role = normalizeRole(target.role);
    const actorRole = await currentRole(tx, actor, 'manage_security_settings');
    if (!canAssignRole(actorRole, role, role)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    const keep = target.userId === actor.userId ? actor.sessionId : null;
    const ids = await deleteUserSessions(tx, target.userId, keep);
    await audit(tx, actor, 'member_signed_out', target.userId, { count: ids.length, email: target.email });
    return ids;
  });
  await announceRevoked(deps.hub, revoked);
  return revoked.length;
}

/** Leaving: any member, except the last super_admin (who appoints another one first). */
export async function leaveOrganization(deps: { db: Db; hub: RealtimeHub }, actor: Actor): Promise<void> {
  await withOrganizationLock(deps.db, actor.orgId, async (tx) => {
    const self = await repo.findMemberByUser(tx, actor.orgId, actor.userId);
    if (!self) throw new AppError('ORGANIZATION_REQUIRED');
    const role = normalizeRole(self.role);
    if (role === 'super_admin' && (await repo.countSuperAdmins(tx, actor.orgId)) <= 1) {
      throw new AppError('LAST_SUPER_ADMIN');
    }
    await repo.deleteMember(tx, actor.orgId, self.id);
    await repo.forgetActiveOrganization(tx, actor.userId, actor.orgId);
    await audit(tx, actor, 'member_left', actor.userId, { from: role, email: self.email });
  });
  await announceMembershipEnded(deps.hub, actor.userId, actor.orgId);
}

// ─── Invitations ──────────────────────────────────────────────────────────────────────────────────────────

function toInvitation(row: repo.InvitationRow, now = new Date()): TTeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: normalizeRole(row.role),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function listInvitations(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<TTeamInvitation[]> {
  const now = new Date();
  return (await repo.listPendingInvitations(db, orgId)).map((row) => toInvitation(row, now));
}

async function sendInvitationMail(
  deps: TeamDeps,
  actor: Actor & { name: string },
  invitation: { id: string; email: string; role: Role; organizationName: string },
  locale: Locale,
) {
  const token = invitationToken(deps.authSecret, invitation.id);
  await deps.mail.send(
    teamInvitationMail({
      to: invitation.email,
      organizationName: invitation.organizationName,
      inviterName: actor.name,
      role: invitation.role,
      link: `${deps.appUrl}${invitePagePath(token)}`,
      locale,
    }),
    { organizationId: actor.orgId, userId: actor.userId },
  );
}

/**
 * Invites an address with a role. A pending invitation to the same address is sent again (same link, the
 * new role, a fresh 48 h) rather than duplicated; a member's address is refused (MEMBER_ALREADY_EXISTS).
 */
export async function inviteMember(
  deps: TeamDeps,
  { actor, ...input }: { actor: Actor & { name: string }; email: string; role: unknown; locale: Locale },
): Promise<TInviteResult> {
  const role = roleOf(input.role);
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const outcome = await withOrganizationLock(deps.db, actor.orgId, async (tx, org) => {
    const actorRole = await currentRole(tx, actor, 'manage_users');
    if (!canAssignRole(actorRole, null, role)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    if (await repo.findMemberByEmail(tx, actor.orgId, email)) {
      throw AppError.withParams('MEMBER_ALREADY_EXISTS', { email });
    }
    const pending = await repo.findPendingInvitationByEmail(tx, actor.orgId, email);
    // Re-inviting replaces the pending role: only someone who could give that role may change it.
    if (pending && !canAssignRole(actorRole, normalizeRole(pending.role), role)) {
      throw new AppError('ROLE_NOT_ASSIGNABLE');
    }
    const id = pending?.id ?? newInvitationId();
    if (pending) {
      await repo.renewInvitation(tx, actor.orgId, id, {
        role,
        inviterId: actor.userId,
        expiresAt: expiryFrom(now),
      });
    } else {
      await repo.insertInvitation(tx, {
        id,
        organizationId: actor.orgId,
        email,
        role,
        inviterId: actor.userId,
        expiresAt: expiryFrom(now),
      });
    }
    await audit(tx, actor, 'member_invited', null, { to: role, email, resent: !!pending });
    return { id, resent: !!pending, organizationName: org.name };
  });
  await sendInvitationMail(
    deps,
    actor,
    { id: outcome.id, email, role, organizationName: outcome.organizationName },
    input.locale,
  );
  const row = await repo.findPendingInvitation(deps.db, actor.orgId, outcome.id);
  if (!row) throw new AppError('NOT_FOUND');
  return { invitation: toInvitation(row), resent: outcome.resent };
}

/** Sends a pending invitation again: the same link, a fresh 48 h (an expired one works again). */
export async function resendInvitation(
  deps: TeamDeps,
  { actor, ...input }: { actor: Actor & { name: string }; invitationId: string; locale: Locale },
): Promise<TTeamInvitation> {
  const result = await withOrganizationLock(deps.db, actor.orgId, async (tx, org) => {
    const row = await repo.findPendingInvitation(tx, actor.orgId, input.invitationId);
    if (!row) throw new AppError('NOT_FOUND');
    const role = normalizeRole(row.role);
    const actorRole = await currentRole(tx, actor, 'manage_users');
    if (!canAssignRole(actorRole, null, role)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    await repo.renewInvitation(tx, actor.orgId, row.id, {
      inviterId: actor.userId,
      expiresAt: expiryFrom(new Date()),
    });
    await audit(tx, actor, 'member_invited', null, { to: role, email: row.email, resent: true });
    return { row, role, organizationName: org.name };
  });
  await sendInvitationMail(
    deps,
    actor,
    {
      id: result.row.id,
      email: result.row.email,
      role: result.role,
      organizationName: result.organizationName,
    },
    input.locale,
  );
  const row = await repo.findPendingInvitation(deps.db, actor.orgId, input.invitationId);
  if (!row) throw new AppError('NOT_FOUND');
  return toInvitation(row);
}

export async function cancelInvitation(
  { db }: { db: Db },
  { actor, invitationId }: { actor: Actor; invitationId: string },
): Promise<void> {
  await withOrganizationLock(db, actor.orgId, async (tx) => {
    const row = await repo.findPendingInvitation(tx, actor.orgId, invitationId);
    if (!row) throw new AppError('NOT_FOUND');
    const role = normalizeRole(row.role);
    const actorRole = await currentRole(tx, actor, 'manage_users');
    // A super_admin invitation is cancelled only by someone who could have sent it.
    if (!canAssignRole(actorRole, role, role)) throw new AppError('ROLE_NOT_ASSIGNABLE');
    await repo.setInvitationStatus(tx, row.id, 'canceled', actor.orgId);
    await audit(tx, actor, 'invitation_cancelled', null, { to: role, email: row.email });
  });
}

// ─── The invitee's side (/invite/:token) ──────────────────────────────────────────────────────────────────

async function invitationOfLink(db: Db, authSecret: string, token: string) {
  const id = invitationIdOf(authSecret, token);
  const row = id ? await repo.findInvitationForLink(db, id) : undefined;
  if (!row) throw new AppError('TEAM_INVITATION_INVALID');
  return row;
}

/** What the invitation page shows; works signed out (the link is the credential). */
export async function describeInvitation(
  deps: { db: Db; authSecret: string },
  token: string,
): Promise<TPublicTeamInvitation> {
  const row = await invitationOfLink(deps.db, deps.authSecret, token);
  const expired = row.expiresAt.getTime() <= Date.now();
  const status =
    row.status === 'accepted'
      ? 'accepted'
      : row.status === 'pending'
        ? expired
          ? 'expired'
          : 'pending'
        : 'canceled';
  return {
    organizationName: row.organizationName,
    inviterName: row.inviterName,
    role: normalizeRole(row.role),
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
    status,
    hasAccount: await repo.userExistsWithEmail(deps.db, row.email),
  };
}

/**
 * Accepting: the signed-in user whose address the invitation was sent to becomes a member with the invited
 * role, and the organization becomes the active one of this session.
 */
export async function acceptInvitation(
  deps: { db: Db; auth: Auth; authSecret: string },
  input: {
    token: string;
    user: { id: string; email: string };
    origin: Actor['origin'];
    headers: Headers;
  },
): Promise<TAcceptedInvitation> {
  const link = await invitationOfLink(deps.db, deps.authSecret, input.token);
  const result = await deps.db.transaction(async (tx) => {
    await repo.lockOrganization(tx, link.organizationId);
    // Read again under the lock: a cancel or another accept may have just finished.
    const row = await repo.findInvitationForLink(tx, link.id);
    if (!row || row.status !== 'pending' || row.expiresAt.getTime() <= Date.now()) {
      throw new AppError('TEAM_INVITATION_INVALID');
    }
    if (row.email.toLowerCase() !== input.user.email.toLowerCase()) {
      throw AppError.withParams('TEAM_INVITATION_EMAIL_MISMATCH', { email: row.email });
    }
    const role = normalizeRole(row.role);
    const existing = await repo.findMemberByUser(tx, row.organizationId, input.user.id);
    // Already a member (added another way): the invitation is used up, the current role stays.
    if (!existing) {
      await repo.insertMember(tx, {
        id: randomUUID(),
        organizationId: row.organizationId,
        userId: input.user.id,
        role,
      });
    }
    await repo.setInvitationStatus(tx, row.id, 'accepted', row.organizationId);
    await recordAudit(tx, {
      action: 'invitation_accepted',
      organizationId: row.organizationId,
      userId: input.user.id,
      userEmail: input.user.email,
      targetUserId: input.user.id,
      details: {
        to: existing ? normalizeRole(existing.role) : role,
        email: row.email,
        invitedBy: row.inviterId,
      },
      ipAddress: input.origin.ipAddress ?? null,
      userAgent: input.origin.userAgent ?? null,
    });
    return {
      organizationId: row.organizationId,
      organizationName: row.organizationName,
      role: existing ? normalizeRole(existing.role) : role,
    };
  });
  await deps.auth.api.setActiveOrganization({
    body: { organizationId: result.organizationId },
    headers: input.headers,
  });
  return result;
}
