import type { TAccountSession } from '@shared/security/account-contracts.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from './sessions-repository.ts';
import type { Actor } from './two-factor-service.ts';
import { parseUserAgent } from './user-agent.ts';

export interface SessionsDeps {
  db: Db;
  hub: RealtimeHub;
}

/** The signed-in user's sessions with device and browser, the current one first. */
export async function listSessions(
  { db }: { db: Db },
  input: { userId: string; currentSessionId: string },
): Promise<TAccountSession[]> {
  const rows = await listUserSessions(db, input.userId);
  const items = rows.map((row) => ({
    id: row.id,
    current: row.id === input.currentSessionId,
    ...parseUserAgent(row.userAgent),
    ipAddress: row.ipAddress || null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
  return [...items.filter((s) => s.current), ...items.filter((s) => !s.current)];
}

/** Tells the live sockets of the revoked sessions to close (their HTTP requests already fail: no row). */
export async function announceRevoked(hub: RealtimeHub, sessionIds: string[]) {
  await Promise.all(sessionIds.map((id) => hub.publish(topics.session(id), { type: 'SESSION_REVOKED' })));
}

/**
 * Revokes one of the user's own sessions (any other id, including another user's: SESSION_NOT_FOUND).
 * Revoking the current one signs this browser out.
 */
export async function revokeSession(
  deps: SessionsDeps,
  input: { actor: Actor; currentSessionId: string; sessionId: string },
): Promise<void> {
  const userId = input.actor.userId!;
  await deps.db.transaction(async (tx) => {
    if (!(await deleteUserSession(tx, userId, input.sessionId))) throw new AppError('SESSION_NOT_FOUND');
    await recordAudit(tx, {
      ...input.actor,
      action: 'session_revoked',
      organizationId: null,
      details: { sessionId: input.sessionId, current: input.sessionId === input.currentSessionId },
    });
  });
  await announceRevoked(deps.hub, [input.sessionId]);
}

/** Revokes every session of the user except the current one; returns how many were ended. */
export async function revokeOtherSessions(
  deps: SessionsDeps,
  input: { actor: Actor; currentSessionId: string },
): Promise<number> {
  const userId = input.actor.userId!;
  const revoked = await deps.db.transaction(async (tx) => {
    const ids = await deleteOtherUserSessions(tx, userId, input.currentSessionId);
    if (ids.length === 0) return ids;
    await recordAudit(tx, {
      ...input.actor,
      action: 'sessions_revoked_others',
      organizationId: null,
      details: { count: ids.length, sessionIds: ids },
    });
    return ids;
  });
  await announceRevoked(deps.hub, revoked);
  return revoked.length;
}
