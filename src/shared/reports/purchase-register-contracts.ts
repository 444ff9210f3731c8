import { z } from 'zod';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { rangeFields, withRangeRules, ZReportFormat } from './contracts.ts';

/**
 * The purchases VAT register (registro IVA acquisti) of a range of at most a year: the invoices received from
 * suppliers, by the day each was received (its registration day, in the organization's time zone), with the VAT
 * summary as the supplier wrote it. Credit notes (TD04) count negative. A row with a Natura (N1–N7) carries no
 * VAT to deduct; the taxable of reverse-charge rows (N6.x) has a column of its own.
 */

const cents = z.number().int();

export const ZPurchaseRegisterQuery = withRangeRules(zPageQuery(50, 200).extend(rangeFields));
export type TPurchaseRegisterQuery = z.infer<typeof ZPurchaseRegisterQuery>;
export const ZPurchaseRegisterExportQuery = ZPurchaseRegisterQuery.and(
  z.object({ format: ZReportFormat.default('xlsx') }),
);

const ZPurchaseVatLine = z.object({
  vatRate: z.number(),
  nature: z.string().nullable(),
  taxableCents: cents,
  /** Deductible VAT: 0 on a row with a Natura. */
  vatCents: cents,
});

export const ZPurchaseRegisterEntry = z.object({
  id: z.uuid(),
  /** The day received, the register's date (data di registrazione). */
  receivedOn: z.string(),
  issueDate: z.string(),
  number: z.string(),
  /** TipoDocumento as received (TD01 invoice, TD04 credit note, …). */
  documentType: z.string(),
  supplierName: z.string(),
  /** Partita IVA with its country ("IT01234567890"), else the codice fiscale. */
  supplierVatNumber: z.string().nullable(),
  /** Signed: a credit note's amounts are negative. */
  totalCents: cents,
  lines: z.array(ZPurchaseVatLine),
});
export type TPurchaseRegisterEntry = z.infer<typeof ZPurchaseRegisterEntry>;

const ZTotals = z.object({ taxableCents: cents, vatCents: cents, reverseChargeTaxableCents: cents });

export const ZPurchaseRegister = z.object({
  from: z.string(),
  to: z.string(),
  /** Per rate and Natura over the whole range (every page), signed. */
  summary: z.array(ZPurchaseVatLine.extend({ reverseChargeTaxableCents: cents })),
  totals: ZTotals.extend({ documents: z.number().int() }),
  /** The same totals over the range just before (`previousRange`), to compare with. */
  previous: ZTotals.extend({ from: z.string(), to: z.string() }),
  entries: zPage(ZPurchaseRegisterEntry),
});
export type TPurchaseRegister = z.infer<typeof ZPurchaseRegister>;
