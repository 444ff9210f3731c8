import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization, twoFactor } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import { schema, type Db } from './db.ts';
import type { MailPort, OutgoingMail } from './mail.ts';
import { listMembershipOrganizationIds } from './access-repository.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblems } from '@shared/auth/password-policy.ts';
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

/** What the modules add to better-auth; app.ts passes them in, so this adapter imports no module. */
export type AuthHooks = {
  /** The e-mail with a password-reset link (modules/accounts). */
  resetPasswordMail: (input: { to: string; name: string; link: string; locale: 'it' | 'en' }) => OutgoingMail;
  /** Before every endpoint, ahead of the password policy; refuses it by throwing better-auth's APIError. */
  before: (ctx: AuthHookContext) => Promise<void>;
  /** After every endpoint. */
  after: (ctx: AuthHookContext) => Promise<void>;
};

export function createAuth(options: {
  db: Db;
  config: AppConfig;
  secret: string;
  mail: MailPort;
  log: FastifyBaseLogger;
  hooks: AuthHooks;
}) {
  const { db, config, secret, mail, log, hooks } = options;
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
          hooks.resetPasswordMail({
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
        await hooks.before(ctx);
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
        await hooks.after(ctx);
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Organization context (spec §6): exactly one organization is selected automatically.
          async before(session) {
            const memberships = await listMembershipOrganizationIds(db, session.userId, 2);
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
