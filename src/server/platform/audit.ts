import type { FastifyRequest } from 'fastify';
import { severityOf, type AuditAction } from '@shared/security/audit.ts';
import { insertAuditLog } from './access-repository.ts';
import type { Db } from './db.ts';

export interface AuditEntry {
  action: AuditAction;
  /** Null for events of the user alone (sign-in, two-factor, sessions). */
  organizationId?: string | null;
  userId?: string | null;
  userEmail?: string | null;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Set by the /api/auth handler from Fastify's view of the client address (sessions list, audit log). */
export const CLIENT_IP_HEADER = 'x-gestionale-client-ip';

/** Where a request came from, for the audit entry (Fastify request or a Fetch Headers object). */
export function originOf(source: FastifyRequest | Headers | null | undefined) {
  if (!source) return {};
  if (source instanceof Headers) {
    return {
      ipAddress: source.get(CLIENT_IP_HEADER),
      userAgent: source.get('user-agent')?.slice(0, 500) ?? null,
    };
  }
  return { ipAddress: source.ip, userAgent: source.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Writes one security event. Inside a transaction pass the transaction, so the entry and the change it
 * records commit together; outside one, a failure to audit fails the action rather than going unrecorded.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditLog(db, {
    action: entry.action,
    severity: severityOf(entry.action),
    organizationId: entry.organizationId ?? null,
    userId: entry.userId ?? null,
    userEmail: entry.userEmail ?? null,
    targetUserId: entry.targetUserId ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
  });
}

/** The common case: an event by the signed-in user of a request. */
export function auditFromRequest(
  db: Db,
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'userId' | 'userEmail' | 'ipAddress' | 'userAgent'>,
) {
  return recordAudit(db, {
    userId: request.user?.id ?? null,
    userEmail: request.user?.email ?? null,
    organizationId: entry.organizationId === undefined ? (request.org?.id ?? null) : entry.organizationId,
    ...originOf(request),
    ...entry,
  });
}
