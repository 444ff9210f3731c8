import { clientDisplayName } from '@shared/clients/contracts.ts';
import { computeDocument } from '@shared/invoicing/compute.ts';
import {
  NO_REFERENCES,
  type DocumentReferences,
  type DocumentSnapshot,
  type TaxSettings,
} from '@shared/invoicing/document.ts';
import type { TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import { independentReads } from '../../db/database.ts';
import type { Db } from '../../platform/db.ts';
import type { FileStore } from '../../platform/storage.ts';
import { findClient, type ClientRow } from '../clients/index.ts';
import { findProfile, type BusinessProfileRow } from '../business-profiles/index.ts';
import type { InvoiceRow } from './invoices/repository.ts';
import type { QuoteRow } from './quotes/repository.ts';
import { getInvoicingSettings } from './settings.ts';

/** Splits "Mario Rossi" into given and family name for FatturaPA Nome/Cognome (last word is the surname). */
function splitPersonName(fullName: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return { firstName: null, lastName: null };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}

export function sellerOf(
  profile: BusinessProfileRow | undefined,
  settings: TInvoicingSettings,
  logo: Uint8Array | null,
): DocumentSnapshot['seller'] {
  return {
    name: profile?.companyName ?? '',
    vatNumber: profile?.vatNumber ?? null,
    vatCountry: 'IT',
    codiceFiscale: profile?.codiceFiscale ?? null,
    address: profile?.street ?? null,
    postalCode: profile?.postalCode ?? null,
    city: profile?.city ?? null,
    province: profile?.province ?? null,
    country: profile?.country && profile.country !== 'OTHER' ? profile.country : 'IT',
    email: profile?.email ?? null,
    pec: profile?.pec ?? null,
    phone: profile?.phone ?? null,
    regime: profile?.taxRegime ?? '',
    iban: settings.iban,
    bankName: settings.bankName,
    logo,
  };
}

export function buyerOf(client: ClientRow): DocumentSnapshot['buyer'] {
  const person = client.type === 'person' && !client.companyName;
  return {
    name: clientDisplayName(client),
    ...(person ? splitPersonName(client.fullName) : { firstName: null, lastName: null }),
    vatNumber: client.vatNumber,
    vatCountry: client.country,
    codiceFiscale: client.codiceFiscale,
    address: client.address,
    postalCode: client.postalCode,
    city: client.city,
    province: client.province,
    country: client.country,
    email: client.email,
    pec: client.pec,
    phone: client.phone,
    sdiCode: client.sdiCode,
    isPublicAdministration: client.isPublicAdministration,
    paOfficeCode: client.paOfficeCode,
  };
}

/** The tax settings of a document: regime from the profile, split payment from the client, the rest chosen. */
export function taxSettingsFor(input: {
  regime: string | null | undefined;
  client: Pick<ClientRow, 'splitPayment'>;
  settings: TInvoicingSettings;
  withholding: TaxSettings['withholding'];
  pensionFund: TaxSettings['pensionFund'];
}): TaxSettings {
  return {
    regime: input.regime || 'RF01',
    splitPayment: input.client.splitPayment,
    withholding: input.withholding,
    pensionFund: input.pensionFund,
    stampDutyChargedToClient: input.settings.stampDutyChargedToClient,
  };
}

export type DocumentParties = {
  profile: BusinessProfileRow | undefined;
  settings: TInvoicingSettings;
  client: ClientRow | undefined;
};

/** Profile, invoicing settings and the client (undefined when not the organization's) in three reads. */
export async function loadParties(
  { db }: { db: Db },
  { orgId, clientId }: { orgId: string; clientId: string },
): Promise<DocumentParties> {
  const [profile, settings, client] = await independentReads(db, [
    () => findProfile(db, orgId),
    () => getInvoicingSettings({ db }, { orgId }),
    () => findClient(db, orgId, clientId),
  ]);
  return { profile, settings, client };
}

/** The business logo for the PDF (PNG or JPEG); WebP logos are left out since jsPDF cannot embed them. */
export async function logoOf(files: FileStore, profile: BusinessProfileRow | undefined) {
  if (!profile?.logoKey || profile.logoKey.endsWith('.webp')) return null;
  return files.get(profile.logoKey);
}

/** The parties of a document whose client was found: what a live snapshot is made of. */
export type LiveParties = DocumentParties & { client: ClientRow };

export const referencesOf = (row: Pick<InvoiceRow, 'documentReferences'>): DocumentReferences =>
  row.documentReferences ?? NO_REFERENCES;

/**
 * An invoice or credit note as it reads with today's profile, settings and client: a draft's PDF and checks,
 * and, with its number, tax and related invoice, the snapshot frozen at issue. The logo is the PDF's to add.
 */
export function invoiceSnapshot(
  row: Pick<
    InvoiceRow,
    | 'documentType'
    | 'number'
    | 'issueDate'
    | 'dueDate'
    | 'language'
    | 'lines'
    | 'paymentMethod'
    | 'documentReferences'
    | 'notes'
    | 'terms'
  >,
  parties: LiveParties,
  tax: TaxSettings,
  status: string,
  related: { number: string; issueDate: string } | null = null,
): DocumentSnapshot {
  return {
    kind: row.documentType === 'TD04' ? 'credit_note' : 'invoice',
    documentType: row.documentType as DocumentSnapshot['documentType'],
    number: row.number,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    relatedDocument: related,
    language: row.language === 'en' ? 'en' : 'it',
    seller: sellerOf(parties.profile, parties.settings, null),
    buyer: buyerOf(parties.client),
    lines: row.lines,
    tax,
    totals: computeDocument(row.lines, tax),
    paymentMethod: row.paymentMethod as DocumentSnapshot['paymentMethod'],
    references: referencesOf(row),
    notes: row.notes,
    terms: row.terms,
    status,
  };
}

/** A quote as its PDF shows it: the stored quote with today's profile, settings and client (never frozen). */
export function quoteSnapshot(row: QuoteRow, parties: LiveParties, status: string): DocumentSnapshot {
  return {
    kind: 'quote',
    documentType: 'TD01',
    number: row.number,
    issueDate: row.issueDate,
    dueDate: row.validUntil,
    relatedDocument: null,
    language: row.language === 'en' ? 'en' : 'it',
    seller: sellerOf(parties.profile, parties.settings, null),
    buyer: buyerOf(parties.client),
    lines: row.lines,
    tax: row.tax,
    totals: computeDocument(row.lines, row.tax),
    paymentMethod: 'bank_transfer',
    notes: row.notes,
    terms: row.terms,
    status,
  };
}
