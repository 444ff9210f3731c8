import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TSystemMode, TSystemStatus } from '@shared/health/system-status.ts';
import { createHealthMonitor, type RecoveryActions } from '@server/modules/health/monitor.ts';
import { mailAccounts } from '@server/db/schema/mailbox.ts';
import { healthEvents } from '@server/db/schema/health.ts';
import type { FileStore } from '@server/platform/storage.ts';
import {
  DATABASES,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const MIN = 60_000;

/** A file store whose writes fail, as a full or read-only disk or an unreachable bucket would. */
function brokenStore(inner: FileStore): FileStore {
  return { ...inner, put: () => Promise.reject(new Error('EROFS: read-only file system')) };
}

describe.each(DATABASES)('health monitor and /api/v1/system-status on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInWithOrg;
  let member: SignedInWithOrg;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUserWithOrg(t.app);
    member = await createSignedInUserWithOrg(t.app, { role: 'user' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addAccount(patch: Partial<typeof mailAccounts.$inferInsert>) {
    const [row] = await t.app.services.database.db
      .insert(mailAccounts)
      .values({
        organizationId: admin.organizationId,
        userId: admin.user.id,
        emailAddress: `box-${Math.random().toString(36).slice(2, 8)}@example.test`,
        imapHost: 'imap.example.test',
        imapPort: 993,
        imapSecurity: 'tls',
        imapUsername: 'u',
        smtpHost: 'smtp.example.test',
        smtpPort: 587,
        smtpSecurity: 'starttls',
        smtpUsername: 'u',
        passwordSealed: 'sealed',
        ...patch,
      })
      .returning({ id: mailAccounts.id });
    return row!.id;
  }

  it('records a check with each subsystem and shows it to a member, without the job queue', async () => {
    const result = await t.app.healthMonitor.checkNow();
    expect(result).not.toBeNull();
    expect(result!.subsystems.database).toMatchObject({ status: 'healthy', code: 'ok' });
    expect(result!.subsystems.storage.status).toBe('healthy');
    expect(result!.subsystems.storage.usedPercent).toBeGreaterThanOrEqual(0);
    // No SMTP server configured: the outbox keeps mail in the app (degraded, as /api/health says).
    expect(result!.subsystems.mail).toMatchObject({ status: 'degraded', code: 'no_smtp' });
    expect(result!.subsystems.jobs).toMatchObject({ status: 'healthy', count: 0 });
    expect(result!.subsystems.redis).toBeUndefined();

    const response = await api(t.app, member.cookie).get('/api/v1/system-status');
    expect(response.statusCode).toBe(200);
    const body = response.json() as TSystemStatus;
    expect(body.subsystems?.storage.status).toBe('healthy');
    expect(body.score).toBe(result!.score);
    expect(body.history.length).toBeGreaterThanOrEqual(1);
    expect(body.mode).toBe('normal');
    // Mail kept in the outbox is how this installation is set up, not an incident.
    expect(body.incidents).toEqual([]);
    expect(body.queue).toBeUndefined();

    const mode = await api(t.app, member.cookie).get('/api/v1/system-status/mode');
    expect(mode.json()).toMatchObject({ mode: 'normal' } satisfies Partial<TSystemMode>);
  });

  it('a failing storage probe makes storage unhealthy, opens an incident and starts proactive recovery within the limits', async () => {
    const failing = await addAccount({ syncStatus: 'error', syncErrorCode: 'CONNECTION_ERROR' });
    const stuck = await addAccount({
      syncStatus: 'syncing',
      syncLeaseOwner: 'a-stopped-instance',
      syncLeaseUntil: new Date(Date.now() - MIN),
      nextSyncAt: new Date(Date.now() + 60 * MIN),
    });
    const actions: RecoveryActions = {
      wakeSync: vi.fn(),
      drainOutbox: vi.fn(async () => 0),
      wakeReader: vi.fn(),
    };
    let clock = Date.now();
    const monitor = createHealthMonitor(
      {
        db: t.app.services.database.db,
        ping: t.app.services.database.ping,
        files: brokenStore(t.app.services.files),
        localFilesDir: null,
        mail: t.app.services.mail,
        actions,
        log: t.app.log,
      },
      { instance: 'instance-b', now: () => new Date(clock) },
    );
    try {
      const first = await monitor.checkNow();
      expect(first!.subsystems.storage).toEqual({ status: 'unhealthy', code: 'probe_failed' });
      // (0.4 · 1 + 0.2 · 0 + 0.1 · 0.5) / 0.7 = 0.643: below 0.7.
      expect(first!.score).toBe(0.643);
      expect(first!.status).toBe('unhealthy');
      expect(first!.recorded).toBe(true);
      expect(first!.subsystems.jobs).toMatchObject({ status: 'degraded', code: 'jobs_stuck', count: 1 });
      // Immediate steps: the stuck sync's lease expired, the failing account due now, the queue drained.
      expect(first!.recoveries).toEqual(
        expect.arrayContaining([
          { errorType: 'sync_stuck', level: 'immediate', target: stuck },
          { errorType: 'imap_connection', level: 'immediate', target: failing },
          { errorType: 'outbox_stalled', level: 'immediate', target: null },
        ]),
      );
      const db = t.app.services.database.db;
      const [stuckRow] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, stuck));
      expect(stuckRow!.syncLeaseOwner).toBeNull();
      expect(stuckRow!.nextSyncAt.getTime()).toBeLessThanOrEqual(Date.now());
      const [failingRow] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, failing));
      expect(failingRow!.nextSyncAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(actions.wakeSync).toHaveBeenCalled();
      expect(actions.drainOutbox).toHaveBeenCalledTimes(1);

      // Half a minute later the steps are still settling: nothing new.
      clock += 30_000;
      expect((await monitor.checkNow())!.recoveries).toEqual([]);
      // The account keeps failing: delayed, then fallback, then the emergency fallback, then nothing this hour.
      const levels: string[] = [];
      for (const minutes of [1, 6, 21, 22, 40, 59]) {
        clock = first!.checkedAt.getTime() + minutes * MIN + 1000;
        const r = await monitor.checkNow();
        levels.push(...r!.recoveries.filter((x) => x.errorType === 'imap_connection').map((x) => x.level));
      }
      expect(levels).toEqual(['delayed', 'fallback', 'emergency']);
      const attempts = await db
        .select({ level: healthEvents.level })
        .from(healthEvents)
        .where(sql`${healthEvents.kind} = 'recovery' and ${healthEvents.code} = 'imap_connection'`);
      expect(attempts.filter((a) => a.level !== 'emergency')).toHaveLength(3);

      // The status page: storage unhealthy, an open incident, the recoveries, emergency mode.
      const asAdmin = (await api(t.app, admin.cookie).get('/api/v1/system-status')).json() as TSystemStatus;
      expect(asAdmin.subsystems?.storage.status).toBe('unhealthy');
      expect(asAdmin.mode).toBe('emergency');
      expect(asAdmin.incidents).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            subsystem: 'storage',
            status: 'unhealthy',
            code: 'probe_failed',
            endedAt: null,
          }),
        ]),
      );
      expect(asAdmin.recoveries.map((r) => r.errorType)).toEqual(
        expect.arrayContaining(['imap_connection', 'sync_stuck', 'outbox_stalled']),
      );
      expect(asAdmin.recoveries.every((r) => r.proactive)).toBe(true);
      // Admins see the organization's job queue: the failing account is a failed sync.
      expect(asAdmin.queue?.mailSync.failed).toBe(1);
      expect(asAdmin.queue?.outbox).toEqual({ pending: 0, failed: 0 });
      expect(asAdmin.providerFailures).toBe(1);

      // Another organization's member sees the installation's recoveries, not this organization's accounts.
      const asMember = (await api(t.app, member.cookie).get('/api/v1/system-status')).json() as TSystemStatus;
      expect(asMember.queue).toBeUndefined();
      expect(asMember.recoveries.map((r) => r.errorType)).not.toContain('imap_connection');
      expect(asMember.recoveries.map((r) => r.errorType)).toContain('outbox_stalled');
      expect(asMember.providerFailures).toBe(0);
    } finally {
      await monitor.stop();
    }

    // Storage answers again: the incident closes.
    const healthy = await t.app.healthMonitor.checkNow();
    expect(healthy!.subsystems.storage.status).toBe('healthy');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/system-status' });
    expect(response.statusCode).toBe(401);
  });
});
