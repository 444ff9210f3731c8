import { normalizeRole } from '@shared/auth/permissions.ts';
import {
  deletionConfirmed,
  type TDeleteAccountBody,
  type TDeleteAccountResult,
  type TDeletionPlan,
  type TOrganizationDecision,
} from '@shared/privacy/contracts.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import { deletionOrder } from '../../db/table-registry.ts';

type Origin = Pick<AuditEntry, 'ipAddress' | 'userAgent'>;
type SignedInUser = { id: string; email: string };

/**
 * What deleting the account means for each organization: those the user is the only super admin of need a
 * decision (another member takes over, or the organization is deleted); the others are simply left.
 */
export async function deletionPlan(
  { db }: { db: Db },
  { user: signedIn }: { user: SignedInUser },
): Promise<TDeletionPlan> {
  const memberships = await repo.membershipsWithCounts(db, signedIn.id);
  const sole = memberships.filter((m) => m.role === 'super_admin' && m.superAdmins <= 1);
  const others = await repo.otherMembers(
    db,
    sole.map((m) => m.id),
    signedIn.id,
  );
  return {
    confirmationText: signedIn.email,
    needsDecision: sole.map((m) => ({
      id: m.id,
      name: m.name,
      memberCount: m.members,
      candidates: others
        .filter((o) => o.organizationId === m.id)
        .map((o) => ({ userId: o.userId, name: o.name, email: o.email, role: normalizeRole(o.role) })),
    })),
    leaves: memberships
      .filter((m) => !sole.includes(m))
      .map((m) => ({ id: m.id, name: m.name, role: normalizeRole(m.role) })),
  };
}

/** The decision for every organization that needs one, or the error naming those without. */
function decisionsFor(plan: TDeletionPlan, given: TOrganizationDecision[]) {
  const byId = new Map(given.map((d) => [d.id, d]));
  const missing = plan.needsDecision.filter((o) => !byId.has(o.id));
  if (missing.length > 0) {
    throw AppError.withParams(
      'ORGANIZATION_DECISION_REQUIRED',
      { names: missing.map((o) => o.name).join(', ') },
      { organizations: missing.map((o) => ({ id: o.id, name: o.name })) },
    );
  }
  return plan.needsDecision.map((org) => {
    const decision = byId.get(org.id)!;
    if (decision.action === 'transfer' && !org.candidates.some((c) => c.userId === decision.toUserId)) {
      throw new AppError('TRANSFER_TARGET_INVALID', { organizationId: org.id });
    }
    return { org, decision };
  });
}

/**
 * Deletes the signed-in user's account (GDPR art. 17) in one transaction: organizations they alone
 * administer are handed to the chosen member or deleted with all their data, then the user goes with their
 * sessions, sign-in methods and memberships. The audit entries are written so that they outlive both: the
 * log has no foreign key to users, and `organization_deleted` is kept outside the deleted organization.
 * Returns the ids of the sessions that ended, for the caller to close their live connections.
 */
export async function deleteAccount(
  { db }: { db: Db },
  input: {
    user: SignedInUser;
    request: TDeleteAccountBody;
    origin: Origin;
  },
): Promise<{ result: TDeleteAccountResult; endedSessionIds: string[]; fileKeys: string[] }> {
  const { user: signedIn, origin } = input;
  if (!deletionConfirmed(input.request.confirmation, signedIn.email)) {
    throw new AppError('CONFIRMATION_MISMATCH');
  }

  return db.transaction(async (tx) => {
    // Read inside the transaction under the organizations' locks, so the decisions are checked against the
    // memberships being changed and two deletions (or a deletion and a demotion) cannot both pass.
    await repo.lockUserOrganizations(tx, signedIn.id);
    const plan = await deletionPlan({ db: tx }, { user: signedIn });
    const decisions = decisionsFor(plan, input.request.organizations);
    const actor = { userId: signedIn.id, userEmail: signedIn.email, ...origin };
    const deleted: string[] = [];
    const transferred: { id: string; toUserId: string }[] = [];
    const fileKeys: string[] = [];

    for (const { org, decision } of decisions) {
      if (decision.action === 'transfer') {
        const target = org.candidates.find((c) => c.userId === decision.toUserId)!;
        await repo.setRole(tx, org.id, target.userId, 'super_admin');
        await recordAudit(tx, {
          ...actor,
          action: 'role_changed',
          organizationId: org.id,
          targetUserId: target.userId,
          details: { from: target.role, to: 'super_admin', reason: 'account_deleted' },
        });
        transferred.push({ id: org.id, toUserId: target.userId });
        continue;
      }
      fileKeys.push(...(await repo.storedFileKeysOf(tx, org.id)));
      for (const table of deletionOrder()) await repo.deleteOrganizationRows(tx, table, org.id);
      await repo.deleteOrganizationRow(tx, org.id);
      await repo.clearActiveOrganization(tx, org.id);
      // Not tied to the organization row (that would cascade it away with the rest).
      await recordAudit(tx, {
        ...actor,
        action: 'organization_deleted',
        organizationId: null,
        details: {
          organizationId: org.id,
          organizationName: org.name,
          members: org.memberCount,
          reason: 'account_deleted',
        },
      });
      deleted.push(org.id);
    }

    const summary = { organizationsDeleted: deleted, organizationsTransferred: transferred };
    // One entry of the user's own, and one in every organization that stays, so its admins see who left.
    await recordAudit(tx, { ...actor, action: 'account_deleted', organizationId: null, details: summary });
    const remaining = [...plan.leaves.map((o) => o.id), ...transferred.map((o) => o.id)];
    for (const organizationId of remaining) {
      await recordAudit(tx, { ...actor, action: 'account_deleted', organizationId, details: {} });
    }

    const endedSessionIds = await repo.sessionIdsOf(tx, signedIn.id);
    await repo.deleteUserRow(tx, signedIn.id);
    return { result: { deleted: true as const, ...summary }, endedSessionIds, fileKeys };
  });
}
