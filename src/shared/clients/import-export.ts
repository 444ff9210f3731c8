import { z } from 'zod';
import type { Locale } from '../errors/error-codes.ts';
import { IMPORT_MODES, type ImportMode } from '../imports/contracts.ts';
import { CLIENT_IMPORT_TARGETS } from '../imports/mapping.ts';
import { ZClientListQuery, clientDisplayName, type TClient } from './contracts.ts';
import type { ClientMessageKey } from './messages.ts';

/**
 * Import and export of clients (issue 4). The web reads the file through POST /api/v1/imports/parse, maps the
 * columns (guessMapping with CLIENT_IMPORT_TARGETS) and posts the mapped rows here; the server validates every
 * row with ZClientInput (through clientInputFromImport), finds duplicates and, unless it is a dry run, inserts.
 */

/** One request holds at most this many rows (about 15 MB of JSON). */
export const CLIENT_IMPORT_MAX_ROWS = 10_000;

/** valid_only: insert the valid rows, skip the rest; all_or_nothing: insert nothing when a row is invalid. */
export const CLIENT_IMPORT_MODES = IMPORT_MODES;
export type ClientImportMode = ImportMode;

/** The fields an import row may carry, in the order of CLIENT_IMPORT_TARGETS. */
export const CLIENT_IMPORT_FIELDS = Object.keys(
  CLIENT_IMPORT_TARGETS,
) as (keyof typeof CLIENT_IMPORT_TARGETS)[];
export type ClientImportField = (typeof CLIENT_IMPORT_FIELDS)[number];

const err = (key: ClientMessageKey) => ({ error: key });

export const ZClientImportRequest = z.object({
  /** Cells by target field, already mapped by the web; unknown fields are ignored. */
  rows: z
    .array(z.record(z.string().max(64), z.string().max(10_000)))
    .min(1, err('clients.errors.noRows'))
    .max(CLIENT_IMPORT_MAX_ROWS, err('clients.errors.tooManyRows')),
  mode: z.enum(CLIENT_IMPORT_MODES, err('clients.errors.invalidChoice')),
  /** true: validate and count only, nothing is written. */
  dryRun: z.boolean(err('clients.errors.invalidValue')),
});
export type TClientImportRequest = z.output<typeof ZClientImportRequest>;

export const CLIENT_IMPORT_STATUSES = ['valid', 'invalid', 'duplicate'] as const;
export type ClientImportStatus = (typeof CLIENT_IMPORT_STATUSES)[number];

export const ZClientImportIssue = z.object({
  /** The field of the row ("vatNumber"). */
  path: z.string(),
  /** The translation key ("clients.errors.vatInvalid"). */
  key: z.string(),
  /** Its text in the caller's language. */
  message: z.string(),
});
export type TClientImportIssue = z.output<typeof ZClientImportIssue>;

export const ZClientImportRowResult = z.object({
  /** 0-based position of the row in the request. */
  index: z.number().int(),
  status: z.enum(CLIENT_IMPORT_STATUSES),
  errors: z.array(ZClientImportIssue),
});
export type TClientImportRowResult = z.output<typeof ZClientImportRowResult>;

export const ZClientImportResult = z.object({
  dryRun: z.boolean(),
  mode: z.enum(CLIENT_IMPORT_MODES),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
  /** Rows written (0 on a dry run). */
  imported: z.number().int(),
  rows: z.array(ZClientImportRowResult),
});
export type TClientImportResult = z.output<typeof ZClientImportResult>;

/** What makes two clients the same one, for duplicates in imports. */
export interface ClientIdentity {
  vatNumber?: string | null;
  email?: string | null;
  codiceFiscale?: string | null;
  companyName?: string | null;
  fullName?: string | null;
  city?: string | null;
}

export type DuplicateKind = 'vatNumber' | 'email' | 'codiceFiscale' | 'nameCity';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The keys of a client by which a duplicate is recognised: P.IVA and e-mail (unique in the organization), the
 * codice fiscale, and, for a client with none of these, the name with the city ("Mario Rossi" in "Forlì" =
 * "mario rossi" in "Forli"). Values are those normalised by ZClientInput.
 */
export function clientIdentityKeys(c: ClientIdentity): Partial<Record<DuplicateKind, string>> {
  const keys: Partial<Record<DuplicateKind, string>> = {};
  if (c.vatNumber) keys.vatNumber = c.vatNumber.toUpperCase();
  if (c.email) keys.email = c.email.toLowerCase();
  if (c.codiceFiscale) keys.codiceFiscale = c.codiceFiscale.toUpperCase();
  const name = fold(clientDisplayName(c));
  if (name) keys.nameCity = `${name}|${fold(c.city ?? '')}`;
  return keys;
}

/** The identifiers a row is matched by: the ids when it has one, otherwise its name and city. */
export function duplicateKindsOf(keys: Partial<Record<DuplicateKind, string>>): DuplicateKind[] {
  const ids = (['vatNumber', 'email', 'codiceFiscale'] as const).filter((k) => keys[k]);
  return ids.length > 0 ? ids : keys.nameCity ? ['nameCity'] : [];
}

export const DUPLICATE_MESSAGES: Record<
  DuplicateKind,
  { taken: ClientMessageKey; repeated: ClientMessageKey }
> = {
  vatNumber: { taken: 'clients.errors.vatNumberTaken', repeated: 'clients.errors.vatNumberRepeated' },
  email: { taken: 'clients.errors.emailTaken', repeated: 'clients.errors.emailRepeated' },
  codiceFiscale: {
    taken: 'clients.errors.codiceFiscaleTaken',
    repeated: 'clients.errors.codiceFiscaleRepeated',
  },
  nameCity: { taken: 'clients.errors.nameCityTaken', repeated: 'clients.errors.nameCityRepeated' },
};

/** The field a duplicate is shown on. */
export const DUPLICATE_FIELD: Record<DuplicateKind, string> = {
  vatNumber: 'vatNumber',
  email: 'email',
  codiceFiscale: 'codiceFiscale',
  nameCity: 'companyName',
};

export const CLIENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];

/** `GET /clients/export?format=&q=&sort=&type=&archived=&country=`: the filtered list, every page. */
export const ZClientExportQuery = ZClientListQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(CLIENT_EXPORT_FORMATS, err('clients.errors.invalidChoice')).default('csv'),
});
export type TClientExportQuery = z.output<typeof ZClientExportQuery>;

/** At most this many clients in one export file. */
export const CLIENT_EXPORT_MAX_ROWS = 100_000;

const EXPORT_COLUMNS = [
  'type',
  'companyName',
  'fullName',
  'vatNumber',
  'codiceFiscale',
  'email',
  'pec',
  'phone',
  'address',
  'postalCode',
  'city',
  'province',
  'country',
  'sdiCode',
  'isPublicAdministration',
  'paOfficeCode',
  'preferredLanguage',
  'paymentTermsDays',
  'notes',
  'archivedAt',
  'createdAt',
] as const;
export type ClientExportColumn = (typeof EXPORT_COLUMNS)[number];
export const CLIENT_EXPORT_COLUMNS: readonly ClientExportColumn[] = EXPORT_COLUMNS;

/**
 * Column headers of export files. They are the words the import recognises (CLIENT_IMPORT_TARGETS), so an
 * exported file imports back without touching the mapping.
 */
export const CLIENT_EXPORT_HEADERS: Record<Locale, Record<ClientExportColumn, string>> = {
  it: {
    type: 'Tipo',
    companyName: 'Ragione sociale',
    fullName: 'Nome e cognome',
    vatNumber: 'Partita IVA',
    codiceFiscale: 'Codice fiscale',
    email: 'Email',
    pec: 'PEC',
    phone: 'Telefono',
    address: 'Indirizzo',
    postalCode: 'CAP',
    city: 'Città',
    province: 'Provincia',
    country: 'Paese',
    sdiCode: 'Codice SDI',
    isPublicAdministration: 'Pubblica amministrazione',
    paOfficeCode: 'Codice univoco ufficio',
    preferredLanguage: 'Lingua',
    paymentTermsDays: 'Termini di pagamento (giorni)',
    notes: 'Note',
    archivedAt: 'Archiviato il',
    createdAt: 'Creato il',
  },
  en: {
    type: 'Type',
    companyName: 'Company name',
    fullName: 'Full name',
    vatNumber: 'VAT number',
    codiceFiscale: 'Tax code',
    email: 'Email',
    pec: 'PEC',
    phone: 'Phone',
    address: 'Address',
    postalCode: 'Postal code',
    city: 'City',
    province: 'Province',
    country: 'Country',
    sdiCode: 'SDI code',
    isPublicAdministration: 'Public administration',
    paOfficeCode: 'Office code',
    preferredLanguage: 'Language',
    paymentTermsDays: 'Payment terms (days)',
    notes: 'Notes',
    archivedAt: 'Archived on',
    createdAt: 'Created on',
  },
};

const WORDS: Record<Locale, Record<string, string>> = {
  it: { company: 'Azienda', person: 'Persona', yes: 'Sì', no: 'No', it: 'Italiano', en: 'Inglese' },
  en: { company: 'Company', person: 'Person', yes: 'Yes', no: 'No', it: 'Italian', en: 'English' },
};

/** One client as the cells of an export row: words in the reader's language, dates as YYYY-MM-DD. */
export function clientExportRow(c: TClient, locale: Locale): (string | number)[] {
  const w = WORDS[locale];
  return CLIENT_EXPORT_COLUMNS.map((column) => {
    switch (column) {
      case 'type':
        return w[c.type]!;
      case 'isPublicAdministration':
        return c.isPublicAdministration ? w.yes! : w.no!;
      case 'preferredLanguage':
        return w[c.preferredLanguage]!;
      case 'paymentTermsDays':
        return c.paymentTermsDays;
      case 'archivedAt':
      case 'createdAt':
        return c[column]?.slice(0, 10) ?? '';
      default:
        return c[column] ?? '';
    }
  });
}

/** "clienti-2026-11-22.csv" (Italian) or "clients-2026-11-22.xlsx" (English). */
export function clientExportFileName(format: ClientExportFormat, locale: Locale, day: string): string {
  return `${locale === 'it' ? 'clienti' : 'clients'}-${day}.${format}`;
}
