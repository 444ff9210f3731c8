import { classifyOnboardingFailure, type OnboardingFailure } from '@shared/business-profile/profile-rules.ts';
import { ApiError, NETWORK_ERROR } from '@web/app/api.ts';

/**
 * The onboarding failure alert of spec §8: by our error code first (the server's message is localised, so
 * the spec's English phrases may not appear in it), then by the message content as the spec says.
 */
export function onboardingFailureOf(error: unknown): OnboardingFailure {
  if (error instanceof ApiError) {
    if (error.code === 'BUSINESS_PROFILE_EXISTS') return 'already_exists';
    if (error.code === 'ALREADY_EXISTS') return 'duplicate';
    if (error.code === NETWORK_ERROR || error.status === 0) return 'network';
  }
  return classifyOnboardingFailure(error instanceof Error ? error.message : String(error ?? ''));
}
