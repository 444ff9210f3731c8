import { and, arrayContains, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { PROVIDER_TROUBLE_CODES } from '@shared/mail/delivery.ts';
import type { DbOrTx } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

const listColumns = {
  id: mailOutbox.id,
  toAddresses: mailOutbox.toAddresses,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  errorCode: mailOutbox.errorCode,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export type OutboxScope = { organizationId: string; userId: string; email: string };

/**
 * What a signed-in user may read: the organization's mail (the app's own: quotes, invoices, reminders), mail sent
 * from their own connected accounts — never a colleague's, which is that colleague's mail (issue 15) — and system
 * mail (no organization) addressed to them, such as their own password reset. Always scoped: the organization id
 * is required.
 */
function visibleTo(scope: OutboxScope) {
  return or(
    and(
      eq(mailOutbox.organizationId, scope.organizationId),
      or(isNull(mailOutbox.accountId), eq(mailOutbox.userId, scope.userId)),
    ),
    and(isNull(mailOutbox.organizationId), arrayContains(mailOutbox.toAddresses, [scope.email])),
  );
}

export async function listOutbox(db: DbOrTx, scope: OutboxScope, page: { limit: number; offset: number }) {
  const where = visibleTo(scope);
  const [items, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { items, total: totalRow?.total ?? 0 };
}

export async function findOutboxMessage(db: DbOrTx, scope: OutboxScope, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      fromAddress: mailOutbox.fromAddress,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      attachments: mailOutbox.attachments,
      headers: mailOutbox.headers,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), visibleTo(scope)));
  return row;
}

/** A failed message visible to the caller goes back to the queue, due now, with its attempts reset. */
export async function requeueFailed(db: DbOrTx, scope: OutboxScope, id: string) {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed'), visibleTo(scope)))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/**
 * Whether mail of the organization's or of the user's accounts waits because its server failed (no connection, a
 * time-out, the provider unavailable, or the installation's server down, which spends no attempt): the screens
 * then say the provider is having trouble and mail is queued.
 */
export async function waitingOnFailingProvider(db: DbOrTx, scope: OutboxScope): Promise<boolean> {
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.organizationId, scope.organizationId),
        or(isNull(mailOutbox.accountId), eq(mailOutbox.userId, scope.userId)),
        eq(mailOutbox.status, 'queued'),
        inArray(mailOutbox.errorCode, [...PROVIDER_TROUBLE_CODES]),
      ),
    )
    .limit(1);
  return !!row;
}
