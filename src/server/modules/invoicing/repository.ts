import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { documentCounters, emailActivity, invoicingSettings } from '../../db/schema/invoicing.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export type InvoicingSettingsRow = typeof invoicingSettings.$inferSelect;
type InvoicingSettingsValues = Omit<typeof invoicingSettings.$inferInsert, 'organizationId'>;

export async function findInvoicingSettings(
  db: DbOrTx,
  orgId: string,
): Promise<InvoicingSettingsRow | undefined> {
  const [row] = await db.select().from(invoicingSettings).where(eq(invoicingSettings.organizationId, orgId));
  return row;
}

export async function upsertInvoicingSettings(
  db: DbOrTx,
  orgId: string,
  values: InvoicingSettingsValues,
): Promise<InvoicingSettingsRow> {
  const [row] = await db
    .insert(invoicingSettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({ target: invoicingSettings.organizationId, set: values })
    .returning();
  return row!;
}

/** sdi_resend (year 0): files of invoices sent to the SDI again after a rejection, each under a new name. */
export type DocumentSeries = 'quote' | 'invoice' | 'credit_note' | 'sdi_resend';

/**
 * The next progressive number of a series in a year. Call it inside the transaction that stores the number:
 * the upsert locks the counter row until that transaction ends, so two users issuing at the same moment get
 * consecutive numbers, and a transaction that fails gives its number back (no gaps, no duplicates).
 */
export async function nextDocumentNumber(
  tx: Tx,
  orgId: string,
  series: DocumentSeries,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ organizationId: orgId, series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.organizationId, documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return row!.lastNumber;
}

export type EmailActivityValues = typeof emailActivity.$inferInsert;

export async function insertEmailActivity(db: DbOrTx, values: EmailActivityValues): Promise<string> {
  const [row] = await db.insert(emailActivity).values(values).returning({ id: emailActivity.id });
  return row!.id;
}

const activityColumns = {
  id: emailActivity.id,
  type: emailActivity.type,
  recordedStatus: emailActivity.status,
  outboxStatus: mailOutbox.status,
  errorCode: mailOutbox.errorCode,
  lastError: mailOutbox.lastError,
  recipientEmail: emailActivity.recipientEmail,
  subject: emailActivity.subject,
  sentAt: emailActivity.sentAt,
  details: emailActivity.details,
};

/** Which document e-mails: one by its id, or those of an invoice, of a quote or of a client. */
export type EmailActivityFilter =
  { id: string } | { invoiceId: string } | { quoteId: string } | { clientId: string };

function activityWhere(filter: EmailActivityFilter): SQL {
  if ('id' in filter) return eq(emailActivity.id, filter.id);
  if ('invoiceId' in filter) return eq(emailActivity.invoiceId, filter.invoiceId);
  if ('quoteId' in filter) return eq(emailActivity.quoteId, filter.quoteId);
  return eq(emailActivity.clientId, filter.clientId);
}

/** The document e-mails of an organization, newest first, each with the state of the outbox message it wrote. */
export async function listEmailActivity(db: DbOrTx, orgId: string, filter: EmailActivityFilter) {
  return db
    .select(activityColumns)
    .from(emailActivity)
    .leftJoin(mailOutbox, eq(mailOutbox.id, emailActivity.outboxId))
    .where(and(eq(emailActivity.organizationId, orgId), activityWhere(filter)))
    .orderBy(desc(emailActivity.sentAt));
}
