import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/app/api.ts';
import { onboardingFailureOf } from './onboarding-failure.ts';

const apiError = (status: number, code: string, message = 'x') => new ApiError({ status, code, message });

describe('onboardingFailureOf', () => {
  it('reads our error codes whatever the language of the message', () => {
    expect(onboardingFailureOf(apiError(409, 'BUSINESS_PROFILE_EXISTS', 'Esiste già un profilo'))).toBe(
      'already_exists',
    );
    expect(onboardingFailureOf(apiError(409, 'ALREADY_EXISTS'))).toBe('duplicate');
    expect(onboardingFailureOf(apiError(0, 'NETWORK_ERROR'))).toBe('network');
  });

  it('falls back to the message content, as the spec says', () => {
    expect(onboardingFailureOf(new Error('A business profile already exists for your account'))).toBe(
      'already_exists',
    );
    expect(onboardingFailureOf(new Error('duplicate key value violates unique constraint'))).toBe(
      'duplicate',
    );
    expect(onboardingFailureOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(onboardingFailureOf(apiError(500, 'INTERNAL', 'An unexpected error occurred'))).toBe('other');
    expect(onboardingFailureOf(undefined)).toBe('other');
  });
});
