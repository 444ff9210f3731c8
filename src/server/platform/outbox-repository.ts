import { and, count, desc, eq, gte, inArray, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.ts';
import { organization } from '../db/schema/auth.ts';
import { businessProfiles } from '../db/schema/business-profiles.ts';
import { mailOutbox, type TStoredAttachment } from '../db/schema/mail.ts';

// The mail port's queries on its durable outbox: write, claim for delivery, record the outcome. The outbox
// panel's reads are modules/mail/repository.ts.

export type NewOutboxMessage = {
  /** Given when the caller needs it before the row exists (the file store key of its wire form). */
  id?: string;
  organizationId: string | null;
  userId: string | null;
  fromAddress: string;
  toAddresses: string[];
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attachments: TStoredAttachment[];
  headers: Record<string, string>;
  status: 'stored' | 'scheduled' | 'queued';
  /** When it may leave (a scheduled time, the end of the undo window); now when absent. */
  nextAttemptAt?: Date;
  accountId?: string | null;
  /** The organization's own SMTP server sends it. */
  viaOrganizationSmtp?: boolean;
  ccAddresses?: string[];
  bccAddresses?: string[];
  rawKey?: string | null;
  mailMessageId?: string | null;
};

export async function insertOutboxMessage(db: DbOrTx, message: NewOutboxMessage) {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Still waiting to leave (scheduled, or queued and never tried): only then may its sender cancel or move it. */
const unsent = (scope: { orgId: string; userId: string }, id: string) =>
  and(
    eq(mailOutbox.id, id),
    eq(mailOutbox.organizationId, scope.orgId),
    eq(mailOutbox.userId, scope.userId),
    inArray(mailOutbox.status, ['scheduled', 'queued']),
    eq(mailOutbox.attempts, 0),
  );

/**
 * Removes a message of the user's that has not started to leave. A conditional delete: if the dispatcher claimed
 * it a moment before (status sending, one attempt), nothing is removed and the answer is null.
 */
export async function deleteUnsent(db: DbOrTx, scope: { orgId: string; userId: string }, id: string) {
  const [row] = await db
    .delete(mailOutbox)
    .where(unsent(scope, id))
    .returning({ mailMessageId: mailOutbox.mailMessageId, rawKey: mailOutbox.rawKey });
  return row ?? null;
}

/** A scheduled message of the user's gets another time; false when it is no longer scheduled. */
export async function rescheduleUnsent(
  db: DbOrTx,
  scope: { orgId: string; userId: string },
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: at })
    .where(and(unsent(scope, id), eq(mailOutbox.status, 'scheduled')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** The copy in the sender's mailbox whose delivery state the outbox row is (set once that copy is stored). */
export async function linkMailboxCopy(db: DbOrTx, outboxId: string, mailMessageId: string) {
  await db.update(mailOutbox).set({ mailMessageId }).where(eq(mailOutbox.id, outboxId));
}

/**
 * Claims due messages for sending. SKIP LOCKED lets several app instances share the queue; the
 * claim is a 5-minute lease, so a message left `sending` by a process that died is claimed again.
 * `installation: false` claims only mail with a server of its own, a connected account's or the organization's
 * (the installation's server is down or absent).
 */
export async function claimDueMessages(db: DbOrTx, limit: number, options: { installation: boolean }) {
  const due = await db.execute<{ id: string }>(sql`
    update ${mailOutbox}
    set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
    where id in (
      select id from ${mailOutbox}
      where status in ('queued', 'scheduled', 'sending') and next_attempt_at <= now()
        ${options.installation ? sql`` : sql`and (account_id is not null or via_organization_smtp)`}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  // node-postgres and PGlite both answer `{ rows }`.
  const ids = (due as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}

export async function markSent(db: DbOrTx, id: string, providerMessageId: string | null) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), providerMessageId, lastError: null, errorCode: null })
    .where(eq(mailOutbox.id, id));
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The sending limits' windows: a day and 30 days, rolling. */
const LIMIT_WINDOWS = { daily: DAY_MS, monthly: 30 * DAY_MS } as const;

export type SendingLimitHold = { window: keyof typeof LIMIT_WINDOWS; limit: number; until: Date };

/**
 * Whether a connected account has reached one of its sending limits (issue 16): the messages it sent in the last
 * day, or 30 days, against the limit set on the account. When it has, the time its window opens again (its
 * oldest message in the window ages out of it).
 */
export async function sendingLimitReached(db: DbOrTx, accountId: string): Promise<SendingLimitHold | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select a.daily_send_limit as daily, a.monthly_send_limit as monthly,
      (select count(*) from ${mailOutbox} s where s.account_id = a.id and s.sent_at > now() - interval '1 day')::int as day_count,
      (select min(s.sent_at) from ${mailOutbox} s where s.account_id = a.id and s.sent_at > now() - interval '1 day') as day_oldest,
      (select count(*) from ${mailOutbox} s where s.account_id = a.id and s.sent_at > now() - interval '30 days')::int as month_count,
      (select min(s.sent_at) from ${mailOutbox} s where s.account_id = a.id and s.sent_at > now() - interval '30 days') as month_oldest
    from mail_accounts a where a.id = ${accountId}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return null;
  for (const window of ['daily', 'monthly'] as const) {
    const limit = row[window] === null ? null : Number(row[window]);
    const used = Number(row[window === 'daily' ? 'day_count' : 'month_count']);
    const oldest = row[window === 'daily' ? 'day_oldest' : 'month_oldest'];
    if (limit !== null && used >= limit) {
      const from = oldest ? new Date(oldest as string | Date) : new Date();
      return { window, limit, until: new Date(from.getTime() + LIMIT_WINDOWS[window]) };
    }
  }
  return null;
}

/** A claimed message of an account at its limit: back in the queue until the window opens, no attempt spent. */
export async function holdForLimit(db: DbOrTx, id: string, hold: SendingLimitHold) {
  await db
    .update(mailOutbox)
    .set({
      status: 'queued',
      attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      nextAttemptAt: hold.until,
      errorCode: 'QUOTA_EXCEEDED',
      lastError: `${hold.window} sending limit of ${hold.limit} messages reached; it leaves at ${hold.until.toISOString()}`,
    })
    .where(eq(mailOutbox.id, id));
}

/** A failed attempt: queued again for `retryAt`, or failed for good when `retryAt` is null. */
export async function markFailedAttempt(
  db: DbOrTx,
  id: string,
  failure: { code: string; error: string },
  retryAt: Date | null,
) {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { status: 'queued', lastError: failure.error, errorCode: failure.code, nextAttemptAt: retryAt }
        : { status: 'failed', lastError: failure.error, errorCode: failure.code },
    )
    .where(eq(mailOutbox.id, id));
}

/**
 * Claimed messages that were not sent because the server could not be reached: back to the queue without
 * counting the attempt (the message is not at fault), due again at `dueAt`.
 */
export async function releaseUnsent(
  db: DbOrTx,
  ids: string[],
  failure: { code: string; error: string },
  dueAt: Date,
) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: 'queued',
      attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      lastError: failure.error,
      errorCode: failure.code,
      nextAttemptAt: dueAt,
    })
    .where(inArray(mailOutbox.id, ids));
}

/** When the next queued message is due, if any. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'scheduled', 'sending']));
  return row?.at ? new Date(row.at) : null;
}

/** The state of the queue for /api/health: what waits, since when, and what failed lately. */
export async function queueStats(db: DbOrTx, failedSince: Date) {
  const [waiting] = await db
    .select({ n: count(), oldest: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'sending']));
  const [failed] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.createdAt, failedSince)));
  const [lastFailure] = await db
    .select({ code: mailOutbox.errorCode })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.createdAt, failedSince)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return {
    waiting: Number(waiting?.n ?? 0),
    oldestWaiting: waiting?.oldest ? new Date(waiting.oldest) : null,
    failed: Number(failed?.n ?? 0),
    lastFailureCode: lastFailure?.code ?? null,
  };
}

/** The business an organization's mail comes from: its profile's company name and e-mail. */
export async function senderOf(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({
      companyName: businessProfiles.companyName,
      email: businessProfiles.email,
      orgName: organization.name,
    })
    .from(organization)
    .leftJoin(businessProfiles, eq(businessProfiles.organizationId, organization.id))
    .where(eq(organization.id, organizationId));
  return row;
}

/** The status of one outbox message, as it is now. */
export async function outboxStatusOf(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row?.status ?? null;
}
