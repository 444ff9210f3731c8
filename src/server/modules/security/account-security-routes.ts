import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import {
  ZAccountSessionList,
  ZBackupCodes,
  ZRevokedSessions,
  ZSessionIdParams,
  ZTwoFactorCodeRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@shared/security/account-contracts.ts';
import { CLIENT_IP_HEADER, originOf } from '../../platform/audit.ts';
import { userOf } from '../../platform/request-context.ts';
import { requireStepUp } from '../../platform/step-up.ts';
import type { SecurityModuleDeps } from './deps.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions-service.ts';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorSetup,
  twoFactorStatus,
  type Actor,
} from './two-factor-service.ts';

/** The request's headers for an `auth.api` call, with the client address as the /api/auth handler sets it. */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function actorOf(request: FastifyRequest): Actor {
  const user = userOf(request);
  const origin = originOf(request);
  return {
    userId: user.id,
    userEmail: user.email,
    ipAddress: origin.ipAddress ?? null,
    userAgent: origin.userAgent ?? null,
  };
}

/**
 * One's own account security (issue 7), for any signed-in user (no organization needed):
 * two-factor setup, backup codes and disabling through better-auth's plugin with our step-up in front
 * (better-auth's own disable and generate-backup-codes paths are refused over HTTP: two-factor-guard.ts),
 * and the sessions list with revocation, which also closes the revoked sessions' live sockets.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod<SecurityModuleDeps> = async (app, deps) => {
  const tags = ['security'];
  const codeRateLimit = {
    max: deps.config.authRateLimit.max,
    timeWindow: deps.config.authRateLimit.windowMs,
  };

  app.get(
    '/api/v1/security/two-factor',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether two-factor authentication is on, and how many backup codes are left',
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) => twoFactorStatus(deps, { userId: userOf(request).id }),
  );

  app.post(
    '/api/v1/security/two-factor/enable',
    {
      config: { access: 'user', rateLimit: codeRateLimit },
      schema: {
        tags,
        summary:
          'Start the two-factor setup (password required): the authenticator secret, its QR code and the ' +
          'backup codes, shown once. Two-factor turns on only after POST /two-factor/verify with a valid code',
        body: ZTwoFactorEnableRequest,
        response: { 200: ZTwoFactorSetup },
      },
    },
    async (request) =>
      startTwoFactorSetup(deps, {
        userId: userOf(request).id,
        password: request.body.password,
        headers: authHeaders(request),
      }),
  );

  app.post(
    '/api/v1/security/two-factor/verify',
    {
      config: { access: 'user', rateLimit: codeRateLimit },
      schema: {
        tags,
        summary: 'Confirm the setup with a code of the authenticator app: two-factor is on from now',
        body: ZTwoFactorCodeRequest,
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request, reply) => {
      const userId = userOf(request).id;
      const { cookies } = await confirmTwoFactorSetup(deps, {
        userId,
        code: request.body.code,
        headers: authHeaders(request),
      });
      // better-auth rotated the session when two-factor turned on: the browser gets the new cookie.
      if (cookies.length) reply.header('set-cookie', cookies);
      return twoFactorStatus(deps, { userId });
    },
  );

  app.post(
    '/api/v1/security/two-factor/disable',
    {
      config: { access: 'user' },
      preHandler: requireStepUp(deps.db, 'disable_two_factor'),
      schema: {
        tags,
        summary: 'Turn two-factor off and clear the backup codes (after a recent step-up: strict_mfa)',
        response: { 200: ZTwoFactorStatus },
      },
    },
    async (request) => {
      await disableTwoFactor(deps, actorOf(request));
      return twoFactorStatus(deps, { userId: userOf(request).id });
    },
  );

  app.post(
    '/api/v1/security/two-factor/backup-codes',
    {
      config: { access: 'user' },
      preHandler: requireStepUp(deps.db, 'regenerate_backup_codes'),
      schema: {
        tags,
        summary: 'Replace the backup codes with a new set of 8, shown once (after a recent step-up: strict)',
        response: { 200: ZBackupCodes },
      },
    },
    async (request) => ({ backupCodes: await regenerateBackupCodes(deps, actorOf(request)) }),
  );

  app.get(
    '/api/v1/security/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's sessions: device, browser, IP, last activity; the current one marked",
        response: { 200: ZAccountSessionList },
      },
    },
    async (request) => {
      const user = userOf(request);
      return { items: await listSessions(deps, { userId: user.id, currentSessionId: user.sessionId }) };
    },
  );

  app.delete(
    '/api/v1/security/sessions/:id',
    {
      config: { access: 'user' },
      preHandler: requireStepUp(deps.db, 'revoke_sessions'),
      schema: {
        tags,
        summary:
          'End one of your sessions: its next request is refused and its live channel closes (step-up: lax)',
        params: ZSessionIdParams,
        response: { 204: z.null().meta({ description: 'Revoked' }) },
      },
    },
    async (request, reply) => {
      await revokeSession(deps, {
        actor: actorOf(request),
        currentSessionId: userOf(request).sessionId,
        sessionId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/security/sessions/revoke-others',
    {
      config: { access: 'user' },
      preHandler: requireStepUp(deps.db, 'revoke_sessions'),
      schema: {
        tags,
        summary: 'End every session except this one (step-up: lax)',
        response: { 200: ZRevokedSessions },
      },
    },
    async (request) => ({
      revoked: await revokeOtherSessions(deps, {
        actor: actorOf(request),
        currentSessionId: userOf(request).sessionId,
      }),
    }),
  );
};
