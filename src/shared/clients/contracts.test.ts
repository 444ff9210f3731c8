import { describe, expect, it } from 'vitest';
import {
  ZClient,
  ZClientInput,
  ZClientListQuery,
  clientDisplayName,
  clientInputFromImport,
  clientTypeFromText,
  normalizeCountry,
} from './contracts.ts';

const company = { type: 'company', companyName: 'Rossi Costruzioni Srl' };

/** The issues of a failed parse as path → message key. */
function issues(input: unknown): Record<string, string> {
  const result = ZClientInput.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZClientInput: names and type', () => {
  it('needs a company name for a company and a full name for a person', () => {
    expect(issues({ type: 'company', fullName: 'Mario Rossi' })).toEqual({
      companyName: 'clients.errors.companyNameRequired',
    });
    expect(issues({ type: 'person', companyName: 'Rossi Srl' })).toEqual({
      fullName: 'clients.errors.fullNameRequired',
    });
    expect(issues({ type: 'company', companyName: '   ' })).toEqual({
      companyName: 'clients.errors.companyNameRequired',
    });
  });
  it('defaults to a company in Italy, Italian documents, 30 days, not a public administration', () => {
    expect(ZClientInput.parse({ companyName: ' Rossi Costruzioni Srl ' })).toEqual({
      type: 'company',
      fullName: null,
      companyName: 'Rossi Costruzioni Srl',
      email: null,
      phone: null,
      address: null,
      city: null,
      postalCode: null,
      province: null,
      country: 'IT',
      vatNumber: null,
      codiceFiscale: null,
      sdiCode: null,
      pec: null,
      isPublicAdministration: false,
      paOfficeCode: null,
      splitPayment: false,
      preferredLanguage: 'it',
      paymentTermsDays: 30,
      notes: null,
    });
  });
  it('turns empty form fields into null', () => {
    const parsed = ZClientInput.parse({
      ...company,
      email: '',
      phone: '  ',
      notes: null,
      preferredLanguage: '',
      type: 'company',
    });
    expect(parsed).toMatchObject({ email: null, phone: null, notes: null, preferredLanguage: 'it' });
  });
  it('refuses an unknown type and over-long texts', () => {
    expect(issues({ type: 'robot', companyName: 'X' })).toEqual({ type: 'clients.errors.typeInvalid' });
    expect(issues({ ...company, notes: 'x'.repeat(5001) })).toEqual({ notes: 'errors.textTooLong?max=5000' });
    expect(issues({ ...company, companyName: 'x'.repeat(255) })).toEqual({
      companyName: 'errors.textTooLong?max=254',
    });
  });
});

describe('ZClientInput: text the e-invoice cannot carry (issue 12, point 14)', () => {
  it('refuses emoji and scripts without a Latin form on the field, accepts accents and typographic marks', () => {
    expect(issues({ ...company, companyName: 'Rossi 🏗 Srl', address: 'Οδός 1', city: 'Milano' })).toEqual({
      companyName: 'clients.errors.unsupportedCharacters',
      address: 'clients.errors.unsupportedCharacters',
    });
    expect(issues({ type: 'person', fullName: 'Zoë “Lulù” Müller – Łódź', city: 'Forlì' })).toEqual({});
  });
});

describe('ZClientInput: Partita IVA and codice fiscale in Italy', () => {
  it('accepts a real Partita IVA, stores its 11 digits', () => {
    for (const vat of ['00743110157', 'IT00743110157', 'IT 007 431 101 57', '06363391001', '01404480202']) {
      expect(ZClientInput.parse({ ...company, vatNumber: vat }).vatNumber, vat).toMatch(/^\d{11}$/);
    }
    expect(ZClientInput.parse({ ...company, vatNumber: 'it 00743110157' }).vatNumber).toBe('00743110157');
  });
  it('refuses a wrong Partita IVA with the message to check the 11 digits', () => {
    for (const vat of ['00743110158', '0074311015', '007431101571', 'ABCDEFGHIJK', '00000000000']) {
      expect(issues({ ...company, vatNumber: vat }), vat).toEqual({ vatNumber: 'clients.errors.vatInvalid' });
    }
  });
  it('checks the codice fiscale of people and companies', () => {
    const person = { type: 'person', fullName: 'Mario Rossi' };
    expect(ZClientInput.parse({ ...person, codiceFiscale: 'rss mra 85t10 a562s' }).codiceFiscale).toBe(
      'RSSMRA85T10A562S',
    );
    expect(ZClientInput.parse({ ...person, codiceFiscale: 'MRSMSR81D60Z611H' }).codiceFiscale).toBe(
      'MRSMSR81D60Z611H',
    );
    expect(ZClientInput.parse({ ...company, codiceFiscale: '00743110157' }).codiceFiscale).toBe(
      '00743110157',
    );
    expect(issues({ ...person, codiceFiscale: 'RSSMRA85T10A562T' })).toEqual({
      codiceFiscale: 'clients.errors.codiceFiscaleInvalid',
    });
    expect(issues({ ...person, codiceFiscale: 'RSSMRA85T10A562' })).toEqual({
      codiceFiscale: 'clients.errors.codiceFiscaleInvalid',
    });
  });
});

describe('ZClientInput: foreign clients', () => {
  it('checks EU VAT numbers by the country format and stores the national part', () => {
    expect(ZClientInput.parse({ ...company, country: 'DE', vatNumber: 'DE 136.308.783' }).vatNumber).toBe(
      '136308783',
    );
    expect(ZClientInput.parse({ ...company, country: 'fr', vatNumber: 'FR 40 303 265 045' })).toMatchObject({
      country: 'FR',
      vatNumber: '40303265045',
    });
    expect(ZClientInput.parse({ ...company, country: 'AT', vatNumber: 'ATU13585627' }).vatNumber).toBe(
      'U13585627',
    );
    expect(ZClientInput.parse({ ...company, country: 'ES', vatNumber: 'ES B-64240914' }).vatNumber).toBe(
      'B64240914',
    );
    expect(ZClientInput.parse({ ...company, country: 'EL', vatNumber: 'EL 094012834' })).toMatchObject({
      country: 'GR',
      vatNumber: '094012834',
    });
  });
  it('refuses EU VAT numbers of the wrong format or check digit', () => {
    for (const [country, vat] of [
      ['DE', '12345678'],
      ['DE', 'DE136308784'],
      ['NL', '123456789B90'],
      ['BE', '2202239951'],
      ['FR', 'FR000076090'],
      ['AT', '13585627'],
    ]) {
      expect(issues({ ...company, country, vatNumber: vat }), `${country} ${vat}`).toEqual({
        vatNumber: 'clients.errors.euVatInvalid',
      });
    }
  });
  it('takes other countries’ tax numbers as free text of at most 30 characters', () => {
    expect(
      ZClientInput.parse({ ...company, country: 'CH', vatNumber: 'CHE-116.281.710 mwst' }).vatNumber,
    ).toBe('CHE-116.281.710 MWST');
    expect(ZClientInput.parse({ ...company, country: 'GB', vatNumber: 'GB 123 4567 89' }).vatNumber).toBe(
      'GB 123 4567 89',
    );
    expect(issues({ ...company, country: 'US', vatNumber: '1'.repeat(31) })).toEqual({
      vatNumber: 'clients.errors.tooLong',
    });
    expect(
      ZClientInput.parse({ ...company, country: 'DE', codiceFiscale: 'Steuernr 21/815/08150' }).codiceFiscale,
    ).toBe('STEUERNR 21/815/08150');
  });
  it('checks the country code', () => {
    expect(ZClientInput.parse({ ...company, country: 'uk' }).country).toBe('GB');
    expect(issues({ ...company, country: 'ZZ' })).toEqual({ country: 'clients.errors.countryInvalid' });
    expect(issues({ ...company, country: 'Italia' })).toEqual({ country: 'clients.errors.countryInvalid' });
    expect(normalizeCountry(null)).toBe('IT');
    expect(normalizeCountry(' el ')).toBe('GR');
  });
});

describe('ZClientInput: address', () => {
  it('checks the CAP and the province sigla in Italy', () => {
    expect(ZClientInput.parse({ ...company, postalCode: '20121', province: 'mi' })).toMatchObject({
      postalCode: '20121',
      province: 'MI',
    });
    expect(ZClientInput.parse({ ...company, province: 'Forlì-Cesena' }).province).toBe('FC');
    expect(issues({ ...company, postalCode: '2012' })).toEqual({ postalCode: 'clients.errors.capInvalid' });
    expect(issues({ ...company, province: 'XX' })).toEqual({ province: 'clients.errors.provinceInvalid' });
  });
  it("checks the postal code by the client's country and keeps a free province abroad", () => {
    expect(
      ZClientInput.parse({ ...company, country: 'NL', postalCode: '1012ab', province: 'Noord-Holland' }),
    ).toMatchObject({
      postalCode: '1012 AB',
      province: 'Noord-Holland',
    });
    expect(ZClientInput.parse({ ...company, country: 'GB', postalCode: 'sw1a1aa' }).postalCode).toBe(
      'SW1A 1AA',
    );
    expect(issues({ ...company, country: 'DE', postalCode: '1011' })).toEqual({
      postalCode: 'clients.errors.postalCodeInvalid',
    });
    expect(issues({ ...company, country: 'ES', postalCode: '53001' })).toEqual({
      postalCode: 'clients.errors.postalCodeInvalid',
    });
  });
});

describe('ZClientInput: e-invoicing codes and contacts', () => {
  it('accepts a 7-character SDI code, uppercased, and 0000000 with a PEC', () => {
    expect(ZClientInput.parse({ ...company, sdiCode: 'm5uxcr1' }).sdiCode).toBe('M5UXCR1');
    expect(ZClientInput.parse({ ...company, sdiCode: '0000000', pec: 'rossi@pec.it' })).toMatchObject({
      sdiCode: '0000000',
      pec: 'rossi@pec.it',
    });
  });
  it('refuses SDI codes of another length or with symbols', () => {
    for (const sdi of ['M5UXCR', 'M5UXCR12', 'M5-XCR1', 'ÀBCDEFG']) {
      expect(issues({ ...company, sdiCode: sdi }), sdi).toEqual({ sdiCode: 'clients.errors.sdiCodeInvalid' });
    }
  });
  it('needs the 6-character office code for a public administration and drops the SDI code', () => {
    const pa = { type: 'company', companyName: 'Comune di Milano', isPublicAdministration: true };
    expect(issues(pa)).toEqual({ paOfficeCode: 'clients.errors.paOfficeCodeRequired' });
    expect(issues({ ...pa, paOfficeCode: 'UFK9B' })).toEqual({
      paOfficeCode: 'clients.errors.paOfficeCodeInvalid',
    });
    expect(ZClientInput.parse({ ...pa, paOfficeCode: 'ufk9b2', sdiCode: 'M5UXCR1' })).toMatchObject({
      isPublicAdministration: true,
      paOfficeCode: 'UFK9B2',
      sdiCode: null,
    });
  });
  it('drops an office code left on a client that is not a public administration', () => {
    expect(ZClientInput.parse({ ...company, paOfficeCode: 'UFK9B2', sdiCode: 'M5UXCR1' })).toMatchObject({
      paOfficeCode: null,
      sdiCode: 'M5UXCR1',
    });
  });
  it('checks e-mail and PEC addresses', () => {
    expect(ZClientInput.parse({ ...company, email: ' info@rossi.it ' }).email).toBe('info@rossi.it');
    expect(issues({ ...company, email: 'info@rossi' })).toEqual({ email: 'clients.errors.emailInvalid' });
    expect(issues({ ...company, email: 'info rossi@x.it' })).toEqual({
      email: 'clients.errors.emailInvalid',
    });
    expect(issues({ ...company, pec: 'rossi.pec.it' })).toEqual({ pec: 'clients.errors.pecInvalid' });
  });
  it('takes the preferred language it or en', () => {
    expect(ZClientInput.parse({ ...company, preferredLanguage: 'en' }).preferredLanguage).toBe('en');
    expect(issues({ ...company, preferredLanguage: 'de' })).toEqual({
      preferredLanguage: 'clients.errors.languageInvalid',
    });
  });
});

describe('ZClientInput: payment terms', () => {
  it('takes whole days from 0 to 365, as numbers or text', () => {
    expect(ZClientInput.parse({ ...company, paymentTermsDays: 0 }).paymentTermsDays).toBe(0);
    expect(ZClientInput.parse({ ...company, paymentTermsDays: '60' }).paymentTermsDays).toBe(60);
    expect(ZClientInput.parse({ ...company, paymentTermsDays: 365 }).paymentTermsDays).toBe(365);
    expect(ZClientInput.parse({ ...company, paymentTermsDays: '' }).paymentTermsDays).toBe(30);
  });
  it('refuses anything else', () => {
    for (const days of [-1, 366, 30.5, '30 giorni', '1e2', true]) {
      expect(issues({ ...company, paymentTermsDays: days }), String(days)).toEqual({
        paymentTermsDays: 'clients.errors.paymentTermsInvalid',
      });
    }
  });
});

describe('ZClientInput: several problems at once', () => {
  it('reports each field, so the form shows every message at once', () => {
    expect(
      issues({ type: 'company', vatNumber: '123', email: 'x', postalCode: 'abc', sdiCode: '1' }),
    ).toEqual({
      companyName: 'clients.errors.companyNameRequired',
      vatNumber: 'clients.errors.vatInvalid',
      email: 'clients.errors.emailInvalid',
      postalCode: 'clients.errors.capInvalid',
      sdiCode: 'clients.errors.sdiCodeInvalid',
    });
  });
  it('refuses values of the wrong type with a message key', () => {
    expect(issues({ ...company, vatNumber: 123, isPublicAdministration: 'yes' })).toEqual({
      vatNumber: 'clients.errors.invalidValue',
      isPublicAdministration: 'clients.errors.invalidValue',
    });
  });
});

describe('ZClient', () => {
  it('describes the API response', () => {
    const client = {
      ...ZClientInput.parse({ ...company, vatNumber: '00743110157' }),
      id: '123e4567-e89b-42d3-a456-426614174000',
      archivedAt: null,
      createdAt: '2026-01-05T10:00:00.000Z',
      updatedAt: '2026-01-05T10:00:00.000Z',
    };
    expect(ZClient.parse(client)).toEqual(client);
    expect(ZClient.safeParse({ ...client, createdAt: '2026-01-05' }).success).toBe(false);
  });
});

describe('ZClientListQuery', () => {
  it('defaults to page 1 of 10 active clients by name', () => {
    expect(ZClientListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      q: undefined,
      sort: 'name',
      type: undefined,
      archived: 'active',
      country: undefined,
    });
  });
  it('reads the query string', () => {
    expect(
      ZClientListQuery.parse({
        page: '3',
        pageSize: '50',
        q: ' Rosi ',
        sort: '-createdAt',
        type: 'person',
        archived: 'all',
        country: 'de',
      }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      q: 'Rosi',
      sort: '-createdAt',
      type: 'person',
      archived: 'all',
      country: 'DE',
    });
    expect(ZClientListQuery.parse({ q: '', type: '', country: '' })).toMatchObject({
      q: undefined,
      type: undefined,
      country: undefined,
    });
  });
  it('refuses pages over 100, unknown sorts and filters', () => {
    expect(ZClientListQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(ZClientListQuery.safeParse({ sort: 'email' }).error?.issues[0]?.message).toBe(
      'clients.errors.invalidChoice',
    );
    expect(ZClientListQuery.safeParse({ archived: 'deleted' }).success).toBe(false);
    expect(ZClientListQuery.safeParse({ country: 'ZZ' }).success).toBe(false);
  });
});

describe('clientDisplayName', () => {
  it('shows the company name, else the full name', () => {
    expect(clientDisplayName({ companyName: 'Rossi Srl', fullName: 'Mario Rossi' })).toBe('Rossi Srl');
    expect(clientDisplayName({ companyName: null, fullName: 'Mario Rossi' })).toBe('Mario Rossi');
    expect(clientDisplayName({ companyName: '  ', fullName: 'Mario Rossi' })).toBe('Mario Rossi');
    expect(clientDisplayName({})).toBe('');
  });
});

describe('import helpers', () => {
  it('reads the type in Italian or English', () => {
    expect(clientTypeFromText('Azienda')).toBe('company');
    expect(clientTypeFromText(' persona fisica ')).toBe('person');
    expect(clientTypeFromText('Private')).toBe('person');
    expect(clientTypeFromText('')).toBeUndefined();
    expect(clientTypeFromText('boh')).toBeUndefined();
  });
  it('builds the form input of an import row, ready for ZClientInput', () => {
    const input = clientInputFromImport({
      companyName: 'Bianchi Forniture Spa',
      vatNumber: 'IT 06363391001',
      country: 'Italia',
      province: 'Roma',
      postalCode: '00184',
      preferredLanguage: 'Inglese',
      paymentTermsDays: '60',
    });
    expect(ZClientInput.parse(input)).toMatchObject({
      type: 'company',
      companyName: 'Bianchi Forniture Spa',
      vatNumber: '06363391001',
      country: 'IT',
      province: 'RM',
      preferredLanguage: 'en',
      paymentTermsDays: 60,
    });
  });
  it('guesses a person from a full name alone and a public administration from its office code', () => {
    expect(clientInputFromImport({ fullName: 'Mario Rossi' }).type).toBe('person');
    expect(
      clientInputFromImport({ companyName: 'Comune di Bergamo', paOfficeCode: 'UFK9B2' })
        .isPublicAdministration,
    ).toBe(true);
    expect(clientInputFromImport({ country: 'Germany' }).country).toBe('DE');
    expect(clientInputFromImport({ country: 'Atlantide' }).country).toBe('Atlantide');
    expect(clientInputFromImport({}).country).toBeUndefined();
  });
});
