import type { FastifyRequest } from 'fastify';
import {
  isStepUpFresh,
  STEP_UP_ACTIONS,
  STEP_UP_PRESETS,
  type StepUpAction,
} from '@shared/security/step-up.ts';
import { findStepUpState } from './access-repository.ts';
import type { Db } from './db.ts';
import { AppError } from './errors.ts';

/**
 * A route hook for sensitive actions (core-app spec §6 step-up): passes when this session was re-verified
 * recently enough for `action`, otherwise answers STEP_UP_REQUIRED, which makes the web ask for the
 * password (and the code when two-factor is on) through POST /api/v1/security/step-up and retry.
 * Signing in does not count: a stolen session cookie alone never reaches these actions.
 */
export function requireStepUp(db: Db, action: StepUpAction) {
  return async (request: FastifyRequest) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED');
    const row = await findStepUpState(db, request.user.sessionId);
    if (row && isStepUpFresh(action, row.reverifiedAt)) return;
    const preset = STEP_UP_ACTIONS[action];
    throw new AppError('STEP_UP_REQUIRED', {
      action,
      preset,
      maxAgeMinutes: STEP_UP_PRESETS[preset].maxAgeMinutes,
      twoFactor: row?.twoFactorEnabled ?? false,
    });
  };
}
