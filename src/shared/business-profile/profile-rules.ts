import type { OnboardingMessageKey } from './messages.ts';

/**
 * Business-profile rules of the service (core-app spec §5) and the onboarding failure choice (§8), free of any
 * framework so the server service, the web and the tests share them.
 */

/** "Shorter than 255 characters": 254 is the longest accepted company name. */
export const COMPANY_NAME_MAX_LENGTH = 254;

/** The profile's simple address pattern; the mail service uses a stricter one (spec §5). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL_PATTERN.test(value);
}

/** A parseable URL (spec §5), and only http or https: a website is shown as a link. */
export function isWebsiteUrl(value: string): boolean {
  // Browsers' URL parsers accept spaces in host names ("https://not a url"); Node's does not. Refuse both.
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

/** The fields the create and update rules read. Profiles belong to an organization (DESIGN.md §4). */
export interface ProfileDraft {
  organizationId?: string | null;
  companyName?: string | null;
  businessType?: string | null;
  industry?: string | null;
  email?: string | null;
  website?: string | null;
}

export interface ProfileRuleError {
  field: keyof ProfileDraft;
  /** The spec's English text, e.g. "COMPANY NAME is required". */
  message: string;
  /** The translation key of the same error (ONBOARDING_MESSAGES). */
  key: OnboardingMessageKey;
}

/** "{FIELD} is required": the column name uppercased, underscores as spaces ("company_name" → "COMPANY NAME"). */
export function requiredMessage(column: string): string {
  return `${column.toUpperCase().replace(/_/g, ' ')} is required`;
}

/** The spec's user_id is our organization_id: the profile is the organization's. */
const REQUIRED: readonly [keyof ProfileDraft, string, OnboardingMessageKey][] = [
  ['organizationId', 'organization_id', 'onboarding.errors.organizationRequired'],
  ['companyName', 'company_name', 'onboarding.errors.companyNameRequired'],
  ['businessType', 'business_type', 'onboarding.errors.businessTypeRequired'],
  ['industry', 'industry', 'onboarding.errors.industryRequired'],
];

function formatErrors(draft: ProfileDraft): ProfileRuleError[] {
  const errors: ProfileRuleError[] = [];
  if (filled(draft.companyName) && (draft.companyName as string).length > COMPANY_NAME_MAX_LENGTH) {
    errors.push({
      field: 'companyName',
      message: 'Company name must be less than 255 characters',
      key: 'onboarding.errors.companyNameTooLong',
    });
  }
  if (filled(draft.email) && !isSimpleEmail((draft.email as string).trim())) {
    errors.push({ field: 'email', message: 'Invalid email format', key: 'onboarding.errors.invalidEmail' });
  }
  if (filled(draft.website) && !isWebsiteUrl((draft.website as string).trim())) {
    errors.push({
      field: 'website',
      message: 'Invalid website URL format',
      key: 'onboarding.errors.invalidWebsite',
    });
  }
  return errors;
}

/** Create: the required fields (blank counts as missing), then the format rules. Empty list = valid. */
export function validateProfileForCreate(draft: ProfileDraft): ProfileRuleError[] {
  const missing = REQUIRED.filter(([field]) => !filled(draft[field])).map(
    ([field, column, key]): ProfileRuleError => ({ field, message: requiredMessage(column), key }),
  );
  return [...missing, ...formatErrors(draft)];
}

/** Update: the required-field check is skipped (spec §5); format rules apply to the fields given. */
export function validateProfileForUpdate(draft: ProfileDraft): ProfileRuleError[] {
  return formatErrors(draft);
}

/** The fields that completeness and setup progress read; a TBusinessProfile fits. */
export interface ProfileLike {
  companyName?: string | null;
  businessType?: string | null;
  industry?: string | null;
  phone?: string | null;
  street?: string | null;
  taxId?: string | null;
  vatNumber?: string | null;
  codiceFiscale?: string | null;
  website?: string | null;
  employeeCount?: string | null;
  description?: string | null;
}

/** Profile complete: company name, business type, industry and phone non-blank (spec §5). */
export function isProfileComplete(profile: ProfileLike | null | undefined): boolean {
  if (!profile) return false;
  return [profile.companyName, profile.businessType, profile.industry, profile.phone].every(filled);
}

/** The nine fields of setup progress, in the spec's order. */
export const SETUP_FIELDS = [
  'company_name',
  'business_type',
  'industry',
  'phone',
  'address',
  'tax_id',
  'website',
  'employee_count',
  'description',
] as const;
export type SetupField = (typeof SETUP_FIELDS)[number];

/**
 * How each field counts as filled (non-blank). "address" is the street line: city and postal code alone do not
 * make an address. "tax_id" is any tax identifier: the free tax ID, the Partita IVA or the codice fiscale.
 */
const SETUP_CHECKS: Record<SetupField, (p: ProfileLike) => boolean> = {
  company_name: (p) => filled(p.companyName),
  business_type: (p) => filled(p.businessType),
  industry: (p) => filled(p.industry),
  phone: (p) => filled(p.phone),
  address: (p) => filled(p.street),
  tax_id: (p) => filled(p.taxId) || filled(p.vatNumber) || filled(p.codiceFiscale),
  website: (p) => filled(p.website),
  employee_count: (p) => filled(p.employeeCount),
  description: (p) => filled(p.description),
};

/** The setup fields still empty, in the spec's order (all nine when there is no profile). */
export function missingSetupFields(profile: ProfileLike | null | undefined): SetupField[] {
  return SETUP_FIELDS.filter((field) => !profile || !SETUP_CHECKS[field](profile));
}

/** Rounded percentage of the nine setup fields that are filled: 0 … 100 (4 of 9 → 44). */
export function setupProgress(profile: ProfileLike | null | undefined): number {
  const done = SETUP_FIELDS.length - missingSetupFields(profile).length;
  return Math.round((done / SETUP_FIELDS.length) * 100);
}

export const ONBOARDING_FAILURES = ['already_exists', 'duplicate', 'network', 'other'] as const;
export type OnboardingFailure = (typeof ONBOARDING_FAILURES)[number];

export const ONBOARDING_FAILURE_KEYS: Record<OnboardingFailure, OnboardingMessageKey> = {
  already_exists: 'onboarding.failure.alreadyExists',
  duplicate: 'onboarding.failure.duplicate',
  network: 'onboarding.failure.network',
  other: 'onboarding.failure.other',
};

/** After "already exists" the wizard goes to /dashboard after this delay (spec §9). */
export const ONBOARDING_ALREADY_EXISTS_REDIRECT_MS = 2000;

/**
 * The onboarding alert, chosen by message content in the spec's order (§8), ignoring case. "Failed to fetch"
 * (the browser's text for an unreachable server) also counts as a network error.
 */
export function classifyOnboardingFailure(message: string | null | undefined): OnboardingFailure {
  const text = (message ?? '').toLowerCase();
  if (text.includes('business profile already exists')) return 'already_exists';
  if (text.includes('duplicate key')) return 'duplicate';
  if (text.includes('network') || text.includes('failed to fetch')) return 'network';
  return 'other';
}
