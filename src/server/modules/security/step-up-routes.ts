import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { ZStepUpRequest, ZStepUpResult } from '@shared/security/contracts.ts';
import type { VerificationLevel } from '@shared/security/step-up.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { auditFromRequest } from '../../platform/audit.ts';
import { userOf } from '../../platform/request-context.ts';
import { findTwoFactorEnabled, markSessionReverified } from './auth-repository.ts';
import { verifyTotpCode } from './totp.ts';

/**
 * POST /api/v1/security/step-up: re-verifies the signed-in user (password, plus the TOTP code when
 * two-factor is on) and marks this session as recently verified for the sensitive actions.
 */
export const stepUpRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; authSecret: string }> = async (
  app,
  deps,
) => {
  app.post(
    '/api/v1/security/step-up',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: 5 * 60_000 } },
      schema: {
        tags: ['security'],
        summary: 'Confirm identity (password, and the 2FA code when enabled) before a sensitive action',
        body: ZStepUpRequest,
        response: { 200: ZStepUpResult },
      },
    },
    async (request) => {
      const signedIn = userOf(request);
      const fail = async (code: 'INVALID_PASSWORD' | 'INVALID_VERIFICATION_CODE') => {
        await auditFromRequest(deps.db, request, {
          action: 'step_up_failed',
          organizationId: null,
          details: { reason: code },
        });
        return new AppError(code);
      };
      try {
        await deps.auth.api.verifyPassword({
          body: { password: request.body.password },
          headers: fromNodeHeaders(request.headers),
        });
      } catch {
        throw await fail('INVALID_PASSWORD');
      }
      const twoFactor = await findTwoFactorEnabled(deps.db, signedIn.id);
      if (twoFactor) {
        const ok = await verifyTotpCode(deps, { userId: signedIn.id, code: request.body.code ?? '' });
        if (!ok) throw await fail('INVALID_VERIFICATION_CODE');
      }
      const verifiedAt = new Date();
      const level: VerificationLevel = twoFactor ? 'multi_factor' : 'first_factor';
      await markSessionReverified(deps.db, signedIn.sessionId, verifiedAt);
      await auditFromRequest(deps.db, request, {
        action: 'step_up_verified',
        organizationId: null,
        details: { level },
      });
      return { verifiedAt: verifiedAt.toISOString(), level };
    },
  );
};
