import type { Locale } from '../errors/error-codes.ts';
import { fieldSection, type FieldKey } from '../i18n/catalogue.ts';

export type OnboardingMessageKey = Extract<FieldKey, `onboarding.${string}`>;

/**
 * Onboarding and business-profile texts (core-app spec §5 and §8), from the catalogue (fields.json, section
 * `onboarding`): the zod contracts carry the keys as issue messages; the web shows the text in its language.
 * The English wording is the spec's.
 */
export const ONBOARDING_MESSAGES = {
  en: fieldSection('en', 'onboarding'),
  it: fieldSection('it', 'onboarding'),
} as Record<Locale, Record<OnboardingMessageKey, string>>;

export function isOnboardingMessageKey(value: string): value is OnboardingMessageKey {
  return Object.hasOwn(ONBOARDING_MESSAGES.en, value);
}

/** The text for a key; any other string (e.g. a server message) is returned unchanged. */
export function onboardingMessage(key: string, locale: Locale): string {
  return isOnboardingMessageKey(key) ? ONBOARDING_MESSAGES[locale][key] : key;
}
