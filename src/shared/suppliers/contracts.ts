import { z } from 'zod';
import { findProvince } from '../business-profile/provinces.ts';
import { isCountryCode } from '../clients/countries.ts';
import { CLIENT_FIELD_MAX, normalizeCountry } from '../clients/contracts.ts';
import type { ClientMessageKey } from '../clients/messages.ts';
import { isValidPostalCode, normalizePostalCode } from '../clients/postal-codes.ts';
import { tooLong } from '../errors/field-messages.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { ZSupplier } from '../purchases/contracts.ts';

/**
 * Suppliers as a view of the business's contacts (issue 17): the firms that send purchase invoices, with what the
 * business bought from them and still owes. A supplier and a client are the same contact when they share the
 * Partita IVA (country and number) or the codice fiscale; `clientId` then names the client, so the two screens
 * link to each other rather than copying one another (docs/DECISIONS.md, "Suppliers as a view of contacts").
 */

export const SUPPLIER_NAME_MAX = 200;

/** `GET /suppliers?q=&page=&pageSize=&clientId=`: name, P.IVA or codice fiscale search; `clientId` → the same contact. */
export const ZSupplierListQuery = zPageQuery(10, 100).extend({
  q: z.string().trim().max(100).optional(),
  clientId: z.string().max(64).optional(),
});
export type TSupplierListQuery = z.output<typeof ZSupplierListQuery>;

/** What the business bought from a supplier and owes it, in cents (credit notes subtract from the total). */
export const ZSupplierTotals = z.object({
  /** Purchase invoices received (credit notes included). */
  invoiceCount: z.number().int(),
  /** Document totals, VAT included, credit notes subtracted. */
  purchasedCents: z.number().int(),
  /** What is left to pay of its invoices (payables). */
  openCents: z.number().int(),
  lastInvoiceDate: z.string().nullable(),
});
export type TSupplierTotals = z.infer<typeof ZSupplierTotals>;

export const ZSupplierListItem = z.object({
  ...ZSupplier.shape,
  ...ZSupplierTotals.shape,
  /** The client that is the same contact (same P.IVA or codice fiscale), if any. */
  clientId: z.string().nullable(),
});
export type TSupplierListItem = z.infer<typeof ZSupplierListItem>;

export const ZSupplierPage = zPage(ZSupplierListItem);
export type TSupplierPage = z.infer<typeof ZSupplierPage>;

/** One open instalment of one of the supplier's invoices (the scadenzario's row). */
export const ZSupplierPayable = z.object({
  invoiceId: z.string(),
  number: z.string(),
  documentType: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  openCents: z.number().int(),
  overdue: z.boolean(),
});
export type TSupplierPayable = z.infer<typeof ZSupplierPayable>;

export const ZSupplierDetail = ZSupplierListItem.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Open instalments, earliest due first. */
  payables: z.array(ZSupplierPayable),
});
export type TSupplierDetail = z.infer<typeof ZSupplierDetail>;

const clientErr = (key: ClientMessageKey) => ({ error: key });
const err = (key: FieldKey) => ({ error: key });

/** Optional text: blank or null → null, otherwise trimmed and at most `max` characters. */
const text = (max: number) =>
  z
    .string(clientErr('clients.errors.invalidValue'))
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine((v) => v == null || v.length <= max, tooLong(max));

/**
 * `PATCH /suppliers/:id`: the registry data the business may correct (name and address). The Partita IVA and the
 * codice fiscale are not edited: they are how received e-invoices find the supplier. A field left out is kept;
 * the country (ISO alpha-2) decides how the postal code and the province are checked, as for clients.
 */
export const ZSupplierUpdate = z
  .object({
    name: z
      .string(err('suppliers.errors.nameRequired'))
      .trim()
      .min(1, err('suppliers.errors.nameRequired'))
      .max(SUPPLIER_NAME_MAX, tooLong(SUPPLIER_NAME_MAX))
      .optional(),
    address: text(CLIENT_FIELD_MAX.address),
    postalCode: text(CLIENT_FIELD_MAX.postalCode),
    city: text(CLIENT_FIELD_MAX.city),
    province: text(CLIENT_FIELD_MAX.province),
    country: z
      .string(clientErr('clients.errors.countryInvalid'))
      .nullish()
      .transform((v) => (v === undefined ? undefined : v?.trim() ? normalizeCountry(v) : null))
      .refine((v) => v == null || isCountryCode(v), clientErr('clients.errors.countryInvalid')),
  })
  .strict();
export type TSupplierUpdate = z.output<typeof ZSupplierUpdate>;
/** What a client sends: a field left out is kept, null clears it. */
export type TSupplierUpdateBody = z.input<typeof ZSupplierUpdate>;

type Place = { country: string | null; postalCode?: string | null; province?: string | null };

/**
 * The update merged over the supplier as stored, checked and normalised as a client's address is (Italian CAP of
 * five digits, the province as its sigla): the issues by field, or the values to write.
 */
export function mergeSupplierUpdate(
  current: Place,
  update: TSupplierUpdate,
):
  | { ok: true; values: TSupplierUpdate }
  | { ok: false; issues: { path: 'postalCode' | 'province'; message: ClientMessageKey }[] } {
  const country = (update.country !== undefined ? update.country : current.country) ?? 'IT';
  const postalCode = update.postalCode !== undefined ? update.postalCode : current.postalCode;
  const province = update.province !== undefined ? update.province : current.province;
  const issues: { path: 'postalCode' | 'province'; message: ClientMessageKey }[] = [];
  const values: TSupplierUpdate = { ...update };
  // Only what changes is checked: a supplier's stored address was written by its own software.
  const placeChanged = update.country !== undefined || update.postalCode !== undefined;
  if (placeChanged && postalCode) {
    if (!isValidPostalCode(country, postalCode)) {
      issues.push({
        path: 'postalCode',
        message: country === 'IT' ? 'clients.errors.capInvalid' : 'clients.errors.postalCodeInvalid',
      });
    } else if (update.postalCode !== undefined) values.postalCode = normalizePostalCode(country, postalCode);
  }
  if ((update.country !== undefined || update.province !== undefined) && province && country === 'IT') {
    const sigla = findProvince(province);
    if (!sigla) issues.push({ path: 'province', message: 'clients.errors.provinceInvalid' });
    else if (update.province !== undefined) values.province = sigla;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
}
