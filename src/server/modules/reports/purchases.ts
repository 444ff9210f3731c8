import { daysBetween } from '@shared/dates/dates.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { openInstallments } from '@shared/purchases/payables.ts';
import { AGING_BUCKETS, type AgingBucket, type TPayables } from '@shared/reports/contracts.ts';
import { previousRange } from '@shared/reports/periods.ts';
import type {
  TPurchaseRegister,
  TPurchaseRegisterEntry,
  TPurchaseRegisterQuery,
} from '@shared/reports/purchase-register-contracts.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import {
  openPurchaseInvoices,
  purchaseRegisterPage,
  purchaseRegisterSummary,
} from './purchases-repository.ts';
import type { ReportDeps } from './service.ts';

/**
 * The purchase side of the reports (issue 17): the purchases VAT register and the payables (scadenzario
 * passivo). The VAT settlement, the profit and loss and the cash flow read the purchase invoices in their own
 * files through `purchases-repository.ts`.
 */

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

function totalsOf(summary: TPurchaseRegister['summary']) {
  return {
    taxableCents: sum(summary.map((row) => row.taxableCents)),
    vatCents: sum(summary.map((row) => row.vatCents)),
    reverseChargeTaxableCents: sum(summary.map((row) => row.reverseChargeTaxableCents)),
  };
}

/**
 * The purchases VAT register of a range: the summary per rate and Natura over the whole range, and one page of
 * invoices in the order they were received, against the range before.
 */
export async function purchaseRegister(
  deps: ReportDeps,
  input: { orgId: string; query: TPurchaseRegisterQuery },
): Promise<TPurchaseRegister> {
  const { from, to } = input.query;
  const before = previousRange({ from, to });
  const zone = await organizationTimeZone(deps.db, input.orgId);
  const [summary, previousSummary, page] = await Promise.all([
    purchaseRegisterSummary(deps.db, input.orgId, { from, to }, zone),
    purchaseRegisterSummary(deps.db, input.orgId, before, zone),
    purchaseRegisterPage(deps.db, input.orgId, { from, to }, zone, toLimitOffset(input.query)),
  ]);
  return {
    from,
    to,
    summary,
    totals: { ...totalsOf(summary), documents: page.total },
    previous: { ...before, ...totalsOf(previousSummary) },
    entries: {
      items: page.rows.map(entryOf),
      total: page.total,
      page: input.query.page,
      pageSize: input.query.pageSize,
    },
  };
}

/** Every invoice of the register's range, for the export (at most a year, as the query allows). */
export async function purchaseRegisterEntries(
  deps: ReportDeps,
  input: { orgId: string; from: string; to: string },
): Promise<TPurchaseRegisterEntry[]> {
  const zone = await organizationTimeZone(deps.db, input.orgId);
  const page = await purchaseRegisterPage(deps.db, input.orgId, input, zone, { limit: 1_000_000, offset: 0 });
  return page.rows.map(entryOf);
}

function entryOf(
  row: Awaited<ReturnType<typeof purchaseRegisterPage>>['rows'][number],
): TPurchaseRegisterEntry {
  const sign = row.documentType === 'TD04' ? -1 : 1;
  return {
    id: row.id,
    receivedOn: row.receivedOn,
    issueDate: row.issueDate,
    number: row.number,
    documentType: row.documentType,
    supplierName: row.supplierName,
    supplierVatNumber: row.supplierVatNumber ?? row.supplierTaxCode,
    totalCents: sign * row.totalCents,
    lines: row.vatSummary.map((line) => ({
      vatRate: Number(line.vatRate),
      nature: line.nature || null,
      taxableCents: sign * line.taxableCents,
      vatCents: line.nature ? 0 : sign * line.vatCents,
    })),
  };
}

/** The bucket of an instalment `daysLate` days past due, as the receivables count them. */
function bucketOf(daysLate: number): AgingBucket {
  if (daysLate <= 0) return 'notDue';
  if (daysLate <= 30) return 'days1to30';
  if (daysLate <= 60) return 'days31to60';
  if (daysLate <= 90) return 'days61to90';
  return 'over90';
}

/** The open instalments of the purchase invoices at the end of `day`, by due date. */
export async function openPayables(deps: ReportDeps, orgId: string, day: string) {
  const invoices = await openPurchaseInvoices(deps.db, orgId, day);
  return invoices
    .flatMap((invoice) =>
      openInstallments(invoice, invoice.paidCents, invoice.issueDate).map((installment) => ({
        invoiceId: invoice.id,
        number: invoice.number,
        supplierId: invoice.supplierId,
        supplierName: invoice.supplierName,
        dueDate: installment.dueDate,
        openCents: installment.openCents,
      })),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
}

const LISTED_INSTALLMENTS = 200;

/** Payables at the end of `asOf`: by supplier in ageing buckets, the overdue sum, the open instalments. */
export async function payables(deps: ReportDeps, orgId: string, asOf: string): Promise<TPayables> {
  const open = (await openPayables(deps, orgId, asOf)).map((i) => ({
    ...i,
    daysLate: daysBetween(i.dueDate, asOf),
  }));
  const zero = () => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  const totals = { ...zero(), totalCents: 0, openInvoices: 0 };
  const bySupplier = new Map<string, TPayables['suppliers'][number] & { invoiceIds: Set<string> }>();
  const allInvoices = new Set<string>();
  for (const installment of open) {
    const bucket = bucketOf(installment.daysLate);
    let supplier = bySupplier.get(installment.supplierId);
    if (!supplier) {
      supplier = {
        supplierId: installment.supplierId,
        name: installment.supplierName,
        ...zero(),
        totalCents: 0,
        openInvoices: 0,
        oldestDueDate: installment.dueDate,
        invoiceIds: new Set(),
      };
      bySupplier.set(installment.supplierId, supplier);
    }
    supplier[bucket] += installment.openCents;
    supplier.totalCents += installment.openCents;
    supplier.invoiceIds.add(installment.invoiceId);
    if (installment.dueDate < supplier.oldestDueDate) supplier.oldestDueDate = installment.dueDate;
    totals[bucket] += installment.openCents;
    totals.totalCents += installment.openCents;
    allInvoices.add(installment.invoiceId);
  }
  totals.openInvoices = allInvoices.size;
  const overdue = open.filter((i) => i.daysLate > 0);
  return {
    totals,
    overdue: { cents: sum(overdue.map((i) => i.openCents)), installments: overdue.length },
    suppliers: [...bySupplier.values()]
      .map(({ invoiceIds, ...supplier }) => ({ ...supplier, openInvoices: invoiceIds.size }))
      .sort((a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name)),
    installments: open
      .slice(0, LISTED_INSTALLMENTS)
      .map(({ invoiceId, number, supplierName, dueDate, openCents, daysLate }) => ({
        invoiceId,
        number,
        supplierName,
        dueDate,
        openCents,
        daysLate,
      })),
  };
}
