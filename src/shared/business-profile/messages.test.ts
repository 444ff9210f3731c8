import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES, isOnboardingMessageKey, onboardingMessage } from './messages.ts';

describe('ONBOARDING_MESSAGES', () => {
  it("uses the spec's English wording for the required fields", () => {
    const en = ONBOARDING_MESSAGES.en;
    expect(en['onboarding.errors.companyNameRequired']).toBe('Company name is required');
    expect(en['onboarding.errors.businessTypeRequired']).toBe('Business type is required');
    expect(en['onboarding.errors.industryRequired']).toBe('Industry is required');
    expect(en['onboarding.errors.streetRequired']).toBe('Street address is required');
    expect(en['onboarding.errors.cityRequired']).toBe('City is required');
    expect(en['onboarding.errors.stateRequired']).toBe('State is required');
    expect(en['onboarding.errors.zipCodeRequired']).toBe('ZIP code is required');
    expect(en['onboarding.errors.phoneRequired']).toBe('Phone number is required');
    expect(en['onboarding.errors.companyNameTooLong']).toBe('Company name must be less than 255 characters');
    expect(en['onboarding.errors.invalidEmail']).toBe('Invalid email format');
    expect(en['onboarding.errors.invalidWebsite']).toBe('Invalid website URL format');
  });
  it('translates every message into Italian', () => {
    for (const key of Object.keys(ONBOARDING_MESSAGES.en)) {
      if (!isOnboardingMessageKey(key)) throw new Error(key);
      expect(ONBOARDING_MESSAGES.it[key]).not.toBe(ONBOARDING_MESSAGES.en[key]);
    }
  });
});

describe('onboardingMessage', () => {
  it('gives the text of a key in the chosen language', () => {
    expect(onboardingMessage('onboarding.errors.cityRequired', 'en')).toBe('City is required');
    expect(onboardingMessage('onboarding.errors.cityRequired', 'it')).toBe('La città è obbligatoria');
  });
  it('returns any other text unchanged', () => {
    expect(onboardingMessage('Something else', 'it')).toBe('Something else');
    expect(onboardingMessage('toString', 'en')).toBe('toString');
  });
});
