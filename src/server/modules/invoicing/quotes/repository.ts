import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { QuoteStatus, TQuoteListQuery } from '@shared/invoicing/contracts.ts';
import { user } from '../../../db/schema/auth.ts';
import { clients } from '../../../db/schema/clients.ts';
import { quotes } from '../../../db/schema/invoicing.ts';
import type { DbOrTx, Tx } from '../../../db/database.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteValues = Omit<
  typeof quotes.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

/**
 * The status a list filter means, with `today` the organization's date: a sent quote past its validity counts
 * as expired even before the hourly job stores it (effectiveQuoteStatus in src/shared/invoicing/status.ts).
 */
function statusCondition(status: QuoteStatus, today: string): SQL {
  const pastValidity = and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today))!;
  if (status === 'sent') return and(eq(quotes.status, 'sent'), gte(quotes.validUntil, today))!;
  if (status === 'expired') return or(eq(quotes.status, 'expired'), pastValidity)!;
  return eq(quotes.status, status);
}

function whereOf(orgId: string, q: Omit<TQuoteListQuery, 'page' | 'pageSize'>, today: string): SQL {
  const parts: SQL[] = [eq(quotes.organizationId, orgId)];
  if (q.status) parts.push(statusCondition(q.status, today));
  if (q.clientId) parts.push(eq(quotes.clientId, q.clientId));
  if (q.from) parts.push(gte(quotes.issueDate, q.from));
  if (q.to) parts.push(lte(quotes.issueDate, q.to));
  const text = q.q?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // search_text is the clients' lower-cased name, company, e-mail, P.IVA and city (trigram-indexed).
    parts.push(or(sql`lower(${quotes.number}) like ${like}`, sql`${clients.searchText} like ${like}`)!);
  }
  return and(...parts)!;
}

const listColumns = {
  id: quotes.id,
  number: quotes.number,
  status: quotes.status,
  clientId: quotes.clientId,
  clientCompanyName: clients.companyName,
  clientFullName: clients.fullName,
  clientEmail: clients.email,
  issueDate: quotes.issueDate,
  validUntil: quotes.validUntil,
  totalCents: quotes.totalCents,
};

/**
 * One page, newest first, with the client names from a join and the total from a window count in the same
 * query; only a page past the end (no row to carry the total) needs a separate count.
 */
export async function listQuotes(
  db: DbOrTx,
  orgId: string,
  q: TQuoteListQuery,
  page: { limit: number; offset: number },
  today: string,
) {
  const where = whereOf(orgId, q, today);
  const rows = await db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(where)
    .orderBy(desc(quotes.issueDate), desc(quotes.year), desc(quotes.sequence), desc(quotes.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) {
    return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
  }
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(where);
  return { items: [], total: counted?.total ?? 0 };
}
export type QuoteListRow = Awaited<ReturnType<typeof listQuotes>>['items'][number];

export async function findQuote(db: DbOrTx, orgId: string, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationId, orgId), eq(quotes.id, id)));
  return row;
}

/** The row locked until the transaction ends (conversion serialises on it). */
export async function lockQuote(tx: Tx, orgId: string, id: string): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationId, orgId), eq(quotes.id, id)))
    .for('update');
  return row;
}

/** The quote a client's link names: by the SHA-256 of the token, whatever the organization. */
export async function findQuoteByTokenHash(db: DbOrTx, tokenHash: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.publicTokenHash, tokenHash));
  return row;
}

export async function insertQuote(db: DbOrTx, orgId: string, values: QuoteValues): Promise<QuoteRow> {
  const [row] = await db
    .insert(quotes)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row!;
}

/**
 * Updates the quote only while its status is one of `whenStatus` (a compare-and-set: two requests racing on
 * the same quote cannot both win). Undefined when the quote is not the organization's or its status moved on.
 */
export async function updateQuoteIf(
  db: DbOrTx,
  orgId: string,
  id: string,
  whenStatus: readonly QuoteStatus[],
  values: Partial<QuoteValues>,
  extra?: SQL,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .update(quotes)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(quotes.organizationId, orgId),
        eq(quotes.id, id),
        inArray(quotes.status, [...whenStatus]),
        extra,
      ),
    )
    .returning();
  return row;
}

/** Only a draft can be deleted; false when it is not the organization's or no longer a draft. */
export async function deleteDraftQuote(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(quotes)
    .where(and(eq(quotes.organizationId, orgId), eq(quotes.id, id), eq(quotes.status, 'draft')))
    .returning({ id: quotes.id });
  return rows.length > 0;
}

/** The answer of a client through the link: only while the quote is sent and still valid on `today`. */
export async function recordResponse(
  db: DbOrTx,
  id: string,
  values: { status: 'accepted' | 'rejected'; message: string | null },
  today: string,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .update(quotes)
    .set({
      status: values.status,
      clientResponseMessage: values.message,
      respondedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'sent'), gte(quotes.validUntil, today)))
    .returning();
  return row;
}

/** Stores sent quotes past their validity as expired; one statement, idempotent. Returns how many changed. */
export async function expireSentQuotes(db: DbOrTx, today: string): Promise<number> {
  const rows = await db
    .update(quotes)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today)))
    .returning({ id: quotes.id });
  return rows.length;
}

/** Name and e-mail of a user (the quote's creator, told of the client's answer). */
export async function findUserContact(db: DbOrTx, userId: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row;
}
