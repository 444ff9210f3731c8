import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TInvoiceListQuery, InvoiceStatus } from '@shared/invoicing/contracts.ts';
import { clients } from '../../../db/schema/clients.ts';
import { emailActivity, invoicePayments, invoices, invoicingSettings } from '../../../db/schema/invoicing.ts';
import { transactions } from '../../../db/schema/transactions.ts';
import { notDemoOrganization } from '../../organizations/index.ts';
import { openOnCondition, outstandingSql as outstanding } from './outstanding-repository.ts';
import type { DbOrTx, Tx } from '../../../db/database.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;
export type InvoiceValues = Omit<
  typeof invoices.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

/**
 * The derived status in SQL, with the same precedence as deriveInvoiceStatus (src/shared/invoicing/status.ts):
 * draft; cancelled when fully credited; paid when nothing is outstanding; overdue when past due; partially
 * paid; sent; issued. Credit notes are draft, issued or sent.
 */
export function statusCondition(status: InvoiceStatus, today: string): SQL {
  const issued = eq(invoices.phase, 'issued');
  const invoice = eq(invoices.documentType, 'TD01');
  const cancelled = and(
    issued,
    invoice,
    sql`${invoices.creditedCents} > 0`,
    sql`${outstanding} + ${invoices.paidCents} <= 0`,
  )!;
  const open = and(
    issued,
    sql`not (${cancelled})`,
    or(sql`${invoices.documentType} = 'TD04'`, sql`${outstanding} > 0`),
  )!;
  const overdue = and(open, invoice, sql`${invoices.dueDate} < ${today}`)!;
  const notOverdue = sql`not (${overdue})`;
  switch (status) {
    case 'draft':
      return eq(invoices.phase, 'draft');
    case 'cancelled':
      return cancelled;
    case 'paid':
      return and(issued, invoice, sql`not (${cancelled})`, sql`${outstanding} <= 0`)!;
    case 'overdue':
      return overdue;
    case 'partially_paid':
      return and(open, invoice, notOverdue, gt(invoices.paidCents, 0))!;
    case 'sent':
      return and(open, notOverdue, sql`${invoices.paidCents} = 0`, sql`${invoices.sentAt} is not null`)!;
    case 'issued':
      return and(open, notOverdue, sql`${invoices.paidCents} = 0`, sql`${invoices.sentAt} is null`)!;
  }
}

function whereOf(orgId: string, q: TInvoiceListQuery, today: string): SQL {
  const parts: SQL[] = [eq(invoices.organizationId, orgId)];
  if (q.status) parts.push(statusCondition(q.status, today));
  if (q.documentType) parts.push(eq(invoices.documentType, q.documentType));
  if (q.clientId) parts.push(eq(invoices.clientId, q.clientId));
  if (q.phase) parts.push(eq(invoices.phase, q.phase));
  if (q.from) parts.push(gte(invoices.issueDate, q.from));
  if (q.to) parts.push(lte(invoices.issueDate, q.to));
  if (q.dueFrom) parts.push(gte(invoices.dueDate, q.dueFrom));
  if (q.dueTo) parts.push(lte(invoices.dueDate, q.dueTo));
  if (q.open) {
    parts.push(
      and(eq(invoices.phase, 'issued'), eq(invoices.documentType, 'TD01'), sql`${outstanding} > 0`)!,
    );
  }
  if (q.openOn) parts.push(openOnCondition(orgId, q.openOn));
  const text = q.q?.trim().toLowerCase();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(sql`lower(${invoices.number}) like ${like}`, sql`${clients.searchText} like ${like}`)!);
  }
  return and(...parts)!;
}

const SORTS: Record<TInvoiceListQuery['sort'], SQL[]> = {
  '-issueDate': [desc(invoices.issueDate), desc(invoices.sequence), desc(invoices.createdAt)],
  issueDate: [asc(invoices.issueDate), asc(invoices.sequence), asc(invoices.createdAt)],
  '-dueDate': [desc(invoices.dueDate), desc(invoices.id)],
  dueDate: [asc(invoices.dueDate), asc(invoices.id)],
  '-total': [desc(invoices.totalCents), desc(invoices.id)],
  total: [asc(invoices.totalCents), asc(invoices.id)],
};

export const listColumns = {
  id: invoices.id,
  documentType: invoices.documentType,
  number: invoices.number,
  phase: invoices.phase,
  sentAt: invoices.sentAt,
  clientId: invoices.clientId,
  clientCompanyName: clients.companyName,
  clientFullName: clients.fullName,
  clientEmail: clients.email,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  totalCents: invoices.totalCents,
  amountDueCents: invoices.amountDueCents,
  paidCents: invoices.paidCents,
  creditedCents: invoices.creditedCents,
};
/** One page with its client names (a join, no query per row) and the count of the filter. */
export async function listInvoices(
  db: DbOrTx,
  orgId: string,
  q: TInvoiceListQuery,
  page: { limit: number; offset: number },
  today: string,
) {
  const where = whereOf(orgId, q, today);
  const items = await db
    .select(listColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(page.limit)
    .offset(page.offset);
  // The client join is needed only to search by client name.
  const counted = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .$dynamic();
  const [row] = await (q.q ? counted.innerJoin(clients, eq(clients.id, invoices.clientId)) : counted).where(
    where,
  );
  return { items, total: row?.total ?? 0 };
}

/** Totals of the filter (credit notes excluded): issued, collected, outstanding and overdue, in one pass. */
export async function invoiceTotals(db: DbOrTx, orgId: string, q: TInvoiceListQuery, today: string) {
  const where = whereOf(orgId, q, today);
  const overdueCond = statusCondition('overdue', today);
  const query = db
    .select({
      issuedCents:
        sql<number>`coalesce(sum(${invoices.amountDueCents} - ${invoices.creditedCents}) filter (where ${invoices.phase} = 'issued' and ${invoices.documentType} = 'TD01'), 0)`.mapWith(
          Number,
        ),
      collectedCents:
        sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${invoices.documentType} = 'TD01'), 0)`.mapWith(
          Number,
        ),
      outstandingCents:
        sql<number>`coalesce(sum(greatest(${outstanding}, 0)) filter (where ${invoices.phase} = 'issued' and ${invoices.documentType} = 'TD01'), 0)`.mapWith(
          Number,
        ),
      overdueCents:
        sql<number>`coalesce(sum(greatest(${outstanding}, 0)) filter (where ${overdueCond}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .$dynamic();
  const [agg] = await (q.q ? query.innerJoin(clients, eq(clients.id, invoices.clientId)) : query).where(
    where,
  );
  return {
    issuedCents: agg?.issuedCents ?? 0,
    collectedCents: agg?.collectedCents ?? 0,
    outstandingCents: agg?.outstandingCents ?? 0,
    overdueCents: agg?.overdueCents ?? 0,
  };
}

export async function findInvoice(db: DbOrTx, orgId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id)));
  return row;
}

/** The row locked until the transaction ends (issue, payments and credit notes serialise on it). */
export async function lockInvoice(tx: Tx, orgId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id)))
    .for('update');
  return row;
}

/** The last issued document (highest number) of a series and year: its number and date. */
export async function lastIssuedOf(tx: DbOrTx, orgId: string, documentType: string, year: number) {
  const [row] = await tx
    .select({ number: invoices.number, issueDate: invoices.issueDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, documentType),
        eq(invoices.year, year),
      ),
    )
    .orderBy(desc(invoices.sequence))
    .limit(1);
  return row;
}

export async function insertInvoice(db: DbOrTx, orgId: string, values: InvoiceValues): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, organizationId: orgId })
    .returning();
  return row!;
}

export async function updateInvoice(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: Partial<InvoiceValues>,
): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id)))
    .returning();
  return row!;
}

export async function deleteDraft(db: DbOrTx, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, id), eq(invoices.phase, 'draft')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function paymentsOf(db: DbOrTx, orgId: string, invoiceId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.organizationId, orgId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
}

/** Credit notes that correct an invoice (number and total), oldest first. */
export async function creditNotesOf(db: DbOrTx, orgId: string, invoiceId: string) {
  return db
    .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.relatedInvoiceId, invoiceId)))
    .orderBy(asc(invoices.createdAt));
}

export async function numbersOf(db: DbOrTx, orgId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), inArray(invoices.id, ids)));
}

export type InvoiceListRow = Awaited<ReturnType<typeof listInvoices>>['items'][number];

/** The client's issued invoices (TD01) that may still be open, oldest due first. */
export async function openInvoicesOf(db: DbOrTx, orgId: string, clientId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, orgId),
        eq(invoices.clientId, clientId),
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        sql`${outstanding} > 0`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.sequence));
}

/** The invoice a delivered message sent (its invoice_sent activity) becomes "sent", once. */
export async function markInvoiceSentByOutbox(db: DbOrTx, outboxId: string) {
  await db.execute(sql`
    update ${invoices} set sent_at = now()
    where sent_at is null and id in (
      select ${emailActivity.invoiceId} from ${emailActivity}
      where ${emailActivity.outboxId} = ${outboxId} and ${emailActivity.type} = 'invoice_sent'
    )`);
}

// ─── Automatic reminders (jobs.ts) ─────────────────────────────────────────────────────────────────────────

/** Issued, unpaid invoices of organizations with automatic reminders on (not the demo's), with their rhythm. */
export async function listReminderCandidates(db: DbOrTx) {
  return db
    .select({ invoice: invoices, everyDays: invoicingSettings.reminderEveryDays })
    .from(invoices)
    .leftJoin(invoicingSettings, eq(invoicingSettings.organizationId, invoices.organizationId))
    .where(
      and(
        eq(invoices.phase, 'issued'),
        eq(invoices.documentType, 'TD01'),
        sql`${invoices.amountDueCents} - ${invoices.paidCents} - ${invoices.creditedCents} > 0`,
        or(isNull(invoicingSettings.automaticReminders), eq(invoicingSettings.automaticReminders, true)),
        // The first reminder goes 3 days before the due date: nothing earlier can be due.
        sql`${invoices.dueDate} <= (current_date + 4)`,
        notDemoOrganization(invoices.organizationId),
      ),
    );
}

/** The e-mails already sent about these invoices, by type. */
export async function listEmailActivityTypes(db: DbOrTx, invoiceIds: string[]) {
  return db
    .select({ invoiceId: emailActivity.invoiceId, type: emailActivity.type })
    .from(emailActivity)
    .where(inArray(emailActivity.invoiceId, invoiceIds));
}

type ReminderState = Pick<InvoiceRow, 'id' | 'lastReminderAt' | 'reminderCount'>;

/**
 * Claims the next reminder of an invoice with a conditional update of last_reminder_at: false when another
 * instance changed it first.
 */
export async function claimReminder(db: DbOrTx, invoice: ReminderState, now: Date): Promise<boolean> {
  const previous = invoice.lastReminderAt;
  const claimed = await db
    .update(invoices)
    .set({ lastReminderAt: now, reminderCount: invoice.reminderCount + 1 })
    .where(
      and(
        eq(invoices.id, invoice.id),
        previous ? eq(invoices.lastReminderAt, previous) : isNull(invoices.lastReminderAt),
      ),
    )
    .returning({ id: invoices.id });
  return claimed.length > 0;
}

/** Gives a claim back after a send that failed. */
export async function releaseReminder(db: DbOrTx, invoice: ReminderState) {
  await db
    .update(invoices)
    .set({ lastReminderAt: invoice.lastReminderAt, reminderCount: invoice.reminderCount })
    .where(eq(invoices.id, invoice.id));
}

// ─── Payments (payments.ts) ────────────────────────────────────────────────────────────────────────────────

export type LedgerEntryValues = Omit<typeof transactions.$inferInsert, 'id' | 'organizationId'>;
export type PaymentValues = Omit<typeof invoicePayments.$inferInsert, 'id' | 'organizationId'>;

/** The income entry in the ledger that a payment of an invoice writes. */
export async function insertLedgerEntry(tx: Tx, orgId: string, values: LedgerEntryValues): Promise<string> {
  const [entry] = await tx
    .insert(transactions)
    .values({ organizationId: orgId, ...values })
    .returning({ id: transactions.id });
  return entry!.id;
}

export async function insertPayment(tx: Tx, orgId: string, values: PaymentValues) {
  await tx.insert(invoicePayments).values({ organizationId: orgId, ...values });
}

/** Removes a payment of an invoice and the ledger entry it wrote; undefined when there is no such payment. */
export async function deletePaymentWithEntry(
  tx: Tx,
  orgId: string,
  invoiceId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [removed] = await tx
    .delete(invoicePayments)
    .where(
      and(
        eq(invoicePayments.organizationId, orgId),
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.id, paymentId),
      ),
    )
    .returning();
  if (removed?.transactionId) {
    await tx
      .delete(transactions)
      .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, removed.transactionId)));
  }
  return removed;
}
