import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signUp,
  type TestApp,
} from '../helpers/test-app.ts';

const VALID_SUBMISSION = {
  companyName: '  Bottega Verdi S.n.c. ',
  businessType: 'partnership',
  industry: 'retail',
  address: { street: 'Corso Garibaldi 5', city: 'Forlì', state: 'FC', zipCode: '47121', country: 'IT' },
  phone: '+39 0543 000111',
  partitaIva: 'IT 00743110157',
  codiceFiscale: 'rssmra85t10a562s',
  taxRegime: 'RF19',
  pec: 'bottega@pec.example.test',
  website: 'www.bottegaverdi.example',
  employeeCount: '2-10',
};

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('rest of a tiny png')]);

describe.each(DATABASES)('business profile and onboarding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses an empty wizard with each required-field message, in Italian when asked', async () => {
    const { cookie } = await signUp(t.app);
    const empty = { companyName: '', address: { street: '', city: '', state: '', zipCode: '' }, phone: '' };
    const res = await api(t.app, cookie).post('/api/v1/onboarding', empty, { 'accept-language': 'it' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      error: { code: string; details: { path: string; key: string; message: string }[] };
    };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    const byPath = Object.fromEntries(body.error.details.map((d) => [d.path, d]));
    expect(byPath.companyName?.key).toBe('onboarding.errors.companyNameRequired');
    expect(byPath['address.street']?.key).toBe('onboarding.errors.streetRequired');
    expect(byPath.phone?.key).toBe('onboarding.errors.phoneRequired');
    expect(byPath.companyName?.message).not.toBe('Company name is required');
    // Nothing was created.
    const me = await api(t.app, cookie).get('/api/v1/me');
    expect(me.json()).toMatchObject({ organizations: [], onboardingComplete: false });
  });

  it('creates the organization and its profile for a new account, normalising Italian tax data', async () => {
    const { cookie } = await signUp(t.app);
    const res = await api(t.app, cookie).post('/api/v1/onboarding', VALID_SUBMISSION);
    expect(res.statusCode).toBe(201);
    const { organizationId, profile } = res.json();
    expect(profile).toMatchObject({
      organizationId,
      companyName: 'Bottega Verdi S.n.c.',
      vatNumber: '00743110157',
      codiceFiscale: 'RSSMRA85T10A562S',
      taxRegime: 'RF19',
      province: 'FC',
      postalCode: '47121',
      website: 'https://www.bottegaverdi.example',
      onboardingComplete: true,
    });
    const me = (await api(t.app, cookie).get('/api/v1/me')).json();
    expect(me).toMatchObject({
      activeOrganizationId: organizationId,
      role: 'super_admin',
      onboardingComplete: true,
    });
    expect(me.organizations).toHaveLength(1);

    const again = await api(t.app, cookie).post('/api/v1/onboarding', VALID_SUBMISSION);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('BUSINESS_PROFILE_EXISTS');
    expect((await api(t.app, cookie).get('/api/v1/me')).json().organizations).toHaveLength(1);
  });

  it('completes the profile of an organization created before onboarding, without a second organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const res = await api(t.app, owner.cookie).post('/api/v1/onboarding', VALID_SUBMISSION);
    expect(res.statusCode).toBe(201);
    expect(res.json().organizationId).toBe(owner.organizationId);
    expect((await api(t.app, owner.cookie).get('/api/v1/me')).json().organizations).toHaveLength(1);
  });

  it('rejects an invalid Partita IVA and codice fiscale by their check digits', async () => {
    const { cookie } = await signUp(t.app);
    const res = await api(t.app, cookie).post('/api/v1/onboarding', {
      ...VALID_SUBMISSION,
      partitaIva: '00743110158',
      codiceFiscale: 'RSSMRA85T10A562T',
    });
    expect(res.statusCode).toBe(400);
    const keys = res.json().error.details.map((d: { key: string }) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'onboarding.errors.invalidPartitaIva',
        'onboarding.errors.invalidCodiceFiscale',
      ]),
    );
  });

  it('updates fields partially, clears with null, and refuses bad input without changing anything', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, owner.cookie);
    expect((await client.get('/api/v1/business-profile')).statusCode).toBe(404);
    expect((await client.post('/api/v1/onboarding', VALID_SUBMISSION)).statusCode).toBe(201);

    const updated = await client.put('/api/v1/business-profile', {
      description: 'Ferramenta',
      website: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      description: 'Ferramenta',
      website: null,
      companyName: 'Bottega Verdi S.n.c.',
    });

    const bad = await client.put('/api/v1/business-profile', {
      email: 'not-an-email',
      description: 'changed',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      path: 'email',
      key: 'onboarding.errors.invalidEmail',
    });
    expect((await client.get('/api/v1/business-profile')).json().description).toBe('Ferramenta');
  });

  it('creates a profile from settings only with the required fields of the spec', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const res = await api(t.app, owner.cookie).put('/api/v1/business-profile', { phone: '123' });
    expect(res.statusCode).toBe(400);
    const keys = res.json().error.details.map((d: { key: string }) => d.key);
    expect(keys).toEqual([
      'onboarding.errors.companyNameRequired',
      'onboarding.errors.businessTypeRequired',
      'onboarding.errors.industryRequired',
    ]);
  });

  it('lets viewers read but not change the profile, and keeps each organization to its own', async () => {
    const viewer = await createSignedInUserWithOrg(t.app, { role: 'viewer' });
    expect((await api(t.app, viewer.cookie).get('/api/v1/business-profile')).statusCode).toBe(404);
    const put = await api(t.app, viewer.cookie).put('/api/v1/business-profile', { description: 'x' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe('Insufficient permissions');
    const onboard = await api(t.app, viewer.cookie).post('/api/v1/onboarding', VALID_SUBMISSION);
    expect(onboard.statusCode).toBe(403);

    const other = await createSignedInUserWithOrg(t.app);
    await api(t.app, other.cookie).post('/api/v1/onboarding', VALID_SUBMISSION);
    // The viewer's organization still has no profile: the other organization's never leaks.
    expect((await api(t.app, viewer.cookie).get('/api/v1/business-profile')).statusCode).toBe(404);
  });

  it('stores a logo whose bytes match its type and serves it back', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, owner.cookie);
    await client.post('/api/v1/onboarding', VALID_SUBMISSION);

    const fake = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/business-profile/logo',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(fake.statusCode).toBe(400);

    const svg = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/business-profile/logo',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'image/svg+xml' },
      payload: Buffer.from('<svg/>'),
    });
    expect(svg.statusCode).toBe(415);

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/business-profile/logo',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(ok.statusCode).toBe(200);
    const logoUrl = ok.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/v1\/business-profile\/logo\?v=logo-[0-9a-f]+\.png$/);

    const image = await client.get(logoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const removed = await client.del('/api/v1/business-profile/logo');
    expect(removed.json().logoUrl).toBeNull();
    expect((await client.get('/api/v1/business-profile/logo')).statusCode).toBe(404);
  });
});
