import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { purchaseInvoices, suppliers } from '../../db/schema/purchases.ts';

const s = suppliers;
const p = purchaseInvoices;

/**
 * The one rule that says a client and a supplier are the same contact: the supplier's P.IVA ("IT01234567890",
 * country and number as the e-invoice writes it; a Greek "EL…" is the client's country GR) is the client's
 * country and number, or the two share the codice fiscale. Both sides of the link use it (the supplier's client,
 * the client's supplier), so they always agree.
 */
function sameContact(): SQL {
  const c = clients;
  return sql`(
    (${s.vatNumber} is not null and ${c.vatNumber} = substr(${s.vatNumber}, 3)
      and ${c.country} = (case when substr(${s.vatNumber}, 1, 2) = 'EL' then 'GR' else substr(${s.vatNumber}, 1, 2) end))
    or (${s.taxCode} is not null and upper(${c.codiceFiscale}) = upper(${s.taxCode}))
  )`;
}

/** The client of the organization that is this supplier too: an active one before an archived one. */
const clientIdOfSupplier = (orgId: string) =>
  sql<string | null>`(select ${clients.id} from ${clients}
    where ${clients.organizationId} = ${orgId} and ${sameContact()}
    order by ${clients.archivedAt} is not null, ${clients.createdAt}, ${clients.id} limit 1)`;

/**
 * What is left to pay of one invoice, in SQL as `amountToPayCents` (src/shared/purchases/payables.ts) computes it:
 * nothing for a credit note; the payment schedule's sum when there is one; else the total less the withholding.
 */
const scheduled = sql`(select coalesce(sum(greatest((i->>'amountCents')::bigint, 0)), 0) from jsonb_array_elements(${p.installments}) as i)`;
const openOfInvoice = sql`greatest(0, (case when ${p.documentType} = 'TD04' then 0
  when ${scheduled} > 0 then ${scheduled} else greatest(0, ${p.totalCents} - ${p.withholdingCents}) end) - ${p.paidCents})`;

/** Per supplier: invoices, the documents' totals (credit notes subtract), what is open, the last document date. */
function totalsOf(db: DbOrTx, orgId: string) {
  return db
    .select({
      supplierId: p.supplierId,
      invoiceCount: sql<number>`count(*)`.mapWith(Number).as('invoice_count'),
      purchasedCents:
        sql<number>`sum(case when ${p.documentType} = 'TD04' then -${p.totalCents} else ${p.totalCents} end)`
          .mapWith(Number)
          .as('purchased_cents'),
      openCents: sql<number>`sum(${openOfInvoice})`.mapWith(Number).as('open_cents'),
      lastInvoiceDate: sql<string | null>`max(${p.issueDate})::text`.as('last_invoice_date'),
    })
    .from(p)
    .where(eq(p.organizationId, orgId))
    .groupBy(p.supplierId)
    .as('totals');
}

/** `%`, `_` and `\` in a search are matched as themselves. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function columnsWith(totals: ReturnType<typeof totalsOf>, orgId: string) {
  return {
    id: s.id,
    name: s.name,
    vatNumber: s.vatNumber,
    taxCode: s.taxCode,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    province: s.province,
    country: s.country,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    invoiceCount: sql<number>`coalesce(${totals.invoiceCount}, 0)`.mapWith(Number),
    purchasedCents: sql<number>`coalesce(${totals.purchasedCents}, 0)`.mapWith(Number),
    openCents: sql<number>`coalesce(${totals.openCents}, 0)`.mapWith(Number),
    lastInvoiceDate: totals.lastInvoiceDate,
    clientId: clientIdOfSupplier(orgId),
  };
}

/**
 * A page of the organization's suppliers by name: `q` matches the name, the P.IVA or the codice fiscale;
 * `clientId` keeps the suppliers that are that client (the client's "also a supplier").
 */
export async function listSuppliers(
  db: DbOrTx,
  orgId: string,
  query: { q?: string; clientId?: string; limit: number; offset: number },
) {
  const totals = totalsOf(db, orgId);
  const parts: (SQL | undefined)[] = [eq(s.organizationId, orgId)];
  if (query.q) {
    const like = likeText(query.q);
    // "IT 0123…" and "0123…" both find "IT0123…": spaces are not in the stored code.
    const code = likeText(query.q.replace(/\s+/g, ''));
    parts.push(or(ilike(s.name, like), ilike(s.vatNumber, code), ilike(s.taxCode, code)));
  }
  if (query.clientId) {
    parts.push(
      sql`exists (select 1 from ${clients} where ${clients.organizationId} = ${orgId}
        and ${clients.id} = ${query.clientId} and ${sameContact()})`,
    );
  }
  const where = and(...parts);
  const [items, [count]] = await Promise.all([
    db
      .select(columnsWith(totals, orgId))
      .from(s)
      .leftJoin(totals, eq(totals.supplierId, s.id))
      .where(where)
      .orderBy(asc(sql`lower(${s.name})`), asc(s.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(s)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function findSupplier(db: DbOrTx, orgId: string, id: string) {
  const totals = totalsOf(db, orgId);
  const [row] = await db
    .select(columnsWith(totals, orgId))
    .from(s)
    .leftJoin(totals, eq(totals.supplierId, s.id))
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)));
  return row;
}

/** The supplier's invoices with something left to pay (credit notes aside): the figures `openInstallments` needs. */
export async function openInvoicesOfSupplier(db: DbOrTx, orgId: string, supplierId: string) {
  return db
    .select({
      id: p.id,
      number: p.number,
      documentType: p.documentType,
      issueDate: p.issueDate,
      totalCents: p.totalCents,
      withholdingCents: p.withholdingCents,
      installments: p.installments,
      paidCents: p.paidCents,
    })
    .from(p)
    .where(
      and(
        eq(p.organizationId, orgId),
        eq(p.supplierId, supplierId),
        ne(p.documentType, 'TD04'),
        sql`${openOfInvoice} > 0`,
      ),
    )
    .orderBy(asc(p.issueDate), asc(p.id));
}

export type SupplierChanges = Partial<
  Pick<typeof s.$inferInsert, 'name' | 'address' | 'postalCode' | 'city' | 'province' | 'country'>
>;

/** Writes the changed registry fields; false when the organization has no such supplier. */
export async function updateSupplier(
  db: DbOrTx,
  orgId: string,
  id: string,
  changes: SupplierChanges,
): Promise<boolean> {
  const rows = await db
    .update(s)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** The supplier's stored place, for checking a partial update of the address. */
export async function supplierPlace(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({ country: s.country, postalCode: s.postalCode, province: s.province })
    .from(s)
    .where(and(eq(s.organizationId, orgId), eq(s.id, id)));
  return row;
}
