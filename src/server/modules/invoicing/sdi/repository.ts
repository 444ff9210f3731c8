import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  SDI_STATUS_RANK,
  type TSdiError,
  type TSdiNotificationType,
  type TSdiStatus,
} from '@shared/invoicing/sdi.ts';
import type { TOutboxStatus } from '@shared/mail/outbox.ts';
import type { DbOrTx } from '../../../db/database.ts';
import { sdiNotifications, sdiTransmissions } from '../../../db/schema/einvoicing.ts';
import { invoices, invoicingSettings } from '../../../db/schema/invoicing.ts';
import { mailOutbox } from '../../../db/schema/mail.ts';
import { mailAccounts } from '../../../db/schema/mailbox.ts';

/** An invoice's transmissions, newest first, with the state of each PEC message and the account it left from. */
export async function transmissionsOf(db: DbOrTx, orgId: string, invoiceId: string) {
  const t = sdiTransmissions;
  return db
    .select({
      id: t.id,
      fileName: t.fileName,
      sentTo: t.sentTo,
      status: t.status,
      sdiIdentifier: t.sdiIdentifier,
      sentAt: t.sentAt,
      createdAt: t.createdAt,
      accountAddress: mailAccounts.emailAddress,
      outboxId: mailOutbox.id,
      outboxStatus: sql<TOutboxStatus | null>`${mailOutbox.status}`,
      errorCode: mailOutbox.errorCode,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(t)
    .leftJoin(mailAccounts, eq(mailAccounts.id, t.accountId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, t.outboxId))
    .where(and(eq(t.organizationId, orgId), eq(t.invoiceId, invoiceId)))
    .orderBy(desc(t.createdAt), desc(t.id));
}

/** The notifications of these transmissions, oldest first (the XML itself left out). */
export async function notificationsOf(db: DbOrTx, orgId: string, transmissionIds: string[]) {
  if (transmissionIds.length === 0) return [];
  const n = sdiNotifications;
  return db
    .select({
      id: n.id,
      transmissionId: n.transmissionId,
      type: n.type,
      fileName: n.fileName,
      outcome: n.outcome,
      description: n.description,
      errors: n.errors,
      receivedAt: n.receivedAt,
    })
    .from(n)
    .where(and(eq(n.organizationId, orgId), inArray(n.transmissionId, transmissionIds)))
    .orderBy(asc(n.receivedAt), asc(n.createdAt));
}

/** One notification's file, if it belongs to this invoice of this organization. */
export async function notificationFile(db: DbOrTx, orgId: string, invoiceId: string, id: string) {
  const [row] = await db
    .select({ fileName: sdiNotifications.fileName, xml: sdiNotifications.xml })
    .from(sdiNotifications)
    .innerJoin(sdiTransmissions, eq(sdiTransmissions.id, sdiNotifications.transmissionId))
    .where(
      and(
        eq(sdiNotifications.organizationId, orgId),
        eq(sdiNotifications.id, id),
        eq(sdiTransmissions.invoiceId, invoiceId),
      ),
    );
  return row;
}

export async function insertTransmission(db: DbOrTx, values: typeof sdiTransmissions.$inferInsert) {
  await db.insert(sdiTransmissions).values(values);
}

/** The transmission a notification names (by its file name), sent from this account. */
export async function findTransmissionByFile(db: DbOrTx, orgId: string, accountId: string, fileName: string) {
  const [row] = await db
    .select()
    .from(sdiTransmissions)
    .where(
      and(
        eq(sdiTransmissions.organizationId, orgId),
        eq(sdiTransmissions.accountId, accountId),
        eq(sdiTransmissions.fileName, fileName),
      ),
    );
  return row;
}

export type TransmissionRow = typeof sdiTransmissions.$inferSelect;

/** Records a notification once: false when this file was already recorded (a message synced again). */
export async function insertNotification(
  db: DbOrTx,
  values: {
    organizationId: string;
    transmissionId: string;
    type: TSdiNotificationType;
    fileName: string;
    outcome: 'EC01' | 'EC02' | null;
    description: string | null;
    errors: TSdiError[];
    xml: string;
    receivedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(sdiNotifications)
    .values(values)
    .onConflictDoNothing({ target: [sdiNotifications.transmissionId, sdiNotifications.fileName] })
    .returning({ id: sdiNotifications.id });
  return rows.length > 0;
}

/** Moves a transmission to a status further along the exchange; a status no further along changes nothing. */
export async function advanceTransmission(
  db: DbOrTx,
  id: string,
  status: TSdiStatus,
  sdiIdentifier: string,
): Promise<boolean> {
  const behind = Object.entries(SDI_STATUS_RANK)
    .filter(([, rank]) => rank < SDI_STATUS_RANK[status])
    .map(([s]) => s);
  const rows = await db
    .update(sdiTransmissions)
    .set({ status, sdiIdentifier, updatedAt: new Date() })
    .where(and(eq(sdiTransmissions.id, id), inArray(sdiTransmissions.status, behind as TSdiStatus[])))
    .returning({ id: sdiTransmissions.id });
  if (rows.length === 0) {
    await db
      .update(sdiTransmissions)
      .set({ sdiIdentifier: sql`coalesce(${sdiTransmissions.sdiIdentifier}, ${sdiIdentifier})` })
      .where(eq(sdiTransmissions.id, id));
  }
  return rows.length > 0;
}

/** The configured SDI address and the one the SDI assigned (both null until set). */
export async function sdiAddresses(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({
      configured: invoicingSettings.sdiPecAddress,
      assigned: invoicingSettings.sdiAssignedAddress,
    })
    .from(invoicingSettings)
    .where(eq(invoicingSettings.organizationId, orgId));
  return row ?? { configured: null, assigned: null };
}

/** Remembers the address the SDI answered from, the one later files go to. */
export async function rememberAssignedAddress(db: DbOrTx, orgId: string, address: string) {
  await db
    .insert(invoicingSettings)
    .values({ organizationId: orgId, sdiAssignedAddress: address })
    .onConflictDoUpdate({
      target: invoicingSettings.organizationId,
      set: { sdiAssignedAddress: address, updatedAt: new Date() },
      where: sql`${invoicingSettings.sdiAssignedAddress} is distinct from ${address}`,
    });
}

/** Holds the invoice's row until the transaction ends (sends of one invoice go one at a time). */
export async function lockInvoice(db: DbOrTx, orgId: string, invoiceId: string) {
  await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, invoiceId)))
    .for('update');
}

/** The invoice's number, for the notice. */
export async function invoiceNumber(db: DbOrTx, orgId: string, invoiceId: string) {
  const [row] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, invoiceId)));
  return row?.number ?? '';
}

/** The PEC message of a transmission left: remembered on the transmission itself. */
export async function markTransmissionSent(db: DbOrTx, outboxId: string) {
  await db
    .update(sdiTransmissions)
    .set({ sentAt: new Date(), updatedAt: new Date() })
    .where(and(eq(sdiTransmissions.outboxId, outboxId), sql`${sdiTransmissions.sentAt} is null`));
}

/** A rejected invoice sent again: its frozen copy with the parties' data as corrected since. */
export async function replaceInvoiceSnapshot(
  db: DbOrTx,
  orgId: string,
  invoiceId: string,
  snapshot: NonNullable<typeof invoices.$inferSelect.snapshot>,
) {
  await db
    .update(invoices)
    .set({ snapshot, updatedAt: new Date() })
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, invoiceId)));
}
