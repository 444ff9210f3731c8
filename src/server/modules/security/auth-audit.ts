import { isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { recordAudit, originOf } from '../../platform/audit.ts';
import { session, user, verification } from '../../db/schema/auth.ts';

/** What better-auth's hooks give us (a subset of its middleware context). */
export interface AuthHookContext {
  path: string;
  body?: unknown;
  headers?: Headers;
  request?: Request;
  getSignedCookie?: (key: string, secret: string) => Promise<string | null | false>;
  context: {
    returned?: unknown;
    newSession?: {
      user: { id: string; email: string; twoFactorEnabled?: boolean | null };
      session: { id: string };
    } | null;
    /** Set by endpoints that read the caller's session (e.g. verify-totp of a signed-in user). */
    session?: { user: { id: string; email: string } } | null;
    secret?: string;
    authCookies?: { sessionToken: { name: string } };
    createAuthCookie?: (name: string) => { name: string };
  };
}

/** better-auth's cookie of a sign-in waiting for its second factor (two-factor plugin). */
const TWO_FACTOR_COOKIE = 'two_factor';

async function userIdByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.id ?? null;
}

async function emailOf(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

/** The user of a pending two-factor sign-in, from its signed cookie (null when absent or spent). */
async function challengedUserId(db: Db, ctx: AuthHookContext): Promise<string | null> {
  const { createAuthCookie, secret } = ctx.context;
  if (!ctx.getSignedCookie || !createAuthCookie || !secret) return null;
  const identifier = await ctx.getSignedCookie(createAuthCookie(TWO_FACTOR_COOKIE).name, secret);
  if (!identifier) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, identifier));
  return row?.value ?? null;
}

function errorCodeOf(returned: unknown): string | null {
  if (!isAPIError(returned)) return null;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : String(returned.status);
}

/**
 * The second step of a sign-in (no session yet: better-auth reads its two-factor cookie) or, for a signed-in
 * user, the code that confirms a two-factor setup (`/api/v1/security/two-factor/verify` calls verify-totp).
 */
async function auditTwoFactorVerification(db: Db, ctx: AuthHookContext, method: 'totp' | 'backup_code') {
  const origin = originOf(ctx.headers ?? ctx.request?.headers);
  const failure = errorCodeOf(ctx.context.returned);
  const signedIn = ctx.context.session?.user ?? null;
  if (signedIn) {
    if (failure) {
      await recordAudit(db, {
        action: 'two_factor_failed',
        userId: signedIn.id,
        userEmail: signedIn.email,
        details: { stage: 'setup', method, reason: failure },
        ...origin,
      });
      return;
    }
    // Only the code that turns two-factor on rotates the session (better-auth sets a new one then).
    if (method === 'totp' && ctx.context.newSession) {
      await recordAudit(db, {
        action: 'two_factor_enabled',
        userId: signedIn.id,
        userEmail: signedIn.email,
        details: { method: 'totp' },
        ...origin,
      });
    }
    if (method === 'backup_code') {
      await recordAudit(db, {
        action: 'backup_code_used',
        userId: signedIn.id,
        userEmail: signedIn.email,
        details: { stage: 'signed_in' },
        ...origin,
      });
    }
    return;
  }

  if (failure) {
    const userId = await challengedUserId(db, ctx);
    await recordAudit(db, {
      action: 'two_factor_failed',
      userId,
      userEmail: userId ? await emailOf(db, userId) : null,
      details: { stage: 'sign_in', method, reason: failure },
      ...origin,
    });
    return;
  }
  const done = ctx.context.newSession;
  if (!done) return;
  const who = { userId: done.user.id, userEmail: done.user.email, ...origin };
  if (method === 'backup_code') {
    await recordAudit(db, { action: 'backup_code_used', details: { stage: 'sign_in' }, ...who });
  }
  await recordAudit(db, {
    action: 'sign_in',
    details: { method, sessionId: done.session.id },
    ...who,
  });
}

/**
 * Writes the audit entries of better-auth's own endpoints (sign-in, failed sign-in, the second factor).
 * Called from the after-hook in platform/auth.ts for every auth endpoint; unknown paths are ignored.
 */
export async function auditAuthEndpoint(db: Db, ctx: AuthHookContext): Promise<void> {
  const headers = ctx.headers ?? ctx.request?.headers;
  const origin = originOf(headers);
  const failed = isAPIError(ctx.context.returned);
  switch (ctx.path) {
    case '/sign-in/email': {
      const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '').slice(0, 320);
      if (failed) {
        await recordAudit(db, {
          action: 'sign_in_failed',
          userId: email ? await userIdByEmail(db, email) : null,
          userEmail: email || null,
          details: { method: 'password' },
          ...origin,
        });
        return;
      }
      const signedIn = ctx.context.newSession;
      // With two-factor on, the password alone signs nobody in: the two-factor plugin's after-hook (which runs
      // after this one) drops the session, and the entry is written when the code is checked. The product
      // offers no "trusted device", so a user with two-factor always gives the code.
      if (!signedIn || signedIn.user.twoFactorEnabled) return;
      await recordAudit(db, {
        action: 'sign_in',
        userId: signedIn.user.id,
        userEmail: signedIn.user.email,
        details: { method: 'password', sessionId: signedIn.session.id },
        ...origin,
      });
      return;
    }
    case '/two-factor/verify-totp':
      return auditTwoFactorVerification(db, ctx, 'totp');
    case '/two-factor/verify-backup-code':
      return auditTwoFactorVerification(db, ctx, 'backup_code');
    default:
      return;
  }
}

/**
 * Entries that must be written before better-auth acts: a sign-out deletes the session that tells who the
 * user is. Called from the before-hook in platform/auth.ts.
 */
export async function auditBeforeAuthEndpoint(db: Db, ctx: AuthHookContext): Promise<void> {
  if (ctx.path !== '/sign-out') return;
  const { authCookies, secret } = ctx.context;
  if (!ctx.getSignedCookie || !authCookies || !secret) return;
  const token = await ctx.getSignedCookie(authCookies.sessionToken.name, secret);
  if (!token) return;
  const [row] = await db
    .select({ sessionId: session.id, userId: user.id, email: user.email })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  if (!row) return;
  await recordAudit(db, {
    action: 'sign_out',
    userId: row.userId,
    userEmail: row.email,
    details: { sessionId: row.sessionId },
    ...originOf(ctx.headers ?? ctx.request?.headers),
  });
}
