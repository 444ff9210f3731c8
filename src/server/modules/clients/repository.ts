import { events } from '../../db/schema/calendar.ts';
import { emailActivity, invoices, quotes } from '../../db/schema/invoicing.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { clients } from '../../db/schema/clients.ts';
import { transactions } from '../../db/schema/transactions.ts';

export type ClientRow = Omit<typeof clients.$inferSelect, 'searchText' | 'identText'>;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'searchText' | 'identText' | 'archivedAt'
>;

/** Explicit columns: everything the contract returns, never the search helper column. */
const columns = {
  id: clients.id,
  organizationId: clients.organizationId,
  type: clients.type,
  fullName: clients.fullName,
  companyName: clients.companyName,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  city: clients.city,
  postalCode: clients.postalCode,
  province: clients.province,
  country: clients.country,
  vatNumber: clients.vatNumber,
  codiceFiscale: clients.codiceFiscale,
  sdiCode: clients.sdiCode,
  pec: clients.pec,
  isPublicAdministration: clients.isPublicAdministration,
  paOfficeCode: clients.paOfficeCode,
  splitPayment: clients.splitPayment,
  preferredLanguage: clients.preferredLanguage,
  paymentTermsDays: clients.paymentTermsDays,
  notes: clients.notes,
  archivedAt: clients.archivedAt,
  createdBy: clients.createdBy,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export type ClientFilter = {
  q?: string;
  type?: string;
  country?: string;
  archived: 'active' | 'archived' | 'all';
  sort: string;
};

/**
 * Search tolerates typos: a substring match, or pg_trgm word similarity of the query to any word run of
 * the client's name, company, e-mail, P.IVA and city ("Rosi" finds "Rossi Costruzioni"). Both use the
 * trigram index on search_text. Results with a query are ranked by similarity.
 */
function whereOf(orgId: string, f: ClientFilter): SQL {
  const parts: SQL[] = [eq(clients.organizationId, orgId)];
  if (f.archived === 'active') parts.push(isNull(clients.archivedAt));
  if (f.archived === 'archived') parts.push(isNotNull(clients.archivedAt));
  if (f.type) parts.push(eq(clients.type, f.type));
  if (f.country) parts.push(eq(clients.country, f.country));
  const q = f.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `text %> q` (not `q <% text`): only this operand order lets the planner use the trigram index.
    parts.push(
      or(
        sql`${clients.searchText} like ${like}`,
        sql`${clients.searchText} %> ${q}`,
        sql`${clients.identText} like ${like}`,
      )!,
    );
  }
  return and(...parts)!;
}

const displayName = sql`lower(coalesce(${clients.companyName}, ${clients.fullName}, ''))`;

function orderOf(f: ClientFilter): SQL[] {
  const q = f.q?.trim().toLowerCase();
  const bySort: Record<string, SQL[]> = {
    name: [asc(displayName)],
    '-name': [desc(displayName)],
    createdAt: [asc(clients.createdAt)],
    '-createdAt': [desc(clients.createdAt)],
    city: [asc(clients.city), asc(displayName)],
  };
  const chosen = bySort[f.sort] ?? bySort.name!;
  // Ranked by strict word similarity alone: word_similarity ties often ("rosi" scores 0.6 against "rossi" and
  // "rosa") and the strict variant, which compares whole words, tells them apart. One similarity per row
  // only: on thousands of matches each extra one costs milliseconds (docs/BENCHMARKS.md).
  const ranked = q ? [desc(sql`strict_word_similarity(${q}, ${clients.searchText})`)] : [];
  // With a query and the default sort, the best match comes first.
  return [...(q && f.sort === 'name' ? ranked : []), ...chosen, asc(clients.id)];
}

/**
 * A search reads every match to rank it, so its page and total come in one pass (`count(*) over ()`): the
 * similarities are computed once, not again for the count. Without a search the page is an index walk
 * (clients_org_display_name_idx, clients_org_created_idx) and the total a separate count, since a window
 * count would read all of the organization's rows for every page. A page past the end returns no row to
 * carry the total; only then a separate count runs.
 */
export async function listClients(
  db: DbOrTx,
  orgId: string,
  f: ClientFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(orgId, f);
  if (!f.q?.trim()) {
    const items = await db
      .select(columns)
      .from(clients)
      .where(where)
      .orderBy(...orderOf(f))
      .limit(page.limit)
      .offset(page.offset);
    const [totalRow] = await db.select({ total: count() }).from(clients).where(where);
    return { items, total: totalRow?.total ?? 0 };
  }
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(clients)
    .where(where)
    .orderBy(...orderOf(f))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0) {
    return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]!.total };
  }
  const [totalRow] = await db.select({ total: count() }).from(clients).where(where);
  return { items: [], total: totalRow?.total ?? 0 };
}

/** Every matching row, for exports (capped by the caller). */
export async function listAllClients(db: DbOrTx, orgId: string, f: ClientFilter, limit: number) {
  return db
    .select(columns)
    .from(clients)
    .where(whereOf(orgId, f))
    .orderBy(...orderOf(f))
    .limit(limit);
}

export async function findClient(db: DbOrTx, orgId: string, id: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)));
  return row;
}

export async function insertClient(db: DbOrTx, orgId: string, values: ClientValues): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ ...values, organizationId: orgId })
    .returning(columns);
  return row!;
}

export async function updateClient(db: DbOrTx, orgId: string, id: string, values: Partial<ClientValues>) {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .returning(columns);
  return row;
}

export async function setArchived(db: DbOrTx, orgId: string, id: string, archived: boolean) {
  const [row] = await db
    .update(clients)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .returning(columns);
  return row;
}

/** Deleting a client referenced elsewhere fails with a foreign-key violation → "Cannot delete: item is in use". */
export async function deleteClient(db: DbOrTx, orgId: string, id: string) {
  const deleted = await db
    .delete(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return deleted.length > 0;
}

/**
 * Clients of the organization already holding the P.IVA or the e-mail (case-insensitive), other than
 * `exceptId`: which of the two unique keys a create or update would break.
 */
export async function findConflicts(
  db: DbOrTx,
  orgId: string,
  keys: { vatNumber: string | null; email: string | null },
  exceptId?: string,
) {
  const matches: SQL[] = [];
  if (keys.vatNumber) matches.push(eq(clients.vatNumber, keys.vatNumber));
  if (keys.email) matches.push(sql`lower(${clients.email}) = ${keys.email.toLowerCase()}`);
  if (matches.length === 0) return { vatNumber: false, email: false };
  const rows = await db
    .select({ vatNumber: clients.vatNumber, email: clients.email })
    .from(clients)
    .where(
      and(
        eq(clients.organizationId, orgId),
        or(...matches),
        exceptId ? sql`${clients.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(2);
  return {
    vatNumber: !!keys.vatNumber && rows.some((r) => r.vatNumber === keys.vatNumber),
    email: !!keys.email && rows.some((r) => r.email?.toLowerCase() === keys.email!.toLowerCase()),
  };
}

/** What identifies every client of the organization, for duplicate detection in imports (one query). */
export async function clientIdentities(db: DbOrTx, orgId: string) {
  return db
    .select({
      vatNumber: clients.vatNumber,
      email: clients.email,
      codiceFiscale: clients.codiceFiscale,
      companyName: clients.companyName,
      fullName: clients.fullName,
      city: clients.city,
    })
    .from(clients)
    .where(eq(clients.organizationId, orgId));
}

export async function insertClientsBatch(db: DbOrTx, orgId: string, rows: ClientValues[]) {
  const CHUNK = 500;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(clients).values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, organizationId: orgId })));
  }
}

/**
 * The transactions naming the client as counterparty, newest first: the part of the timeline that exists now
 * (quotes, invoices, events and mail come with their areas). One more row than asked tells whether there are more.
 */
export async function clientTransactions(db: DbOrTx, orgId: string, clientId: string, limit: number) {
  return db
    .select({
      id: transactions.id,
      occurredOn: transactions.occurredOn,
      direction: transactions.direction,
      amountCents: transactions.amountCents,
      description: transactions.description,
    })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.clientId, clientId)))
    .orderBy(desc(transactions.occurredOn), desc(transactions.createdAt), desc(transactions.id))
    .limit(limit + 1);
}

/** The client's quotes, newest first (limit + 1 rows tell whether there are more). */
export async function clientQuotes(db: DbOrTx, orgId: string, clientId: string, limit: number) {
  return db
    .select({
      id: quotes.id,
      issueDate: quotes.issueDate,
      validUntil: quotes.validUntil,
      number: quotes.number,
      status: quotes.status,
      totalCents: quotes.totalCents,
    })
    .from(quotes)
    .where(and(eq(quotes.organizationId, orgId), eq(quotes.clientId, clientId)))
    .orderBy(desc(quotes.issueDate), desc(quotes.createdAt))
    .limit(limit + 1);
}

/** The client's invoices and credit notes with what their status is derived from, newest first. */
export async function clientInvoices(db: DbOrTx, orgId: string, clientId: string, limit: number) {
  return db
    .select({
      id: invoices.id,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      number: invoices.number,
      documentType: invoices.documentType,
      phase: invoices.phase,
      sentAt: invoices.sentAt,
      totalCents: invoices.totalCents,
      amountDueCents: invoices.amountDueCents,
      paidCents: invoices.paidCents,
      creditedCents: invoices.creditedCents,
    })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.clientId, clientId)))
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
    .limit(limit + 1);
}

/** Document e-mails sent to the client, newest first. */
export async function clientMails(db: DbOrTx, orgId: string, clientId: string, limit: number) {
  return db
    .select({
      id: emailActivity.id,
      sentAt: emailActivity.sentAt,
      type: emailActivity.type,
      subject: emailActivity.subject,
      recipientEmail: emailActivity.recipientEmail,
      invoiceId: emailActivity.invoiceId,
      quoteId: emailActivity.quoteId,
      status: sql<string>`coalesce(${mailOutbox.status}, ${emailActivity.status})`,
    })
    .from(emailActivity)
    .leftJoin(mailOutbox, eq(mailOutbox.id, emailActivity.outboxId))
    .where(and(eq(emailActivity.organizationId, orgId), eq(emailActivity.clientId, clientId)))
    .orderBy(desc(emailActivity.sentAt))
    .limit(limit + 1);
}

/** The client's calendar events, latest first. */
export async function clientEvents(db: DbOrTx, orgId: string, clientId: string, limit: number) {
  return db
    .select({
      id: events.id,
      title: events.title,
      startDate: events.startDate,
      startTime: events.startTime,
      allDay: events.allDay,
      rrule: events.rrule,
    })
    .from(events)
    .where(and(eq(events.organizationId, orgId), eq(events.clientId, clientId)))
    .orderBy(desc(events.startDate), desc(events.startTime))
    .limit(limit + 1);
}
