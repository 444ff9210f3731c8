import { z } from 'zod';
import {
  isValidCodiceFiscale,
  isValidPartitaIva,
  normalizeCodiceFiscale,
} from '../business-profile/italian-tax-ids.ts';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import { findProvince } from '../business-profile/provinces.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { countryCodeFromText, isCountryCode } from './countries.ts';
import { euVatPrefix, normalizeEuVat, validateEuVat } from './eu-vat.ts';
import { unsupportedCharacters } from '../invoicing/latin-text.ts';
import type { ClientMessageKey } from './messages.ts';
import { isValidPostalCode, normalizePostalCode } from './postal-codes.ts';
import { tooLong } from '../errors/field-messages.ts';

/**
 * Client contracts (issue 4), shared by the server routes and the web forms; field names are the columns of
 * src/server/db/schema/clients.ts. Issue messages are keys of CLIENT_MESSAGES.
 * ZClientInput serves create and full update (PUT: the edit form sends every field). Optional texts accept
 * "", blank, null or absence and come out as null; values come out trimmed and normalised:
 * - country: ISO 3166-1 alpha-2 (countries.ts), uppercase, default IT ("EL" → "GR", "UK" → "GB");
 * - vatNumber: Italy → the 11 digits of the Partita IVA (check digit verified); other EU states → the
 *   national part without prefix, by the VIES format (see eu-vat.ts); elsewhere free text ≤ 30, uppercase;
 * - codiceFiscale: Italy → check character verified, uppercase; elsewhere free text ≤ 30;
 * - postalCode by the country's format (postal-codes.ts); province: Italy → the sigla ("Milano" → "MI");
 * - sdiCode 7 and paOfficeCode 6 letters or digits, uppercase ("0000000" is a valid SDI code: the invoice
 *   then goes to the PEC or the taxpayer's area). A public administration needs its office code (Codice
 *   Univoco Ufficio) and gets no SDI code; any other client gets no office code: the field that does not
 *   apply is dropped (null), not refused, since the form hides it.
 */
export const CLIENT_TYPES = ['company', 'person'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const PREFERRED_LANGUAGES = ['it', 'en'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

export const CLIENT_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'city'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const CLIENT_ARCHIVE_FILTERS = ['active', 'archived', 'all'] as const;
export type ClientArchiveFilter = (typeof CLIENT_ARCHIVE_FILTERS)[number];

export const DEFAULT_CLIENT_COUNTRY = 'IT';
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_PAYMENT_TERMS_DAYS = 365;

export const CLIENT_FIELD_MAX = {
  fullName: 200,
  companyName: 254,
  email: 254,
  phone: 40,
  address: 255,
  city: 100,
  postalCode: 20,
  province: 100,
  vatNumber: 30,
  codiceFiscale: 30,
  pec: 254,
  notes: 5000,
} as const;

const err = (key: ClientMessageKey) => ({ error: key });

/** Optional text: "", blank, null or absent → null; otherwise trimmed and at most `max` characters. */
function text(max: number) {
  return z
    .string(err('clients.errors.invalidValue'))
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

/** Optional text that must match a rule when given, uppercased ("0000000", "UFK9B2"). */
function code(pattern: RegExp, key: ClientMessageKey) {
  return z
    .string(err(key))
    .nullish()
    .transform((v) => v?.trim().toUpperCase() || null)
    .refine((v) => v === null || pattern.test(v), err(key));
}

function email(key: ClientMessageKey) {
  return text(254).refine((v) => v === null || isSimpleEmail(v), err(key));
}

function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  key: ClientMessageKey,
) {
  return z
    .union([z.literal(''), z.enum(values)], err(key))
    .nullish()
    .transform((v): T[number] => v || fallback);
}

/** ISO alpha-2, uppercase, default IT; the VAT prefix EL and the common UK are read as GR and GB. */
export function normalizeCountry(value: string | null | undefined): string {
  const c = (value ?? '').trim().toUpperCase();
  return c === '' ? DEFAULT_CLIENT_COUNTRY : c === 'EL' ? 'GR' : c === 'UK' ? 'GB' : c;
}

const paymentTermsDays = z
  .union([z.number(), z.string()], err('clients.errors.paymentTermsInvalid'))
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
      return DEFAULT_PAYMENT_TERMS_DAYS;
    }
    const days = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
    if (!Number.isInteger(days) || days < 0 || days > MAX_PAYMENT_TERMS_DAYS) {
      ctx.addIssue({ code: 'custom', message: 'clients.errors.paymentTermsInvalid' });
      return z.NEVER;
    }
    return days;
  });

/** The fields one by one, without the rules across fields: for `.pick()` in forms (see ZClientInput). */
export const ZClientFields = z.object({
  type: choice(CLIENT_TYPES, 'company', 'clients.errors.typeInvalid'),
  fullName: text(CLIENT_FIELD_MAX.fullName),
  companyName: text(CLIENT_FIELD_MAX.companyName),
  email: email('clients.errors.emailInvalid'),
  phone: text(CLIENT_FIELD_MAX.phone),
  address: text(CLIENT_FIELD_MAX.address),
  city: text(CLIENT_FIELD_MAX.city),
  postalCode: text(CLIENT_FIELD_MAX.postalCode),
  province: text(CLIENT_FIELD_MAX.province),
  country: z
    .string(err('clients.errors.countryInvalid'))
    .nullish()
    .transform(normalizeCountry)
    .refine(isCountryCode, err('clients.errors.countryInvalid')),
  // Room for separators and prefix as typed; the rules below check the number itself.
  vatNumber: text(40),
  codiceFiscale: text(40),
  sdiCode: code(/^[A-Z0-9]{7}$/, 'clients.errors.sdiCodeInvalid'),
  pec: email('clients.errors.pecInvalid'),
  isPublicAdministration: z
    .boolean(err('clients.errors.invalidValue'))
    .nullish()
    .transform((v) => v ?? false),
  paOfficeCode: code(/^[A-Z0-9]{6}$/, 'clients.errors.paOfficeCodeInvalid'),
  /** Split payment (art. 17-ter): absent → as isPublicAdministration; listed companies tick it themselves. */
  splitPayment: z.boolean(err('clients.errors.invalidValue')).nullish(),
  preferredLanguage: choice(PREFERRED_LANGUAGES, 'it', 'clients.errors.languageInvalid'),
  paymentTermsDays,
  notes: text(CLIENT_FIELD_MAX.notes),
});
type ClientFields = z.output<typeof ZClientFields>;

/** The VAT number as stored, or null when it is not valid for the country. */
function normalizedVat(country: string, vat: string): string | null {
  if (country === 'IT') {
    const piva = normalizeEuVat('IT', vat);
    return isValidPartitaIva(piva) ? piva : null;
  }
  if (euVatPrefix(country)) {
    const result = validateEuVat(country, vat);
    return result.valid ? result.number : null;
  }
  const free = vat.replace(/\s+/g, ' ').toUpperCase();
  return free.length <= CLIENT_FIELD_MAX.vatNumber ? free : null;
}

function normalizedCodiceFiscale(country: string, cf: string): string | null {
  if (country === 'IT') return isValidCodiceFiscale(cf) ? normalizeCodiceFiscale(cf) : null;
  const free = cf.replace(/\s+/g, ' ').toUpperCase();
  return free.length <= CLIENT_FIELD_MAX.codiceFiscale ? free : null;
}

function normalizedProvince(country: string, province: string): string | null {
  return country === 'IT' ? (findProvince(province) ?? null) : province;
}

function checkClient(c: ClientFields, ctx: z.RefinementCtx) {
  const issue = (path: keyof ClientFields, message: ClientMessageKey) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.type === 'company' && !c.companyName) issue('companyName', 'clients.errors.companyNameRequired');
  if (c.type === 'person' && !c.fullName) issue('fullName', 'clients.errors.fullNameRequired');
  // What the e-invoice writes as Latin-1 text: refused here, on the field, rather than when invoicing.
  for (const field of ['fullName', 'companyName', 'address', 'city'] as const) {
    const value = c[field];
    if (value && unsupportedCharacters(value).length > 0)
      issue(field, 'clients.errors.unsupportedCharacters');
  }
  if (c.vatNumber && normalizedVat(c.country, c.vatNumber) === null) {
    const key = c.country === 'IT' ? 'vatInvalid' : euVatPrefix(c.country) ? 'euVatInvalid' : 'tooLong';
    issue('vatNumber', `clients.errors.${key}`);
  }
  if (c.codiceFiscale && normalizedCodiceFiscale(c.country, c.codiceFiscale) === null) {
    issue(
      'codiceFiscale',
      c.country === 'IT' ? 'clients.errors.codiceFiscaleInvalid' : 'clients.errors.tooLong',
    );
  }
  if (c.postalCode && !isValidPostalCode(c.country, c.postalCode)) {
    issue(
      'postalCode',
      c.country === 'IT' ? 'clients.errors.capInvalid' : 'clients.errors.postalCodeInvalid',
    );
  }
  if (c.province && normalizedProvince(c.country, c.province) === null) {
    issue('province', 'clients.errors.provinceInvalid');
  }
  if (c.isPublicAdministration && !c.paOfficeCode)
    issue('paOfficeCode', 'clients.errors.paOfficeCodeRequired');
}

/** Create and full update of a client: the fields, the rules across them, then the normalised values. */
export const ZClientInput = ZClientFields.superRefine(checkClient).transform((c) => ({
  ...c,
  vatNumber: c.vatNumber && normalizedVat(c.country, c.vatNumber),
  codiceFiscale: c.codiceFiscale && normalizedCodiceFiscale(c.country, c.codiceFiscale),
  postalCode: c.postalCode && normalizePostalCode(c.country, c.postalCode),
  province: c.province && normalizedProvince(c.country, c.province),
  sdiCode: c.isPublicAdministration ? null : c.sdiCode,
  paOfficeCode: c.isPublicAdministration ? c.paOfficeCode : null,
  splitPayment: c.splitPayment ?? c.isPublicAdministration,
}));
export type TClientInput = z.output<typeof ZClientInput>;
/** What the form holds before parsing. */
export type TClientFormValues = z.input<typeof ZClientInput>;

const nullableText = z.string().nullable();

/** A client as the API returns it; instants are ISO strings, archivedAt null while active. */
export const ZClient = z.object({
  id: z.uuid(),
  type: z.enum(CLIENT_TYPES),
  fullName: nullableText,
  companyName: nullableText,
  email: nullableText,
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  postalCode: nullableText,
  province: nullableText,
  country: z.string(),
  vatNumber: nullableText,
  codiceFiscale: nullableText,
  sdiCode: nullableText,
  pec: nullableText,
  isPublicAdministration: z.boolean(),
  paOfficeCode: nullableText,
  splitPayment: z.boolean(),
  preferredLanguage: z.enum(PREFERRED_LANGUAGES),
  paymentTermsDays: z.number().int(),
  notes: nullableText,
  archivedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TClient = z.output<typeof ZClient>;
export const ZClientPage = zPage(ZClient);
export type TClientPage = z.output<typeof ZClientPage>;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)], err('clients.errors.invalidChoice'))
    .optional()
    .transform((v) => v || undefined);

/**
 * `GET /clients?page=&pageSize=&q=&sort=&type=&archived=&country=`: pages of 10 (at most 100), typo-tolerant
 * search text, sort by name (company or full name), creation or city, active clients unless asked.
 */
export const ZClientListQuery = zPageQuery(10, 100).extend({
  q: z
    .string()
    .trim()
    .max(100, tooLong(100))
    .optional()
    .transform((v) => v || undefined),
  sort: z.enum(CLIENT_SORTS, err('clients.errors.invalidChoice')).default('name'),
  type: optionalChoice(CLIENT_TYPES),
  archived: z.enum(CLIENT_ARCHIVE_FILTERS, err('clients.errors.invalidChoice')).default('active'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isCountryCode(v), err('clients.errors.countryInvalid'))
    .optional()
    .transform((v) => v || undefined),
});
export type TClientListQuery = z.output<typeof ZClientListQuery>;

/** The name to show: the company name, else the full name ("" when neither is set). */
export function clientDisplayName(client: { companyName?: string | null; fullName?: string | null }): string {
  return client.companyName?.trim() || client.fullName?.trim() || '';
}

const COMPANY_WORDS = [
  'azienda',
  'societa',
  'società',
  'impresa',
  'ditta',
  'ente',
  'pa',
  'company',
  'business',
  'organization',
  'organisation',
];
const PERSON_WORDS = [
  'persona',
  'persona fisica',
  'privato',
  'individuo',
  'person',
  'individual',
  'private',
  'consumer',
];
const YES = ['si', 'sì', 's', 'yes', 'y', 'true', 'vero', '1', 'x'];

/**
 * A client-type cell of an import file ("Azienda", "Persona fisica", "company"…); undefined when blank or
 * unknown, and the import then guesses from the names (company name present → company).
 */
export function clientTypeFromText(value: string | undefined): ClientType | undefined {
  const v = (value ?? '').trim().toLowerCase();
  if (COMPANY_WORDS.includes(v)) return 'company';
  if (PERSON_WORDS.includes(v)) return 'person';
  return undefined;
}

/**
 * The input of ZClientInput from the cells of an import row (mapped with CLIENT_IMPORT_TARGETS): the type
 * from its column or the names, the public administration flag from an office code, the language from
 * "italiano"/"english" as well as it/en. Validation stays with ZClientInput.
 */
export function clientInputFromImport(cells: Partial<Record<string, string>>): TClientFormValues {
  const type =
    clientTypeFromText(cells.type) ??
    (cells.companyName?.trim() || !cells.fullName?.trim() ? 'company' : 'person');
  const language = (cells.preferredLanguage ?? '').trim().toLowerCase();
  const pa =
    YES.includes((cells.isPublicAdministration ?? '').trim().toLowerCase()) || !!cells.paOfficeCode?.trim();
  return {
    type,
    fullName: cells.fullName,
    companyName: cells.companyName,
    email: cells.email,
    phone: cells.phone,
    address: cells.address,
    city: cells.city,
    postalCode: cells.postalCode,
    province: cells.province,
    country: cells.country?.trim() ? (countryCodeFromText(cells.country) ?? cells.country) : undefined,
    vatNumber: cells.vatNumber,
    codiceFiscale: cells.codiceFiscale,
    sdiCode: cells.sdiCode,
    pec: cells.pec,
    isPublicAdministration: pa,
    paOfficeCode: cells.paOfficeCode,
    preferredLanguage:
      language.startsWith('en') || language === 'inglese' ? 'en' : language ? 'it' : undefined,
    paymentTermsDays: cells.paymentTermsDays,
    notes: cells.notes,
  };
}
