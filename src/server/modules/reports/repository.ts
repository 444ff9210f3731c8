import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import { invoices } from '../../db/schema/invoicing.ts';

/** Sales figures of one calendar month, from the VAT summary frozen in each issued document. */
export type MonthSales = {
  month: number;
  taxableCents: number;
  /** VAT the seller owes: split payment excluded. */
  vatCents: number;
  splitPaymentVatCents: number;
  reverseChargeTaxableCents: number;
  documents: number;
};

/** A sum over the VAT summary rows (DatiRiepilogo) of the document, optionally only those matching `where`. */
function summarySum(field: 'taxableCents' | 'vatCents', where?: ReturnType<typeof sql>) {
  return sql<number>`(select coalesce(sum((r->>${field})::bigint), 0)
    from jsonb_array_elements(${invoices.snapshot}->'totals'->'vatSummary') as r
    ${where ? sql`where ${where}` : sql``})`;
}

/**
 * Sales of a year by month of issue, from the VAT summary rows frozen at issue, so the report adds up exactly
 * what the documents print. Credit notes (TD04) count negative in the month they are dated.
 */
export async function salesByMonth(db: DbOrTx, orgId: string, year: number): Promise<MonthSales[]> {
  const documents = db
    .select({
      month: sql<number>`extract(month from ${invoices.issueDate})::int`.as('month'),
      sign: sql<number>`case when ${invoices.documentType} = 'TD04' then -1 else 1 end`.as('sign'),
      taxable: summarySum('taxableCents').as('taxable'),
      vat: summarySum('vatCents', sql`r->>'vatCollectability' <> 'S'`).as('vat'),
      splitVat: summarySum('vatCents', sql`r->>'vatCollectability' = 'S'`).as('split_vat'),
      reverseTaxable: summarySum('taxableCents', sql`r->>'nature' like 'N6%'`).as('reverse_taxable'),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        gte(invoices.issueDate, `${year}-01-01`),
        lte(invoices.issueDate, `${year}-12-31`),
      ),
    )
    .as('documents');
  const total = (column: typeof documents.taxable) =>
    sql<number>`coalesce(sum(${documents.sign} * ${column}), 0)`.mapWith(Number);
  return db
    .select({
      month: documents.month,
      taxableCents: total(documents.taxable),
      vatCents: total(documents.vat),
      splitPaymentVatCents: total(documents.splitVat),
      reverseChargeTaxableCents: total(documents.reverseTaxable),
      documents: sql<number>`count(*)`.mapWith(Number),
    })
    .from(documents)
    .groupBy(documents.month)
    .orderBy(asc(documents.month));
}

export async function taxRegimeOf(db: DbOrTx, orgId: string): Promise<string | null> {
  const [row] = await db
    .select({ regime: businessProfiles.taxRegime })
    .from(businessProfiles)
    .where(eq(businessProfiles.organizationId, orgId))
    .limit(1);
  return row?.regime ?? null;
}
