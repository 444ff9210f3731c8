import { isAPIError } from 'better-auth/api';
import type { AuthHookContext, AuthHooks } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { recordAudit, originOf } from '../../platform/audit.ts';
import { refuseStepUpBypass } from './two-factor-guard.ts';
import {
  findSessionByToken,
  findUserEmail,
  findUserIdByEmail,
  findVerificationValue,
} from './auth-repository.ts';

/** better-auth's cookie of a sign-in waiting for its second factor (two-factor plugin). */
const TWO_FACTOR_COOKIE = 'two_factor';

/** The user of a pending two-factor sign-in, from its signed cookie (null when absent or spent). */
async function challengedUserId(db: Db, ctx: AuthHookContext): Promise<string | null> {
  const { createAuthCookie, secret } = ctx.context;
  if (!ctx.getSignedCookie || !createAuthCookie || !secret) return null;
  const identifier = await ctx.getSignedCookie(createAuthCookie(TWO_FACTOR_COOKIE).name, secret);
  if (!identifier) return null;
  return findVerificationValue(db, identifier);
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
      userEmail: userId ? await findUserEmail(db, userId) : null,
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
 * Runs in better-auth's after-hook for every auth endpoint (securityAuthHooks); unknown paths are ignored.
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
          userId: email ? await findUserIdByEmail(db, email) : null,
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
 * user is. Runs in better-auth's before-hook (securityAuthHooks).
 */
export async function auditBeforeAuthEndpoint(db: Db, ctx: AuthHookContext): Promise<void> {
  if (ctx.path !== '/sign-out') return;
  const { authCookies, secret } = ctx.context;
  if (!ctx.getSignedCookie || !authCookies || !secret) return;
  const token = await ctx.getSignedCookie(authCookies.sessionToken.name, secret);
  if (!token) return;
  const row = await findSessionByToken(db, token);
  if (!row) return;
  await recordAudit(db, {
    action: 'sign_out',
    userId: row.userId,
    userEmail: row.email,
    details: { sessionId: row.sessionId },
    ...originOf(ctx.headers ?? ctx.request?.headers),
  });
}

/**
 * What the security module adds to better-auth (app.ts passes it to createAuth): before an endpoint, the
 * step-up bypasses are refused (issue 7: disabling two-factor, new backup codes and session revokes go through
 * /api/v1/security/*) and a sign-out is audited while its session still says who signs out; after it, the
 * audit entry of a sign-in or a second factor.
 */
export function securityAuthHooks(db: Db): Pick<AuthHooks, 'before' | 'after'> {
  return {
    before: async (ctx) => {
      refuseStepUpBypass(ctx);
      await auditBeforeAuthEndpoint(db, ctx);
    },
    after: (ctx) => auditAuthEndpoint(db, ctx),
  };
}
