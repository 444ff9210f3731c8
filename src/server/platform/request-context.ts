import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import {
  hasAllPermissions,
  normalizeRole,
  permissionsOf,
  type Permission,
  type Role,
} from '@shared/auth/permissions.ts';
import { findMembershipRole, findSessionWithMembership, touchSessionAt } from './access-repository.ts';
import type { Auth } from './auth.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';
import { signedSessionToken } from './session-cookie.ts';

/**
 * How a route is reached. Set per route in `config.access` (default `org`):
 * - public: anyone;  user: signed in;  org: signed in with an active organization (and optional permissions).
 */
export type RouteAccess = 'public' | 'user' | 'org';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    permissions?: readonly Permission[];
  }
  interface FastifyRequest {
    /** Set for `user` and `org` routes. */
    user?: {
      id: string;
      name: string;
      email: string;
      sessionId: string;
      activeOrganizationId: string | null;
    };
    /** Set for `org` routes: the tenancy scope every service call receives. */
    org?: { id: string; role: Role; permissions: readonly Permission[] };
  }
}

const LAST_ACTIVE_RESOLUTION_MS = 60_000;

/** Keeps `last_active_at` for the sessions list, writing at most once a minute per session. */
async function touchSession(db: Db, current: { id: string; lastActiveAt?: Date | null }) {
  const now = new Date();
  const last = current.lastActiveAt ? new Date(current.lastActiveAt) : null;
  if (last && now.getTime() - last.getTime() < LAST_ACTIVE_RESOLUTION_MS) return;
  await touchSessionAt(db, current.id, now);
}

export async function resolveMembership(db: Db, userId: string, organizationId: string) {
  const role = await findMembershipRole(db, userId, organizationId);
  return role === undefined ? null : normalizeRole(role);
}

type Identity = {
  user: NonNullable<FastifyRequest['user']>;
  lastActiveAt: Date | null;
  /** The role in the active organization; undefined when not read yet (the slow path reads it after). */
  role?: Role | null;
};

/**
 * The session of a request, and the role in its active organization, in one query for a signed-in request. A
 * session that has expired or is due for its daily refresh goes through better-auth's getSession instead, which
 * deletes or extends it exactly as its own endpoints do. No cookie, a bad signature or an unknown token: no session.
 */
function createSessionReader(deps: { auth: Auth; db: Db }) {
  const settings = deps.auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));
  return async (request: FastifyRequest): Promise<Identity | null> => {
    const { cookieName, secret, expiresInMs, updateAgeMs } = await settings;
    const token = signedSessionToken(request.headers.cookie, cookieName, secret);
    if (!token) return null; // better-auth finds no session without a genuine cookie either
    const found = await findSessionWithMembership(deps.db, token);
    if (!found) return null;
    const expiresAt = new Date(found.expiresAt).getTime();
    const now = Date.now();
    if (expiresAt > now && expiresAt - expiresInMs + updateAgeMs > now) {
      return {
        user: {
          id: found.userId,
          name: found.name,
          email: found.email,
          sessionId: found.sessionId,
          activeOrganizationId: found.activeOrganizationId,
        },
        lastActiveAt: found.lastActiveAt,
        role: found.role === null ? null : normalizeRole(found.role),
      };
    }
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    return {
      user: {
        id: session.user.id,
        name: session.user.name,
        email: session.user.email,
        sessionId: session.session.id,
        activeOrganizationId:
          (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null,
      },
      lastActiveAt: session.session.lastActiveAt ?? null,
    };
  };
}

/** One guard for every /api/v1 route: authentication, organization scope, permission matrix. */
export function registerAccessGuard(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const readSession = createSessionReader(deps);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config ?? {};
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/v1') && config.access === undefined) return;
    const access: RouteAccess = config.access ?? 'org';
    if (access === 'public') return;

    const identity = await readSession(request);
    if (!identity) throw new AppError('UNAUTHENTICATED');
    await touchSession(deps.db, { id: identity.user.sessionId, lastActiveAt: identity.lastActiveAt });
    request.user = identity.user;
    if (access === 'user') return;

    const activeOrganizationId = identity.user.activeOrganizationId;
    if (!activeOrganizationId) throw new AppError('ORGANIZATION_REQUIRED');
    const role =
      identity.role !== undefined
        ? identity.role
        : await resolveMembership(deps.db, identity.user.id, activeOrganizationId);
    // Removed from the organization since the session chose it.
    if (!role) throw new AppError('ORGANIZATION_REQUIRED');
    const required = config.permissions ?? [];
    if (!hasAllPermissions(role, required)) throw new AppError('FORBIDDEN');
    request.org = { id: activeOrganizationId, role, permissions: permissionsOf(role) };
  });
}

/** For handlers of `org` routes: the scope, guaranteed by the guard. */
export function scopeOf(request: FastifyRequest) {
  if (!request.user || !request.org) throw new AppError('UNAUTHENTICATED');
  return {
    orgId: request.org.id,
    userId: request.user.id,
    email: request.user.email,
    role: request.org.role,
  };
}

export function userOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
