import { isApiError } from '@web/app/api.ts';

/**
 * The user closed the identity check that a sensitive action asked for (api() gives the refusal back):
 * nothing to report, the action simply did not happen.
 */
export function isStepUpCancelled(error: unknown): boolean {
  return isApiError(error) && error.code === 'STEP_UP_REQUIRED';
}
