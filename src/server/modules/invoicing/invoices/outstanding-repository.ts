import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoicePayments, invoices } from '../../../db/schema/invoicing.ts';

// What an invoice still has to collect, in SQL, today and on a past date. The one place these are written: the
// invoice list, the receivables report, the dashboard and the cash-flow forecast all read them from here.

/** What is still to be collected today: amount due − paid − credited. */
export const outstandingSql = sql<number>`(${invoices.amountDueCents} - ${invoices.paidCents} - ${invoices.creditedCents})`;

// In raw SQL an alias renders as its name alone: `from ${invoices} ${creditNotes}` names the table too.
const creditNotes = alias(invoices, 'later_credit_notes');

/** Payments on the invoice dated after `asOf`. */
const paidAfter = (orgId: string, asOf: string) =>
  sql<number>`coalesce((select sum(${invoicePayments.amountCents}) from ${invoicePayments}
    where ${invoicePayments.organizationId} = ${orgId} and ${invoicePayments.invoiceId} = ${invoices.id}
      and ${invoicePayments.paidOn} > ${asOf}::date), 0)`;

/** Issued credit notes of the invoice dated after `asOf`. */
const creditedAfter = (orgId: string, asOf: string) =>
  sql<number>`coalesce((select sum(${creditNotes.amountDueCents}) from ${invoices} ${creditNotes}
    where ${creditNotes.relatedInvoiceId} = ${invoices.id} and ${creditNotes.organizationId} = ${orgId}
      and ${creditNotes.documentType} = 'TD04' and ${creditNotes.phase} = 'issued'
      and ${creditNotes.issueDate} > ${asOf}::date), 0)`;

/** Ids of the invoices with a payment or an issued credit note dated after `asOf` (computed once, hashed). */
const settledAfterIds = (orgId: string, asOf: string) =>
  sql`(select settled_after.invoice_id from ${settledAfterTable(orgId, asOf)} as settled_after)`;

/**
 * What was still to be collected at the end of `asOf`: today's outstanding with the payments and credit notes
 * dated after it added back (amount due − payments up to `asOf` − credit notes issued up to `asOf`). The sums
 * run only for the invoices settled after `asOf`; for the others it is today's figure.
 */
function outstandingOnSql(orgId: string, asOf: string) {
  return sql<number>`(${outstandingSql} + case when ${invoices.id} in ${settledAfterIds(orgId, asOf)}
    then ${paidAfter(orgId, asOf)} + ${creditedAfter(orgId, asOf)} else 0 end)`;
}

/**
 * A derived table (`invoice_id`, `cents`) of what each invoice got after `day`: its payments dated later and its
 * issued credit notes dated later. Joined to the invoices, today's outstanding + `cents` is the outstanding at the
 * end of `day`: the report over every client (receivablesByClient) reads it so, in one pass, instead of the
 * per-invoice subqueries the invoice list's filter uses (the property test checks that both agree).
 */
export function settledAfterTable(orgId: string, day: string) {
  return sql`(select settled.invoice_id, sum(settled.cents)::bigint as cents from (
      select ${invoicePayments.invoiceId} as invoice_id, ${invoicePayments.amountCents} as cents
        from ${invoicePayments}
        where ${invoicePayments.organizationId} = ${orgId} and ${invoicePayments.paidOn} > ${day}::date
      union all
      select ${creditNotes.relatedInvoiceId}, ${creditNotes.amountDueCents} from ${invoices} ${creditNotes}
        where ${creditNotes.organizationId} = ${orgId} and ${creditNotes.documentType} = 'TD04'
          and ${creditNotes.phase} = 'issued' and ${creditNotes.issueDate} > ${day}::date
    ) as settled group by settled.invoice_id)`;
}

/**
 * Issued invoices (not credit notes) dated up to `asOf` with something still to collect at its end: the invoice
 * list's `openOn` filter, the receivables report's drill-down.
 */
export function openOnCondition(orgId: string, asOf: string): SQL {
  return and(
    eq(invoices.organizationId, orgId),
    eq(invoices.phase, 'issued'),
    eq(invoices.documentType, 'TD01'),
    sql`${invoices.issueDate} <= ${asOf}::date`,
    sql`${outstandingOnSql(orgId, asOf)} > 0`,
  )!;
}
