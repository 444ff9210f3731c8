import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { PROVIDER_TROUBLE_CODES } from '@shared/mail/delivery.ts';
import type { RecoveryAttempt, RecoveryLevel } from '@shared/health/recovery.ts';
import type { TSubsystems } from '@shared/health/system-status.ts';
import { healthEvents, healthSamples } from '../../db/schema/health.ts';
import { mailAccounts } from '../../db/schema/mailbox.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { documents } from '../../db/schema/documents.ts';
import { reportSchedules } from '../../db/schema/reports.ts';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The health monitor's reads and writes (issue 18): its own tables, and read-only counts over the job tables of
 * other modules (mail accounts, outbox, documents, report schedules). The only writes outside its tables are the
 * two recovery steps on a mail account's sync schedule (`expireSyncLease`, `requestAccountSync`), each one
 * conditional update, as the sync's own claim is.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PROVIDER_CODES = [...PROVIDER_TROUBLE_CODES] as string[];

/* Samples */

export type SampleInput = {
  slot: Date;
  checkedAt: Date;
  instance: string;
  status: string;
  score: number;
  subsystems: TSubsystems;
};

/**
 * Records the check in its 30-s slot, unless another instance's check of the slot is as bad or worse; answers
 * whether this check is the slot's sample now.
 */
export async function recordSample(db: DbOrTx, sample: SampleInput): Promise<boolean> {
  const rows = await db
    .insert(healthSamples)
    .values(sample)
    .onConflictDoUpdate({
      target: healthSamples.slot,
      set: {
        checkedAt: sql`excluded.checked_at`,
        instance: sql`excluded.instance`,
        status: sql`excluded.status`,
        score: sql`excluded.score`,
        subsystems: sql`excluded.subsystems`,
      },
      setWhere: sql`excluded.score < ${healthSamples.score}`,
    })
    .returning({ id: healthSamples.id });
  return rows.length > 0;
}

export async function latestSample(db: DbOrTx) {
  const [row] = await db
    .select({
      checkedAt: healthSamples.checkedAt,
      status: healthSamples.status,
      score: healthSamples.score,
      subsystems: healthSamples.subsystems,
    })
    .from(healthSamples)
    .orderBy(desc(healthSamples.slot))
    .limit(1);
  return row ?? null;
}

/** The worst sample of each `bucketSeconds` since `since`, oldest first. */
export async function sampleHistory(db: DbOrTx, since: Date, bucketSeconds: number) {
  const result = await db.execute<{
    bucket: string | Date;
    score: number;
    status: string;
    subsystems: TSubsystems;
  }>(sql`
    select distinct on (bucket) bucket, score, status, subsystems
    from (
      select to_timestamp(floor(extract(epoch from slot) / ${bucketSeconds}) * ${bucketSeconds}) as bucket,
        score, status, subsystems, slot
      from ${healthSamples}
      where slot >= ${since.toISOString()}::timestamptz
    ) s
    order by bucket, score asc, slot desc`);
  return rowsOf<{ bucket: string | Date; score: number; status: string; subsystems: TSubsystems }>(
    result,
  ).map((r) => ({ ...r, bucket: new Date(r.bucket), score: Number(r.score) }));
}

export async function pruneHealth(db: DbOrTx, samplesBefore: Date, eventsBefore: Date) {
  await db.delete(healthSamples).where(lt(healthSamples.slot, samplesBefore));
  // An open incident stays whatever its age.
  await db
    .delete(healthEvents)
    .where(
      and(
        lt(healthEvents.startedAt, eventsBefore),
        or(eq(healthEvents.kind, 'recovery'), sql`${healthEvents.endedAt} is not null`),
      ),
    );
}

/* Incidents */

export async function openIncidents(db: DbOrTx) {
  return db
    .select({
      id: healthEvents.id,
      subsystem: healthEvents.subsystem,
      status: healthEvents.status,
      code: healthEvents.code,
    })
    .from(healthEvents)
    .where(and(eq(healthEvents.kind, 'incident'), isNull(healthEvents.endedAt)));
}

export async function openIncident(
  db: DbOrTx,
  input: { subsystem: string; status: string; code: string; instance: string; at: Date },
) {
  await db.insert(healthEvents).values({
    kind: 'incident',
    subsystem: input.subsystem,
    status: input.status,
    code: input.code,
    instance: input.instance,
    startedAt: input.at,
  });
}

export async function updateIncident(db: DbOrTx, id: string, patch: { status: string; code: string }) {
  await db.update(healthEvents).set(patch).where(eq(healthEvents.id, id));
}

export async function closeIncident(db: DbOrTx, id: string, at: Date) {
  await db
    .update(healthEvents)
    .set({ endedAt: at })
    .where(and(eq(healthEvents.id, id), isNull(healthEvents.endedAt)));
}

export async function recentIncidents(db: DbOrTx, since: Date, limit: number) {
  return db
    .select({
      id: healthEvents.id,
      subsystem: healthEvents.subsystem,
      status: healthEvents.status,
      code: healthEvents.code,
      startedAt: healthEvents.startedAt,
      endedAt: healthEvents.endedAt,
    })
    .from(healthEvents)
    .where(
      and(
        eq(healthEvents.kind, 'incident'),
        or(gte(healthEvents.startedAt, since), isNull(healthEvents.endedAt)),
      ),
    )
    .orderBy(desc(healthEvents.startedAt))
    .limit(limit);
}

/* Recovery */

/** Holds the attempt count of one error type and subject until the transaction ends (two instances, one count). */
export async function lockRecoveryKey(db: DbOrTx, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`health-recovery:${key}`}))`);
}

export async function recoveryHistory(
  db: DbOrTx,
  errorType: string,
  subjectKey: string,
  since: Date,
): Promise<RecoveryAttempt[]> {
  const rows = await db
    .select({ level: healthEvents.level, at: healthEvents.startedAt })
    .from(healthEvents)
    .where(
      and(
        eq(healthEvents.kind, 'recovery'),
        eq(healthEvents.code, errorType),
        eq(healthEvents.subjectKey, subjectKey),
        gte(healthEvents.startedAt, since),
      ),
    )
    .orderBy(asc(healthEvents.startedAt));
  return rows.map((r) => ({ level: r.level as RecoveryLevel, at: r.at.getTime() }));
}

export async function insertRecovery(
  db: DbOrTx,
  input: {
    subsystem: string;
    errorType: string;
    level: RecoveryLevel;
    outcome: string;
    proactive: boolean;
    subjectKey: string;
    organizationId: string | null;
    userId: string | null;
    target: string | null;
    instance: string;
    at: Date;
  },
) {
  const [row] = await db
    .insert(healthEvents)
    .values({
      kind: 'recovery',
      subsystem: input.subsystem,
      code: input.errorType,
      level: input.level,
      outcome: input.outcome,
      proactive: input.proactive,
      subjectKey: input.subjectKey,
      organizationId: input.organizationId,
      userId: input.userId,
      target: input.target,
      instance: input.instance,
      startedAt: input.at,
    })
    .returning({ id: healthEvents.id });
  return row!.id;
}

export async function setRecoveryOutcome(db: DbOrTx, id: string, outcome: string) {
  await db
    .update(healthEvents)
    .set({ outcome, endedAt: new Date() })
    .where(and(eq(healthEvents.id, id), eq(healthEvents.kind, 'recovery')));
}

/** The emergency fallbacks since `since` (the status page weighs them against the latest sample). */
export async function emergencySince(db: DbOrTx, since: Date) {
  const rows = await db
    .select({
      subsystem: healthEvents.subsystem,
      organizationId: healthEvents.organizationId,
      userId: healthEvents.userId,
    })
    .from(healthEvents)
    .where(
      and(
        eq(healthEvents.kind, 'recovery'),
        eq(healthEvents.level, 'emergency'),
        gte(healthEvents.startedAt, since),
      ),
    );
  return rows;
}

/** The installation's recoveries and the organization's own, newest first. */
export async function recentRecoveries(db: DbOrTx, orgId: string, since: Date, limit: number) {
  return db
    .select({
      id: healthEvents.id,
      code: healthEvents.code,
      level: healthEvents.level,
      outcome: healthEvents.outcome,
      proactive: healthEvents.proactive,
      startedAt: healthEvents.startedAt,
    })
    .from(healthEvents)
    .where(
      and(
        eq(healthEvents.kind, 'recovery'),
        gte(healthEvents.startedAt, since),
        or(isNull(healthEvents.organizationId), eq(healthEvents.organizationId, orgId)),
      ),
    )
    .orderBy(desc(healthEvents.startedAt))
    .limit(limit);
}

/* What the checks read */

/** Connected accounts (sync on) and those whose last sync failed, by class. */
export async function accountHealth(db: DbOrTx) {
  const result = await db.execute<{ total: number; provider: number; auth: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where sync_status = 'error' and sync_error_code in (${sql.join(
        PROVIDER_CODES.map((c) => sql`${c}`),
        sql`, `,
      )}))::int as provider,
      count(*) filter (where sync_status = 'error' and sync_error_code = 'AUTH_ERROR')::int as auth
    from ${mailAccounts} where sync_enabled`);
  const row = rowsOf<{ total: number; provider: number; auth: number }>(result)[0];
  return {
    total: Number(row?.total ?? 0),
    provider: Number(row?.provider ?? 0),
    auth: Number(row?.auth ?? 0),
  };
}

/** Accounts whose last sync failed to reach the provider (a retryable class), oldest failure first. */
export async function failingAccounts(db: DbOrTx, limit: number) {
  return db
    .select({ id: mailAccounts.id, orgId: mailAccounts.organizationId, userId: mailAccounts.userId })
    .from(mailAccounts)
    .where(
      and(
        eq(mailAccounts.syncEnabled, true),
        eq(mailAccounts.syncStatus, 'error'),
        inArray(mailAccounts.syncErrorCode, PROVIDER_CODES),
      ),
    )
    .orderBy(asc(mailAccounts.updatedAt))
    .limit(limit);
}

/** The caller's own accounts failing to reach their provider. */
export async function providerFailuresOf(db: DbOrTx, scope: { orgId: string; userId: string }) {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${mailAccounts}
    where organization_id = ${scope.orgId} and user_id = ${scope.userId} and sync_enabled
      and sync_status = 'error' and sync_error_code in (${sql.join(
        PROVIDER_CODES.map((c) => sql`${c}`),
        sql`, `,
      )})`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Syncs whose lease ran out without the run finishing (its instance stopped or hung). */
export async function stuckSyncs(db: DbOrTx, limit: number) {
  return db
    .select({ id: mailAccounts.id, orgId: mailAccounts.organizationId, userId: mailAccounts.userId })
    .from(mailAccounts)
    .where(and(sql`${mailAccounts.syncLeaseOwner} is not null`, lt(mailAccounts.syncLeaseUntil, sql`now()`)))
    .limit(limit);
}

/** Recovery: the stuck lease is given up and the account due at once; false when it was picked up meanwhile. */
export async function expireSyncLease(db: DbOrTx, id: string) {
  const rows = await db
    .update(mailAccounts)
    .set({ syncLeaseOwner: null, syncLeaseUntil: null, nextSyncAt: new Date() })
    .where(and(eq(mailAccounts.id, id), lt(mailAccounts.syncLeaseUntil, sql`now()`)))
    .returning({ id: mailAccounts.id });
  return rows.length > 0;
}

/** Recovery: the failing account is due at once (its connection is tried again on the next pass). */
export async function requestAccountSync(db: DbOrTx, id: string) {
  const rows = await db
    .update(mailAccounts)
    .set({ nextSyncAt: new Date() })
    .where(
      and(
        eq(mailAccounts.id, id),
        eq(mailAccounts.syncEnabled, true),
        sql`coalesce(${mailAccounts.syncErrorCode}, '') <> 'AUTH_ERROR'`,
      ),
    )
    .returning({ id: mailAccounts.id });
  return rows.length > 0;
}

/** Jobs that should have moved and did not: readings past their lease, outgoing mail overdue, stuck syncs. */
export async function stuckJobCounts(db: DbOrTx, outboxOverdueBefore: Date) {
  const result = await db.execute<{ readings: number; outbox: number; syncs: number }>(sql`
    select
      (select count(*)::int from ${documents}
        where reading_status = 'running' and reading_lease_until < now()) as readings,
      (select count(*)::int from ${mailOutbox}
        where status in ('queued', 'sending') and next_attempt_at < ${outboxOverdueBefore.toISOString()}::timestamptz) as outbox,
      (select count(*)::int from ${mailAccounts}
        where sync_lease_owner is not null and sync_lease_until < now()) as syncs`);
  const row = rowsOf<{ readings: number; outbox: number; syncs: number }>(result)[0];
  return {
    readings: Number(row?.readings ?? 0),
    outbox: Number(row?.outbox ?? 0),
    syncs: Number(row?.syncs ?? 0),
  };
}

/** The organization's job queue (admins): pending and failed of each kind of background work. */
export async function organizationQueue(db: DbOrTx, orgId: string) {
  const result = await db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from ${mailOutbox} where organization_id = ${orgId}
        and status in ('queued', 'sending', 'scheduled')) as outbox_pending,
      (select count(*)::int from ${mailOutbox} where organization_id = ${orgId} and status = 'failed') as outbox_failed,
      (select count(*)::int from ${documents} where organization_id = ${orgId} and deleted_at is null
        and reading_status in ('pending', 'running')) as readings_pending,
      (select count(*)::int from ${documents} where organization_id = ${orgId} and deleted_at is null
        and reading_status = 'failed') as readings_failed,
      (select count(*)::int from ${reportSchedules} where organization_id = ${orgId} and active
        and (next_run_at <= now() or last_status = 'running')) as reports_pending,
      (select count(*)::int from ${reportSchedules} where organization_id = ${orgId}
        and last_status = 'failed') as reports_failed,
      (select count(*)::int from ${mailAccounts} where organization_id = ${orgId} and sync_enabled
        and (sync_status = 'syncing' or (sync_status <> 'error' and next_sync_at <= now()))) as sync_pending,
      (select count(*)::int from ${mailAccounts} where organization_id = ${orgId} and sync_enabled
        and sync_status = 'error') as sync_failed`);
  const r = rowsOf<Record<string, number>>(result)[0] ?? {};
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    outbox: { pending: n('outbox_pending'), failed: n('outbox_failed') },
    documentReadings: { pending: n('readings_pending'), failed: n('readings_failed') },
    reportRuns: { pending: n('reports_pending'), failed: n('reports_failed') },
    mailSync: { pending: n('sync_pending'), failed: n('sync_failed') },
  };
}
