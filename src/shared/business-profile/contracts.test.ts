import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BUSINESS_TYPES,
  COUNTRIES,
  DEFAULT_COUNTRY,
  EMPLOYEE_COUNTS,
  INDUSTRIES,
  ONBOARDING_STEP_FIELDS,
  ZBusinessProfile,
  ZBusinessProfileInput,
  ZOnboardingStep1,
  ZOnboardingStep2,
  ZOnboardingStep3,
  ZOnboardingSubmission,
  onboardingToProfileInput,
  withWebsiteScheme,
  type TOnboardingFormValues,
} from './contracts.ts';
import { isOnboardingMessageKey } from './messages.ts';

/** path → message of every issue, for compact assertions. */
function issues(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const emptyForm: TOnboardingFormValues = {
  companyName: '',
  businessType: '' as never, // a select with nothing chosen
  industry: '' as never,
  address: { street: '', city: '', state: '', zipCode: '', country: 'IT', province: '' },
  phone: '',
  taxId: '',
  website: '',
  employeeCount: '',
  description: '',
  partitaIva: '',
  codiceFiscale: '',
  taxRegime: '',
  pec: '',
};

const filledForm: TOnboardingFormValues = {
  ...emptyForm,
  companyName: '  Alimentari Rossi S.r.l. ',
  businessType: 'llc',
  industry: 'retail',
  address: {
    street: 'Via Roma 1',
    city: 'Milano',
    state: 'Milano',
    zipCode: '20121',
    country: 'IT',
    province: '',
  },
  phone: '+39 02 1234567',
};

describe('choices', () => {
  it("match the spec's lists", () => {
    expect(BUSINESS_TYPES).toEqual([
      'sole_proprietorship',
      'partnership',
      'corporation',
      'llc',
      'nonprofit',
      'other',
    ]);
    expect(INDUSTRIES).toHaveLength(10);
    expect(INDUSTRIES).toContain('real_estate');
    expect(EMPLOYEE_COUNTS).toEqual(['1', '2-10', '11-50', '51-200', '201-500', '500+']);
    expect(COUNTRIES).toEqual(['IT', 'US', 'DE', 'FR', 'ES', 'OTHER']);
    expect(DEFAULT_COUNTRY).toBe('IT');
  });
});

describe('onboarding steps: required fields', () => {
  it('step 1 gives the three required keys', () => {
    expect(issues(ZOnboardingStep1, emptyForm)).toEqual({
      companyName: ['onboarding.errors.companyNameRequired'],
      businessType: ['onboarding.errors.businessTypeRequired'],
      industry: ['onboarding.errors.industryRequired'],
    });
  });
  it('step 1 gives the same keys when the fields are absent altogether', () => {
    expect(issues(ZOnboardingStep1, {})).toEqual({
      companyName: ['onboarding.errors.companyNameRequired'],
      businessType: ['onboarding.errors.businessTypeRequired'],
      industry: ['onboarding.errors.industryRequired'],
    });
  });
  it('step 2 gives one key per empty address field and the phone', () => {
    expect(issues(ZOnboardingStep2, emptyForm)).toEqual({
      'address.street': ['onboarding.errors.streetRequired'],
      'address.city': ['onboarding.errors.cityRequired'],
      'address.state': ['onboarding.errors.stateRequired'],
      'address.zipCode': ['onboarding.errors.zipCodeRequired'],
      phone: ['onboarding.errors.phoneRequired'],
    });
  });
  it('treats blank text as empty', () => {
    expect(issues(ZOnboardingStep1, { ...filledForm, companyName: '   ' })).toEqual({
      companyName: ['onboarding.errors.companyNameRequired'],
    });
  });
  it('step 3 is entirely optional', () => {
    expect(ZOnboardingStep3.safeParse(emptyForm).success).toBe(true);
    expect(ZOnboardingStep3.safeParse({}).success).toBe(true);
  });
  it('every message is a known translation key', () => {
    const all = Object.values(issues(ZOnboardingSubmission, { address: {} })).flat();
    expect(all.length).toBeGreaterThan(0);
    for (const message of all) expect(isOnboardingMessageKey(message)).toBe(true);
  });
});

describe('onboarding submission: values', () => {
  it('parses a filled form, trimming text and turning empty optionals into undefined', () => {
    const data = ZOnboardingSubmission.parse(filledForm);
    expect(data.companyName).toBe('Alimentari Rossi S.r.l.');
    expect(data.address.country).toBe('IT');
    expect(data.address.province).toBeUndefined();
    expect(data.website).toBeUndefined();
    expect(data.employeeCount).toBeUndefined();
    expect(data.taxRegime).toBeUndefined();
    expect(data.partitaIva).toBeUndefined();
  });
  it('defaults the country to Italy', () => {
    const { country: _country, ...address } = filledForm.address;
    expect(ZOnboardingSubmission.parse({ ...filledForm, address }).address.country).toBe('IT');
    expect(
      ZOnboardingSubmission.parse({ ...filledForm, address: { ...address, country: '' } }).address.country,
    ).toBe('IT');
  });
  it('rejects a country outside the list', () => {
    expect(
      issues(ZOnboardingStep2, { ...filledForm, address: { ...filledForm.address, country: 'GB' } }),
    ).toEqual({
      'address.country': ['onboarding.errors.invalidChoice'],
    });
  });
  it('limits the company name to 254 characters', () => {
    expect(ZOnboardingStep1.safeParse({ ...filledForm, companyName: 'a'.repeat(254) }).success).toBe(true);
    expect(issues(ZOnboardingStep1, { ...filledForm, companyName: 'a'.repeat(255) })).toEqual({
      companyName: ['onboarding.errors.companyNameTooLong'],
    });
  });
  it('checks the Italian CAP only when the country is Italy and a CAP is given', () => {
    const address = filledForm.address;
    expect(issues(ZOnboardingStep2, { ...filledForm, address: { ...address, zipCode: '2012' } })).toEqual({
      'address.zipCode': ['onboarding.errors.invalidZipCode'],
    });
    const us = { ...address, country: 'US' as const, zipCode: '94105-1234', state: 'CA' };
    expect(ZOnboardingStep2.safeParse({ ...filledForm, address: us }).success).toBe(true);
  });
  it('normalises and checks the province sigla', () => {
    const address = filledForm.address;
    expect(
      ZOnboardingStep2.parse({ ...filledForm, address: { ...address, province: 'mi' } }).address.province,
    ).toBe('MI');
    expect(issues(ZOnboardingStep2, { ...filledForm, address: { ...address, province: 'XX' } })).toEqual({
      'address.province': ['onboarding.errors.invalidProvince'],
    });
  });
  it('rejects values that are too long', () => {
    expect(issues(ZOnboardingStep2, { ...filledForm, phone: '1'.repeat(31) })).toEqual({
      phone: ['errors.textTooLong?max=30'],
    });
    expect(issues(ZOnboardingStep3, { description: 'x'.repeat(2001) })).toEqual({
      description: ['errors.textTooLong?max=2000'],
    });
  });
});

describe('onboarding step 3: Italian fields', () => {
  it('normalises a valid Partita IVA and codice fiscale', () => {
    const data = ZOnboardingStep3.parse({
      partitaIva: 'IT 00743110157',
      codiceFiscale: ' rssmra85t10a562s ',
    });
    expect(data.partitaIva).toBe('00743110157');
    expect(data.codiceFiscale).toBe('RSSMRA85T10A562S');
  });
  it('accepts a company codice fiscale of 11 digits', () => {
    expect(ZOnboardingStep3.parse({ codiceFiscale: '00743110157' }).codiceFiscale).toBe('00743110157');
  });
  it('rejects invalid tax identifiers, PEC, website and choices', () => {
    expect(
      issues(ZOnboardingStep3, {
        partitaIva: '00743110158',
        codiceFiscale: 'RSSMRA85T10A562T',
        pec: 'rossi@pec',
        website: 'javascript:alert(1)',
        taxRegime: 'RF03',
        employeeCount: '3',
      }),
    ).toEqual({
      partitaIva: ['onboarding.errors.invalidPartitaIva'],
      codiceFiscale: ['onboarding.errors.invalidCodiceFiscale'],
      pec: ['onboarding.errors.invalidPec'],
      website: ['onboarding.errors.invalidWebsite'],
      taxRegime: ['onboarding.errors.invalidTaxRegime'],
      employeeCount: ['onboarding.errors.invalidChoice'],
    });
  });
  it('adds https:// to a website typed without a scheme', () => {
    expect(ZOnboardingStep3.parse({ website: 'www.rossi.it' }).website).toBe('https://www.rossi.it');
    expect(ZOnboardingStep3.parse({ website: 'http://rossi.it' }).website).toBe('http://rossi.it');
    expect(issues(ZOnboardingStep3, { website: 'not a site' })).toEqual({
      website: ['onboarding.errors.invalidWebsite'],
    });
  });
  it('accepts the tax regime and employee count choices', () => {
    const data = ZOnboardingStep3.parse({ taxRegime: 'RF19', employeeCount: '2-10', pec: 'rossi@pec.it' });
    expect(data).toMatchObject({ taxRegime: 'RF19', employeeCount: '2-10', pec: 'rossi@pec.it' });
  });
});

describe('withWebsiteScheme', () => {
  it('adds https:// only when no scheme is present', () => {
    expect(withWebsiteScheme('rossi.it')).toBe('https://rossi.it');
    expect(withWebsiteScheme('HTTPS://rossi.it')).toBe('HTTPS://rossi.it');
    expect(withWebsiteScheme('ftp://rossi.it')).toBe('ftp://rossi.it');
  });
});

describe('ONBOARDING_STEP_FIELDS', () => {
  it('names every submission field exactly once', () => {
    const paths = [...ONBOARDING_STEP_FIELDS[1], ...ONBOARDING_STEP_FIELDS[2], ...ONBOARDING_STEP_FIELDS[3]];
    const top = Object.keys(ZOnboardingSubmission.shape).filter((k) => k !== 'address');
    const nested = Object.keys(ZOnboardingSubmission.shape.address.shape).map((k) => `address.${k}`);
    expect([...paths].sort()).toEqual([...top, ...nested].sort());
  });
});

describe('onboardingToProfileInput', () => {
  it('maps the submission to profile fields, empty optionals as null', () => {
    const input = onboardingToProfileInput(ZOnboardingSubmission.parse(filledForm));
    expect(input).toEqual({
      companyName: 'Alimentari Rossi S.r.l.',
      businessType: 'llc',
      industry: 'retail',
      taxId: null,
      vatNumber: null,
      codiceFiscale: null,
      taxRegime: null,
      pec: null,
      website: null,
      phone: '+39 02 1234567',
      street: 'Via Roma 1',
      city: 'Milano',
      state: 'Milano',
      province: 'MI',
      postalCode: '20121',
      country: 'IT',
      employeeCount: null,
      description: null,
    });
    // The mapped value is itself a valid profile input.
    expect(ZBusinessProfileInput.parse(input)).toEqual(input);
  });
  it('prefers the chosen province and keeps the Italian extras', () => {
    const parsed = ZOnboardingSubmission.parse({
      ...filledForm,
      address: { ...filledForm.address, state: 'Lombardia', province: 'mb' },
      partitaIva: '00743110157',
      taxRegime: 'RF01',
    });
    expect(onboardingToProfileInput(parsed)).toMatchObject({
      province: 'MB',
      vatNumber: '00743110157',
      taxRegime: 'RF01',
    });
  });
  it('keeps no province outside Italy', () => {
    const parsed = ZOnboardingSubmission.parse({
      ...filledForm,
      address: { street: '1 Main St', city: 'Milan', state: 'MI', zipCode: '48160', country: 'US' },
    });
    expect(onboardingToProfileInput(parsed)).toMatchObject({ province: null, state: 'MI' });
  });
});

describe('text the e-invoice cannot carry (issue 12, point 14)', () => {
  it('is refused on the field in onboarding and in the profile; accents pass', () => {
    expect(
      issues(ZOnboardingStep1, {
        companyName: 'Officina 🔧',
        businessType: 'llc',
        industry: 'manufacturing',
      }),
    ).toEqual({ companyName: ['onboarding.errors.unsupportedCharacters'] });
    expect(issues(ZBusinessProfileInput, { street: 'Via Roma 1 ★', city: 'Forlì' })).toEqual({
      street: ['onboarding.errors.unsupportedCharacters'],
    });
    expect(issues(ZBusinessProfileInput, { companyName: 'Società “Città” – Forlì' })).toEqual({});
  });
});

describe('ZBusinessProfileInput (partial update)', () => {
  it('accepts an empty update and leaves everything unchanged', () => {
    expect(ZBusinessProfileInput.parse({})).toEqual({});
  });
  it('clears optional fields given as null or empty text', () => {
    expect(
      ZBusinessProfileInput.parse({ website: '', email: null, taxRegime: '', employeeCount: null }),
    ).toEqual({
      website: null,
      email: null,
      taxRegime: null,
      employeeCount: null,
    });
  });
  it('normalises the Italian fields', () => {
    expect(
      ZBusinessProfileInput.parse({
        vatNumber: 'IT00743110157',
        codiceFiscale: 'rssmra85t10a562s',
        province: 'to',
      }),
    ).toEqual({ vatNumber: '00743110157', codiceFiscale: 'RSSMRA85T10A562S', province: 'TO' });
  });
  it('does not let the required fields be cleared', () => {
    expect(
      issues(ZBusinessProfileInput, { companyName: '', businessType: '', industry: null, phone: ' ' }),
    ).toEqual({
      companyName: ['onboarding.errors.companyNameRequired'],
      businessType: ['onboarding.errors.businessTypeRequired'],
      industry: ['onboarding.errors.industryRequired'],
      phone: ['onboarding.errors.phoneRequired'],
    });
  });
  it('validates formats', () => {
    expect(
      issues(ZBusinessProfileInput, {
        email: 'info@',
        pec: 'x',
        vatNumber: '123',
        codiceFiscale: 'ABC',
        website: 'ftp://x.it',
        province: 'ZZ',
      }),
    ).toEqual({
      email: ['onboarding.errors.invalidEmail'],
      pec: ['onboarding.errors.invalidPec'],
      vatNumber: ['onboarding.errors.invalidPartitaIva'],
      codiceFiscale: ['onboarding.errors.invalidCodiceFiscale'],
      website: ['onboarding.errors.invalidWebsite'],
      province: ['onboarding.errors.invalidProvince'],
    });
  });
  it('checks the CAP when the update sets Italy and a postal code', () => {
    expect(issues(ZBusinessProfileInput, { country: 'IT', postalCode: 'ABC' })).toEqual({
      postalCode: ['onboarding.errors.invalidZipCode'],
    });
    expect(ZBusinessProfileInput.safeParse({ country: 'DE', postalCode: '10115' }).success).toBe(true);
    expect(ZBusinessProfileInput.safeParse({ postalCode: 'SW1A 1AA' }).success).toBe(true);
  });
});

describe('ZBusinessProfile (response)', () => {
  const profile = {
    id: '0b4f8c1e-5a57-4c39-9a3e-6a3e2c0f9d11',
    organizationId: 'org_1',
    companyName: 'Alimentari Rossi S.r.l.',
    businessType: 'llc',
    industry: 'retail',
    taxId: null,
    vatNumber: '00743110157',
    codiceFiscale: '00743110157',
    taxRegime: 'RF01',
    pec: 'rossi@pec.it',
    website: 'https://rossi.it',
    phone: '+39 02 1234567',
    email: null,
    street: 'Via Roma 1',
    city: 'Milano',
    state: 'Lombardia',
    province: 'MI',
    postalCode: '20121',
    country: 'IT',
    employeeCount: '2-10',
    description: null,
    logoUrl: null,
    onboardingComplete: true,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
  };
  it('accepts a stored profile', () => {
    expect(ZBusinessProfile.parse(profile)).toEqual(profile);
  });
  it('requires ISO dates and known choices', () => {
    expect(ZBusinessProfile.safeParse({ ...profile, createdAt: '15/01/2025' }).success).toBe(false);
    expect(ZBusinessProfile.safeParse({ ...profile, taxRegime: 'RF03' }).success).toBe(false);
    expect(ZBusinessProfile.safeParse({ ...profile, logoUrl: undefined }).success).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('converts the request schemas (input side) and the response schema to JSON Schema', () => {
    for (const schema of [ZOnboardingSubmission, ZBusinessProfileInput]) {
      expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    }
    const json = z.toJSONSchema(ZBusinessProfile) as { required?: string[] };
    expect(json.required).toContain('companyName');
  });
});
