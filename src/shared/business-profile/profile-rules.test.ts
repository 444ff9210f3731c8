import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME_MAX_LENGTH,
  ONBOARDING_ALREADY_EXISTS_REDIRECT_MS,
  ONBOARDING_FAILURE_KEYS,
  SETUP_FIELDS,
  classifyOnboardingFailure,
  isProfileComplete,
  isSimpleEmail,
  isWebsiteUrl,
  missingSetupFields,
  requiredMessage,
  setupProgress,
  validateProfileForCreate,
  validateProfileForUpdate,
  type ProfileLike,
} from './profile-rules.ts';

const valid = {
  organizationId: 'org-1',
  companyName: 'Rossi S.r.l.',
  businessType: 'llc',
  industry: 'retail',
};

describe('requiredMessage', () => {
  it('uppercases the column and turns underscores into spaces', () => {
    expect(requiredMessage('company_name')).toBe('COMPANY NAME is required');
    expect(requiredMessage('user_id')).toBe('USER ID is required');
    expect(requiredMessage('industry')).toBe('INDUSTRY is required');
  });
});

describe('validateProfileForCreate', () => {
  it('accepts a profile with the required fields', () => {
    expect(validateProfileForCreate(valid)).toEqual([]);
  });
  it('reports every missing required field in order', () => {
    expect(validateProfileForCreate({}).map((e) => e.message)).toEqual([
      'ORGANIZATION ID is required',
      'COMPANY NAME is required',
      'BUSINESS TYPE is required',
      'INDUSTRY is required',
    ]);
  });
  it('treats null, empty and blank as missing', () => {
    const errors = validateProfileForCreate({
      ...valid,
      companyName: '   ',
      businessType: null,
      industry: '',
    });
    expect(errors.map((e) => e.field)).toEqual(['companyName', 'businessType', 'industry']);
    expect(errors[0]).toEqual({
      field: 'companyName',
      message: 'COMPANY NAME is required',
      key: 'onboarding.errors.companyNameRequired',
    });
  });
  it('accepts a company name of 254 characters and rejects 255', () => {
    expect(validateProfileForCreate({ ...valid, companyName: 'a'.repeat(COMPANY_NAME_MAX_LENGTH) })).toEqual(
      [],
    );
    expect(validateProfileForCreate({ ...valid, companyName: 'a'.repeat(255) })).toEqual([
      {
        field: 'companyName',
        message: 'Company name must be less than 255 characters',
        key: 'onboarding.errors.companyNameTooLong',
      },
    ]);
  });
  it('checks the e-mail format when an e-mail is given', () => {
    expect(validateProfileForCreate({ ...valid, email: 'info@rossi.it' })).toEqual([]);
    expect(validateProfileForCreate({ ...valid, email: '' })).toEqual([]);
    expect(validateProfileForCreate({ ...valid, email: null })).toEqual([]);
    expect(validateProfileForCreate({ ...valid, email: 'rossi.it' }).map((e) => e.message)).toEqual([
      'Invalid email format',
    ]);
  });
  it('checks the website when one is given', () => {
    expect(validateProfileForCreate({ ...valid, website: 'https://www.rossi.it' })).toEqual([]);
    expect(validateProfileForCreate({ ...valid, website: 'not a url' }).map((e) => e.message)).toEqual([
      'Invalid website URL format',
    ]);
  });
  it('lists required errors before format errors', () => {
    const errors = validateProfileForCreate({ organizationId: 'o', email: 'x', website: 'y' });
    expect(errors.map((e) => e.field)).toEqual([
      'companyName',
      'businessType',
      'industry',
      'email',
      'website',
    ]);
  });
});

describe('validateProfileForUpdate', () => {
  it('skips the required-field check', () => {
    expect(validateProfileForUpdate({})).toEqual([]);
    expect(validateProfileForUpdate({ companyName: '', businessType: null })).toEqual([]);
  });
  it('still checks length and formats', () => {
    const errors = validateProfileForUpdate({
      companyName: 'x'.repeat(300),
      email: 'a@b',
      website: 'ftp://x.it',
    });
    expect(errors.map((e) => e.field)).toEqual(['companyName', 'email', 'website']);
  });
});

describe('isSimpleEmail and isWebsiteUrl', () => {
  it('accepts ordinary and PEC addresses, rejects malformed ones', () => {
    expect(isSimpleEmail('mario.rossi@pec.rossi.it')).toBe(true);
    expect(isSimpleEmail('a@b.c')).toBe(true);
    for (const bad of ['', 'a@b', '@b.it', 'a b@c.it', 'a@b .it', 'a@@b.it'])
      expect(isSimpleEmail(bad)).toBe(false);
  });
  it('accepts http and https URLs only', () => {
    expect(isWebsiteUrl('https://www.rossi.it')).toBe(true);
    expect(isWebsiteUrl('http://rossi.it/chi-siamo?x=1')).toBe(true);
    for (const bad of [
      'www.rossi.it',
      'javascript:alert(1)',
      'ftp://rossi.it',
      'mailto:a@b.it',
      'https://',
      '',
      'https://not a url',
      'https://www.rossi .it',
    ]) {
      expect(isWebsiteUrl(bad)).toBe(false);
    }
  });
});

const complete: ProfileLike = {
  companyName: 'Rossi S.r.l.',
  businessType: 'llc',
  industry: 'retail',
  phone: '+39 02 1234567',
  street: 'Via Roma 1',
  taxId: 'IT00743110157',
  website: 'https://rossi.it',
  employeeCount: '2-10',
  description: 'Negozio di alimentari',
};

describe('isProfileComplete', () => {
  it('needs company name, business type, industry and phone', () => {
    const minimal = { companyName: 'Rossi', businessType: 'llc', industry: 'retail', phone: '02 123' };
    expect(isProfileComplete(minimal)).toBe(true);
    expect(isProfileComplete(complete)).toBe(true);
  });
  it('is false when any of the four is missing or blank', () => {
    for (const field of ['companyName', 'businessType', 'industry', 'phone'] as const) {
      expect(isProfileComplete({ ...complete, [field]: null })).toBe(false);
      expect(isProfileComplete({ ...complete, [field]: ' ' })).toBe(false);
    }
  });
  it('is false without a profile', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(undefined)).toBe(false);
    expect(isProfileComplete({})).toBe(false);
  });
});

describe('setupProgress', () => {
  it('is 0 without a profile or with nothing filled', () => {
    expect(setupProgress(null)).toBe(0);
    expect(setupProgress(undefined)).toBe(0);
    expect(setupProgress({})).toBe(0);
    expect(setupProgress({ companyName: '', phone: '  ', website: null })).toBe(0);
  });
  it('is 100 with all nine fields', () => {
    expect(setupProgress(complete)).toBe(100);
  });
  it('rounds the percentage: 1/9 → 11, 4/9 → 44, 5/9 → 56, 8/9 → 89', () => {
    expect(setupProgress({ companyName: 'Rossi' })).toBe(11);
    expect(setupProgress({ companyName: 'Rossi', businessType: 'llc', industry: 'retail', phone: '1' })).toBe(
      44,
    );
    expect(
      setupProgress({
        companyName: 'Rossi',
        businessType: 'llc',
        industry: 'retail',
        phone: '1',
        street: 'Via',
      }),
    ).toBe(56);
    expect(setupProgress({ ...complete, description: null })).toBe(89);
  });
  it('counts any tax identifier as tax_id', () => {
    const base = { ...complete, taxId: null };
    expect(setupProgress(base)).toBe(89);
    expect(setupProgress({ ...base, vatNumber: '00743110157' })).toBe(100);
    expect(setupProgress({ ...base, codiceFiscale: 'RSSMRA85T10A562S' })).toBe(100);
  });
  it('counts the address by its street line only', () => {
    const noStreet = { ...complete, street: null, city: 'Milano', postalCode: '20121' };
    expect(missingSetupFields(noStreet)).toEqual(['address']);
  });
});

describe('missingSetupFields', () => {
  it('lists all nine fields in order for an empty profile', () => {
    expect(missingSetupFields(null)).toEqual([...SETUP_FIELDS]);
    expect(SETUP_FIELDS).toHaveLength(9);
  });
  it('lists only what is missing', () => {
    expect(missingSetupFields(complete)).toEqual([]);
    expect(missingSetupFields({ ...complete, website: '', employeeCount: null })).toEqual([
      'website',
      'employee_count',
    ]);
  });
});

describe('classifyOnboardingFailure', () => {
  it('recognises an existing profile first', () => {
    expect(classifyOnboardingFailure('A business profile already exists for this user')).toBe(
      'already_exists',
    );
    expect(classifyOnboardingFailure('Business profile already exists (duplicate key)')).toBe(
      'already_exists',
    );
  });
  it('recognises a duplicate key', () => {
    expect(
      classifyOnboardingFailure('duplicate key value violates unique constraint "business_profiles_org_key"'),
    ).toBe('duplicate');
  });
  it('recognises network errors', () => {
    expect(classifyOnboardingFailure('Network request failed')).toBe('network');
    expect(classifyOnboardingFailure('NetworkError when attempting to fetch resource.')).toBe('network');
    expect(classifyOnboardingFailure('Failed to fetch')).toBe('network');
  });
  it('falls back to other', () => {
    expect(classifyOnboardingFailure('Internal server error')).toBe('other');
    expect(classifyOnboardingFailure('')).toBe('other');
    expect(classifyOnboardingFailure(undefined)).toBe('other');
    expect(classifyOnboardingFailure(null)).toBe('other');
  });
  it('has a message key per failure and the 2 s redirect', () => {
    expect(ONBOARDING_FAILURE_KEYS.already_exists).toBe('onboarding.failure.alreadyExists');
    expect(ONBOARDING_FAILURE_KEYS.other).toBe('onboarding.failure.other');
    expect(ONBOARDING_ALREADY_EXISTS_REDIRECT_MS).toBe(2000);
  });
});
