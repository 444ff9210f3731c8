import { APIError } from 'better-auth/api';

/**
 * better-auth endpoints that would skip the step-up of a sensitive action (core-app spec §6), or its audit
 * entry and the live-channel close of a revoked session. The product does these through
 * /api/v1/security/two-factor/* and /api/v1/security/sessions/* instead.
 */
export const STEP_UP_BYPASS_PATHS: ReadonlySet<string> = new Set([
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
]);

/**
 * For better-auth's before-hook: answers 404 to an HTTP call of a bypass path. Server-side `auth.api` calls
 * (no Request) still pass, so a module may use them deliberately.
 */
export function refuseStepUpBypass(ctx: { path?: string; request?: Request }): void {
  if (ctx.request && ctx.path && STEP_UP_BYPASS_PATHS.has(ctx.path)) {
    throw new APIError('NOT_FOUND');
  }
}
