import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import { schema, type Db } from './db.ts';
import type { MailPort } from './mail.ts';
import { member } from '../db/schema/auth.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblems } from '@shared/auth/password-policy.ts';
import { resetPasswordMail } from '../modules/accounts/mails.ts';
import { auditAuthEndpoint, auditBeforeAuthEndpoint } from '../modules/security/auth-audit.ts';
import { refuseStepUpBypass } from '../modules/security/two-factor-guard.ts';
import { CLIENT_IP_HEADER } from './audit.ts';

/**
 * better-auth's own access control only governs its organization endpoints (members, invitations);
 * it mirrors the product's matrix in src/shared/auth/permissions.ts (manage_users, manage_organization).
 */
const ac = createAccessControl({
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const);
const manageAll = {
  organization: ['update'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const;
const authRoles = {
  super_admin: ac.newRole({ ...manageAll, organization: ['update', 'delete'] }),
  admin: ac.newRole(manageAll),
  manager: ac.newRole({}),
  user: ac.newRole({}),
  viewer: ac.newRole({}),
};

/** Reset links land on the login page, where the new password is set (core-app spec §2). */
export function resetLink(appUrl: string, token: string) {
  return `${appUrl}/login?resetToken=${encodeURIComponent(token)}`;
}

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Backup codes: 8 per set, 6 characters each (email-client spec §9). */
export const BACKUP_CODE_COUNT = 8;
export const BACKUP_CODE_LENGTH = 6;

export function createAuth(options: {
  db: Db;
  config: AppConfig;
  secret: string;
  mail: MailPort;
  log: FastifyBaseLogger;
}) {
  const { db, config, secret, mail, log } = options;
  return betterAuth({
    appName: 'Gestionale',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    // better-auth's messages go through our logger (and its level), not straight to the console.
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `auth: ${message}`),
    },
    // One rate limiter for the whole API (Fastify's), with our error shape and Retry-After.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    advanced: {
      cookiePrefix: 'gestionale',
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Our columns, returned with the session: the sessions list and step-up read them.
      additionalFields: {
        lastActiveAt: { type: 'date', required: false, input: false },
        reverifiedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }, request) {
        const locale = request?.headers.get('accept-language')?.toLowerCase().startsWith('it') ? 'it' : 'en';
        await mail.send(
          resetPasswordMail({
            to: user.email,
            name: user.name,
            link: resetLink(config.appUrl, token),
            locale,
          }),
          {
            userId: user.id,
          },
        );
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Issue 7: disabling two-factor, new backup codes and session revokes go through
        // /api/v1/security/* (step-up, audit, live-channel close), never straight to better-auth over HTTP.
        refuseStepUpBypass(ctx);
        // A sign-out is audited before better-auth deletes the session that says who signed out.
        await auditBeforeAuthEndpoint(db, ctx);
        const password =
          ctx.path === '/sign-up/email'
            ? (ctx.body as { password?: unknown } | undefined)?.password
            : ctx.path === '/reset-password'
              ? (ctx.body as { newPassword?: unknown } | undefined)?.newPassword
              : undefined;
        if (typeof password === 'string' && passwordProblems(password).length > 0) {
          throw new APIError('BAD_REQUEST', {
            code: 'PASSWORD_POLICY',
            message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters, a letter and a number`,
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await auditAuthEndpoint(db, ctx);
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Organization context (spec §6): exactly one organization is selected automatically.
          async before(session) {
            const memberships = await db
              .select({ organizationId: member.organizationId })
              .from(member)
              .where(eq(member.userId, session.userId))
              .limit(2);
            if (memberships.length === 1) {
              return { data: { ...session, activeOrganizationId: memberships[0]!.organizationId } };
            }
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: 'Gestionale',
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: BACKUP_CODE_LENGTH },
        // Five wrong codes lock the second factor for five minutes, on top of the route rate limit.
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 300 },
      }),
      organization({
        ac,
        roles: authRoles,
        creatorRole: 'super_admin',
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 48,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
