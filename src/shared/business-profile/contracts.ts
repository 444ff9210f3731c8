import { z } from 'zod';
import {
  isValidCodiceFiscale,
  isValidPartitaIva,
  normalizeCodiceFiscale,
  normalizePartitaIva,
} from './italian-tax-ids.ts';
import { unsupportedCharacters } from '../invoicing/latin-text.ts';
import type { OnboardingMessageKey } from './messages.ts';
import { COMPANY_NAME_MAX_LENGTH, isSimpleEmail, isWebsiteUrl } from './profile-rules.ts';
import { PROVINCE_CODES, findProvince, isProvinceCode } from './provinces.ts';
import { TAX_REGIME_CODES } from './tax-regimes.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * Onboarding wizard and business-profile contracts (core-app spec §2, §3, §5), shared by the server route
 * and the web forms. Issue messages are translation keys (ONBOARDING_MESSAGES), never English text.
 * Optional text inputs accept "" (an empty form field) and give `undefined`; values come out trimmed and
 * normalised (P.IVA digits only, codice fiscale and province uppercase, website with https:// if no scheme).
 */
export const BUSINESS_TYPES = [
  'sole_proprietorship',
  'partnership',
  'corporation',
  'llc',
  'nonprofit',
  'other',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const INDUSTRIES = [
  'technology',
  'healthcare',
  'finance',
  'retail',
  'manufacturing',
  'consulting',
  'education',
  'real_estate',
  'hospitality',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const EMPLOYEE_COUNTS = ['1', '2-10', '11-50', '51-200', '201-500', '500+'] as const;
export type EmployeeCount = (typeof EMPLOYEE_COUNTS)[number];

/** Italy, United States, Germany, France, Spain, Other; Italy is the default. */
export const COUNTRIES = ['IT', 'US', 'DE', 'FR', 'ES', 'OTHER'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'IT';

export const ONBOARDING_STEP_COUNT = 3;

const err = (key: OnboardingMessageKey) => ({ error: key });

const blank = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

interface TextRule {
  normalize?: (value: string) => string;
  isValid: (value: string) => boolean;
  /** A message key (OnboardingMessageKey, or a key with parameters). */
  error: string;
}
const maxLength = (max: number): TextRule => ({
  isValid: (v) => v.length <= max,
  error: tooLong(max).error,
});

/** Optional at onboarding: "", blank or absent → undefined; otherwise trimmed, normalised and checked. */
function optionalText(rule: TextRule) {
  return z
    .string()
    .transform((v) => {
      const value = blank(v);
      return value === undefined || !rule.normalize ? value : rule.normalize(value);
    })
    .refine((v) => v === undefined || rule.isValid(v), { error: rule.error })
    .optional();
}

/** Partial update: absent → unchanged; null, "" or blank → null (cleared); otherwise normalised and checked. */
function clearableText(rule: TextRule) {
  return z
    .string()
    .nullable()
    .transform((v) => {
      const value = blank(v ?? undefined);
      if (value === undefined) return null;
      return rule.normalize ? rule.normalize(value) : value;
    })
    .refine((v) => v === null || rule.isValid(v), { error: rule.error })
    .optional();
}

function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  error: OnboardingMessageKey,
) {
  return z
    .union([z.literal(''), z.enum(values)], err(error))
    .transform((v) => v || undefined)
    .optional();
}

function clearableChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  error: OnboardingMessageKey,
) {
  return z
    .union([z.literal(''), z.enum(values)], err(error))
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .optional();
}

const required = (key: OnboardingMessageKey, max: number) =>
  z.string(err(key)).trim().min(1, err(key)).max(max, tooLong(max));

/** Text the e-invoice writes as Latin-1 (names, street, city): what has no Latin form is refused here. */
const latinOnly = (v: string) => unsupportedCharacters(v).length === 0;

const companyName = z
  .string(err('onboarding.errors.companyNameRequired'))
  .trim()
  .min(1, err('onboarding.errors.companyNameRequired'))
  .max(COMPANY_NAME_MAX_LENGTH, err('onboarding.errors.companyNameTooLong'))
  .refine(latinOnly, err('onboarding.errors.unsupportedCharacters'));

/** "www.rossi.it" → "https://www.rossi.it"; a value with a scheme is left as typed. */
export function withWebsiteScheme(value: string): string {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

const RULES = {
  partitaIva: {
    normalize: normalizePartitaIva,
    isValid: isValidPartitaIva,
    error: 'onboarding.errors.invalidPartitaIva',
  },
  codiceFiscale: {
    normalize: normalizeCodiceFiscale,
    isValid: isValidCodiceFiscale,
    error: 'onboarding.errors.invalidCodiceFiscale',
  },
  pec: { isValid: (v) => v.length <= 254 && isSimpleEmail(v), error: 'onboarding.errors.invalidPec' },
  email: { isValid: (v) => v.length <= 254 && isSimpleEmail(v), error: 'onboarding.errors.invalidEmail' },
  website: {
    normalize: withWebsiteScheme,
    isValid: (v) => v.length <= 255 && isWebsiteUrl(v),
    error: 'onboarding.errors.invalidWebsite',
  },
  province: {
    normalize: (v) => v.toUpperCase(),
    isValid: isProvinceCode,
    error: 'onboarding.errors.invalidProvince',
  },
} satisfies Record<string, TextRule>;

const ITALIAN_CAP = /^\d{5}$/;

export const ZOnboardingStep1 = z.object({
  companyName,
  businessType: z.enum(BUSINESS_TYPES, err('onboarding.errors.businessTypeRequired')),
  industry: z.enum(INDUSTRIES, err('onboarding.errors.industryRequired')),
});

/** state is the spec's required "state/province" text; province is the optional Italian sigla. */
export const ZOnboardingAddress = z
  .object({
    street: required('onboarding.errors.streetRequired', 255).refine(
      latinOnly,
      err('onboarding.errors.unsupportedCharacters'),
    ),
    city: required('onboarding.errors.cityRequired', 100).refine(
      latinOnly,
      err('onboarding.errors.unsupportedCharacters'),
    ),
    state: required('onboarding.errors.stateRequired', 100),
    zipCode: required('onboarding.errors.zipCodeRequired', 20),
    country: z
      .union([z.literal(''), z.enum(COUNTRIES)], err('onboarding.errors.invalidChoice'))
      .optional()
      .transform((v): Country => v || DEFAULT_COUNTRY),
    province: optionalText(RULES.province),
  })
  .superRefine((address, ctx) => {
    // Only a filled CAP is checked: an empty one already has its "required" message.
    const zip = address.zipCode;
    if (address.country === 'IT' && typeof zip === 'string' && zip !== '' && !ITALIAN_CAP.test(zip)) {
      ctx.addIssue({ code: 'custom', path: ['zipCode'], message: 'onboarding.errors.invalidZipCode' });
    }
  });

export const ZOnboardingStep2 = z.object({
  address: ZOnboardingAddress,
  phone: required('onboarding.errors.phoneRequired', 30),
});

export const ZOnboardingStep3 = z.object({
  taxId: optionalText(maxLength(50)),
  website: optionalText(RULES.website),
  employeeCount: optionalChoice(EMPLOYEE_COUNTS, 'onboarding.errors.invalidChoice'),
  description: optionalText(maxLength(2000)),
  partitaIva: optionalText(RULES.partitaIva),
  codiceFiscale: optionalText(RULES.codiceFiscale),
  taxRegime: optionalChoice(TAX_REGIME_CODES, 'onboarding.errors.invalidTaxRegime'),
  pec: optionalText(RULES.pec),
});

/** The body of the onboarding request: the three steps together. The server adds organization and user. */
export const ZOnboardingSubmission = z.object({
  ...ZOnboardingStep1.shape,
  ...ZOnboardingStep2.shape,
  ...ZOnboardingStep3.shape,
});

/** Form field paths per step, e.g. for react-hook-form's trigger() before Next. */
export const ONBOARDING_STEP_FIELDS = {
  1: ['companyName', 'businessType', 'industry'],
  2: [
    'address.street',
    'address.city',
    'address.state',
    'address.zipCode',
    'address.country',
    'address.province',
    'phone',
  ],
  3: ['taxId', 'website', 'employeeCount', 'description', 'partitaIva', 'codiceFiscale', 'taxRegime', 'pec'],
} as const;

export type TOnboardingStep1 = z.output<typeof ZOnboardingStep1>;
export type TOnboardingStep2 = z.output<typeof ZOnboardingStep2>;
export type TOnboardingStep3 = z.output<typeof ZOnboardingStep3>;
export type TOnboardingSubmission = z.output<typeof ZOnboardingSubmission>;
/** What the form holds before parsing (strings, "" for empty inputs). */
export type TOnboardingFormValues = z.input<typeof ZOnboardingSubmission>;

const nullableText = z.string().nullable();

/** The profile as the API returns it. vatNumber is the Partita IVA; dates are ISO strings. */
export const ZBusinessProfile = z.object({
  id: z.string(),
  organizationId: z.string(),
  companyName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  industry: z.enum(INDUSTRIES),
  taxId: nullableText,
  vatNumber: nullableText,
  codiceFiscale: nullableText,
  taxRegime: z.enum(TAX_REGIME_CODES).nullable(),
  pec: nullableText,
  website: nullableText,
  phone: nullableText,
  email: nullableText,
  street: nullableText,
  city: nullableText,
  state: nullableText,
  province: z.enum(PROVINCE_CODES).nullable(),
  postalCode: nullableText,
  country: z.enum(COUNTRIES).nullable(),
  employeeCount: z.enum(EMPLOYEE_COUNTS).nullable(),
  description: nullableText,
  logoUrl: nullableText,
  onboardingComplete: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TBusinessProfile = z.output<typeof ZBusinessProfile>;

/**
 * The settings form (partial update): every field optional; absent leaves it unchanged, null or "" clears
 * it. Company name, business type, industry, phone and country can be changed but not cleared. The logo has
 * its own upload.
 */
export const ZBusinessProfileInput = z
  .object({
    companyName: companyName.optional(),
    businessType: z.enum(BUSINESS_TYPES, err('onboarding.errors.businessTypeRequired')).optional(),
    industry: z.enum(INDUSTRIES, err('onboarding.errors.industryRequired')).optional(),
    taxId: clearableText(maxLength(50)),
    vatNumber: clearableText(RULES.partitaIva),
    codiceFiscale: clearableText(RULES.codiceFiscale),
    taxRegime: clearableChoice(TAX_REGIME_CODES, 'onboarding.errors.invalidTaxRegime'),
    pec: clearableText(RULES.pec),
    website: clearableText(RULES.website),
    phone: required('onboarding.errors.phoneRequired', 30).optional(),
    email: clearableText(RULES.email),
    street: clearableText(maxLength(255)),
    city: clearableText(maxLength(100)),
    state: clearableText(maxLength(100)),
    province: clearableText(RULES.province),
    postalCode: clearableText(maxLength(20)),
    country: z.enum(COUNTRIES, err('onboarding.errors.invalidChoice')).optional(),
    employeeCount: clearableChoice(EMPLOYEE_COUNTS, 'onboarding.errors.invalidChoice'),
    description: clearableText(maxLength(2000)),
  })
  .superRefine((input, ctx) => {
    if (input.country === 'IT' && input.postalCode && !ITALIAN_CAP.test(input.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'onboarding.errors.invalidZipCode' });
    }
    for (const field of ['street', 'city'] as const) {
      const value = input[field];
      if (value && !latinOnly(value)) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'onboarding.errors.unsupportedCharacters' });
      }
    }
  });
export type TBusinessProfileInput = z.output<typeof ZBusinessProfileInput>;
export type TBusinessProfileFormValues = z.input<typeof ZBusinessProfileInput>;

/**
 * A parsed onboarding submission as profile fields, for the create call. The state text is kept as typed;
 * for Italy the province sigla is the chosen one or, failing that, the state text when it names a
 * province ("MI", "Milano").
 */
export function onboardingToProfileInput(s: TOnboardingSubmission): TBusinessProfileInput {
  const { address } = s;
  const province = address.province ?? (address.country === 'IT' ? findProvince(address.state) : undefined);
  return {
    companyName: s.companyName,
    businessType: s.businessType,
    industry: s.industry,
    taxId: s.taxId ?? null,
    vatNumber: s.partitaIva ?? null,
    codiceFiscale: s.codiceFiscale ?? null,
    taxRegime: s.taxRegime ?? null,
    pec: s.pec ?? null,
    website: s.website ?? null,
    phone: s.phone,
    street: address.street,
    city: address.city,
    state: address.state,
    province: province ?? null,
    postalCode: address.zipCode,
    country: address.country,
    employeeCount: s.employeeCount ?? null,
    description: s.description ?? null,
  };
}
