import { describe, expect, it } from 'vitest';
import {
  EU_VAT_PREFIXES,
  euVatPrefix,
  formatEuVat,
  isEuVatCountry,
  isValidEuVat,
  normalizeEuVat,
  validateEuVat,
} from './eu-vat.ts';

/**
 * Real VAT numbers as businesses print them (collected from invoices and web pages in python-stdnum's test
 * list), separators and case as found. Each is checked with its prefix, as typed, and without it.
 */
const REAL_NUMBERS: Record<string, string[]> = {
  AT: ['ATU 142 43 102', 'ATU 15159209', 'ATU 54300000', 'ATU 65480455', 'ATU13585627', 'ATU61195628'],
  BE: ['BE (0)468.561.072', 'BE 0202.239.951', 'BE 0402 918 402', 'BE 0897290877', 'BE0428759497'],
  BG: ['BG 103873594', 'BG 124 551 319', 'BG7111042925', 'Bg 200442771'],
  CY: ['CY 10246672X', 'CY- 10277198H', 'CY-10008489 A', 'CY00632993 F'],
  CZ: ['CZ 25123891', 'CZ 640229/4448', 'CZ 640903926', 'CZ 6956220612', 'CZ00023205'],
  DE: ['DE - 113866163', 'DE 181 207 708', 'DE 221.304.969', 'DE 813 11 38 75', 'DE136308783', 'DE812847601'],
  DK: ['DK 10 50 32 80', 'DK 2566 2202', 'DK-27630308', 'DK10150817', 'DK: 21599336'],
  EE: ['EE 100 931 558', 'EE 100523487', 'EE 101288941', 'EE101256753'],
  EL: ['EL 039868210', 'EL 094012834', 'EL 998386804', 'EL-082857563', 'EL: 094279805', 'El 800 179 925'],
  ES: ['ES - Q0818001J', 'ES 54362315K', 'ES A-28184661', 'ES B64240914', 'ES X-5253868-R', 'ES-x-2482300w'],
  FI: ['FI 02459042', 'FI 0982651-1', 'FI 2094606-3', 'FI-214 95 540', 'FI18261444'],
  FR: ['FR 04409414364', 'FR 114 248 728 36', 'FR 41-343848552', 'Fr 40 303 265 045', 'FR16000063601'],
  HR: ['HR 33392005961'],
  HU: ['HU -12509403', 'HU 10672101', 'HU-14528114', 'HU13852467'],
  IE: ['IE 0005306C', 'IE 632 3420 C', 'IE 8223200u', 'IE6433435IH', 'IE8D79739I', 'IE9Y71814N'],
  IT: ['IT - 01404480202', 'IT 00 595 000 217', 'IT 12920760159', 'IT00743110157', 'IT: 02331250163'],
  LT: ['LT 100001354118', 'LT 119511515', 'LT-100000979812', 'LT290068995116'],
  LU: ['LU 10059929', 'LU 109 676 28', 'LU.248.70.640', 'LU: 2294 4200', 'Lu 19980500'],
  LV: ['LV 4000 3521 600', 'LV 40003189718', 'LV 5000 399 3021', 'LV-42103048183'],
  MT: ['MT 1039-6417', 'MT 17025737', 'MT 1894 0705', 'MT 20630321'],
  NL: [
    'NL 001241 643 B01',
    'NL 8225.69.759 b01',
    'NL-8197.38.116.B.01',
    'NL001162938B28',
    'NL004495445B01',
    'NL813411786B01',
  ],
  PL: ['PL 5211355116', 'PL 584-030-44-72', 'PL 777 26 68 285', 'PL-951-157-77-68', 'PL5261025421'],
  PT: ['PT 500 019 720', 'PT 500135.495', 'PT 502448911', 'PT-505 856 468', 'PT503038083'],
  RO: ['RO 11358544', 'RO 1822964', 'RO 241 30 20', 'RO 573768', 'RO-27849238', 'Ro 15071875'],
  SE: ['SE 202 100-5000 01', 'SE 556.383.740.901', 'SE-5562245190-01', 'SE556043606401'],
  SI: ['SI 26808498', 'SI 3609 7152', 'SI 92351069', 'SI-89036999'],
  SK: ['SK 1078449064', 'SK 202 274 96 19', 'SK 2021 6858 20', 'SK2022193459'],
};

/** The same numbers with one digit changed: the check digit catches them. */
const WRONG_CHECK_DIGIT = [
  'ATU 143 43 102',
  'ATU46080904',
  'BE 0406.139.583',
  'BE697449982',
  'DE 125014855',
  'DE 813 91 38 75',
  'DK 2565 2202',
  'DK10159817',
  'EE 100 941 558',
  'EE101256754',
  'EL 094013834',
  'EL: 094269805',
  'FI 02459043',
  'FR 04409414264',
  'FR 21 326 565 603',
  'HR 33392005962',
  'HU 10672102',
  'IT 00743110158',
  'IT 00687129980',
  'LU 10059928',
  'MT 17025738',
  'NL 123456789B90',
  'NL001162938B29',
  'PL 5211355117',
  'PT 500019721',
  'RO 11358545',
  'SE 556058115901',
  'SI 26808499',
  'SK 1078449164',
  'SK 2020457679',
];

/** Wrong characters or length for the country. */
const WRONG_FORMAT = [
  'AT1 142 43 102', // the U is missing
  'ATU 1515B209',
  'ATU 151592092', // 9 digits
  'BE 02A2.239.951',
  'BE 2202239951', // must start with 0 or 1
  'BG 10X8735941',
  'CY-102590Z3P',
  'CY-1225903322',
  'DE 246X595 415',
  'DE 011125440', // German numbers do not start with 0
  'DE 12345678', // 8 digits
  'ES B-583784312',
  'ES 12345678', // no letter at all
  'FR000076090',
  'IE 4550C59S',
  'IE 069385V8',
  'IT 0074311015', // 10 digits
  'LT 1000013541', // 10 digits
  'NL 001241643801', // no B
  'NL 009122746B00',
  'NL B06753742B01',
  'NL006866304B021',
  'SE 55643359201',
  'SE 556043606402', // must end in 01
  'SK A078449064',
  'SK 012 274 96 19',
  'SK 2010 237 945',
];

describe('euVatPrefix', () => {
  it('maps member states and Northern Ireland, with GR written EL', () => {
    expect(euVatPrefix('IT')).toBe('IT');
    expect(euVatPrefix(' de ')).toBe('DE');
    expect(euVatPrefix('GR')).toBe('EL');
    expect(euVatPrefix('EL')).toBe('EL');
    expect(euVatPrefix('XI')).toBe('XI');
    expect(EU_VAT_PREFIXES).toHaveLength(28);
  });
  it('gives null outside the EU', () => {
    for (const code of ['GB', 'CH', 'US', 'SM', 'NO', '', 'EU']) expect(euVatPrefix(code)).toBeNull();
    expect(isEuVatCountry('CH')).toBe(false);
    expect(isEuVatCountry('at')).toBe(true);
  });
});

describe('normalizeEuVat', () => {
  it('removes separators and the prefix, uppercases', () => {
    expect(normalizeEuVat('DE', 'DE 136.695.976')).toBe('136695976');
    expect(normalizeEuVat('DE', '136-695-976')).toBe('136695976');
    expect(normalizeEuVat('AT', 'atu 13585627')).toBe('U13585627');
    expect(normalizeEuVat('ES', 'ES-x-2482300w')).toBe('X2482300W');
    expect(normalizeEuVat('IT', 'IT: 02331250163')).toBe('02331250163');
    expect(normalizeEuVat('FR', 'FR K 7399859412')).toBe('K7399859412');
  });
  it('accepts GR and EL for Greece', () => {
    expect(normalizeEuVat('GR', 'EL 094012834')).toBe('094012834');
    expect(normalizeEuVat('GR', 'GR094012834')).toBe('094012834');
    expect(normalizeEuVat('EL', '094012834')).toBe('094012834');
  });
  it('pads the old short forms', () => {
    expect(normalizeEuVat('BE', 'BE 444.503.092')).toBe('0444503092');
    expect(normalizeEuVat('GR', 'EL 94051189')).toBe('094051189');
    expect(normalizeEuVat('NL', 'NL4495445B01')).toBe('004495445B01');
  });
  it('only compacts numbers of other countries', () => {
    expect(normalizeEuVat('CH', 'CHE-116.281.710 MWST')).toBe('CHE116281710MWST');
  });
});

describe('validateEuVat with real numbers', () => {
  for (const [country, numbers] of Object.entries(REAL_NUMBERS)) {
    it(`accepts real ${country} numbers, with and without prefix`, () => {
      for (const n of numbers) {
        const result = validateEuVat(country, n);
        expect(result, n).toMatchObject({ valid: true });
        if (!result.valid) continue;
        expect(validateEuVat(country, result.number)).toEqual(result);
      }
    });
  }
  it('accepts Greek numbers under the ISO code GR', () => {
    expect(validateEuVat('GR', 'EL 094012834')).toEqual({
      valid: true,
      prefix: 'EL',
      number: '094012834',
      checkDigitVerified: true,
    });
  });
  it('tells which numbers had their check digit verified', () => {
    expect(validateEuVat('DE', 'DE136308783')).toMatchObject({ checkDigitVerified: true });
    expect(validateEuVat('IT', '00743110157')).toMatchObject({ checkDigitVerified: true });
    expect(validateEuVat('ES', 'B64240914')).toMatchObject({ checkDigitVerified: false });
    expect(validateEuVat('FR', 'FR K 7399859412')).toMatchObject({ checkDigitVerified: false });
    expect(validateEuVat('FR', 'FR 04409414364')).toMatchObject({ checkDigitVerified: true });
  });
  it('accepts the Dutch btw-id of 2020 (MOD 97-10) as well as the older numbers', () => {
    expect(isValidEuVat('NL', 'NL000099998B57')).toBe(true);
    expect(isValidEuVat('NL', 'NL000099998B58')).toBe(false);
  });
  it('checks the formats of Northern Ireland (XI)', () => {
    expect(isValidEuVat('XI', 'XI 123 4567 89')).toBe(true);
    expect(isValidEuVat('XI', '123456789012')).toBe(true);
    expect(isValidEuVat('XI', 'XIGD123')).toBe(true);
    expect(isValidEuVat('XI', 'HA567')).toBe(true);
    expect(isValidEuVat('XI', 'GD567')).toBe(false);
    expect(isValidEuVat('XI', '1234567')).toBe(false);
  });
});

describe('validateEuVat refusals', () => {
  it('refuses numbers with a wrong check digit', () => {
    for (const n of WRONG_CHECK_DIGIT) {
      expect(validateEuVat(n.slice(0, 2), n), n).toEqual({ valid: false, reason: 'checkDigit' });
    }
  });
  it('refuses numbers of the wrong format', () => {
    for (const n of WRONG_FORMAT) {
      expect(validateEuVat(n.slice(0, 2), n), n).toEqual({ valid: false, reason: 'format' });
    }
  });
  it("refuses another state's number under the chosen country", () => {
    expect(validateEuVat('IT', 'DE136308783')).toEqual({ valid: false, reason: 'format' });
    expect(validateEuVat('AT', 'DE136308783')).toEqual({ valid: false, reason: 'format' });
  });
  it('refuses empty input and countries outside the EU', () => {
    expect(validateEuVat('IT', '')).toEqual({ valid: false, reason: 'format' });
    expect(validateEuVat('IT', ' - ')).toEqual({ valid: false, reason: 'format' });
    expect(validateEuVat('US', '12-3456789')).toEqual({ valid: false, reason: 'country' });
    expect(validateEuVat('GB', 'GB 123 4567 89')).toEqual({ valid: false, reason: 'country' });
  });
  it('refuses a Partita IVA of all zeros', () => {
    expect(isValidEuVat('IT', '00000000000')).toBe(false);
  });
});

describe('formatEuVat', () => {
  it('gives the VIES form with its prefix', () => {
    expect(formatEuVat('GR', '094012834')).toBe('EL094012834');
    expect(formatEuVat('IT', '007 431 101 57')).toBe('IT00743110157');
    expect(formatEuVat('AT', 'U13585627')).toBe('ATU13585627');
    expect(formatEuVat('BE', '428.759.497')).toBe('BE0428759497');
  });
  it('gives null for invalid numbers', () => {
    expect(formatEuVat('DE', '123')).toBeNull();
    expect(formatEuVat('US', '123456789')).toBeNull();
  });
});
