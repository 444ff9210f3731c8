import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { monthRange } from '@shared/reports/periods.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import type { TSchedule, TScheduleInput } from '@shared/reports/schedules.ts';
import { mailOutbox } from '@server/db/schema/mail.ts';
import { notifications } from '@server/db/schema/notifications.ts';
import { reportSchedules } from '@server/db/schema/reports.ts';
import { topics } from '@server/platform/realtime.ts';
import { runDueSchedules } from '@server/modules/reports/schedule-jobs.ts';
import { addMember, createUser, lineInput } from '@server/seed/factories.ts';
import { addCompanyClient, completeProfile, issueInvoice } from '../helpers/business.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.ts';

type Api = ReturnType<typeof api>;

describe.each(DATABASES)('scheduled reports on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  const deps = () => {
    const { database, mail, hub, files } = t.app.services;
    return { db: database.db, mail, hub, files };
  };

  const body = (recipients: string[], extra: Partial<TScheduleInput> = {}): TScheduleInput => ({
    report: { kind: 'receivables', params: {} },
    format: 'pdf',
    frequency: 'weekly',
    day: 1,
    recipients,
    language: 'it',
    ...extra,
  });

  async function create(c: Api, input: TScheduleInput) {
    const res = await c.post('/api/v1/reports/schedules', input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TSchedule;
  }

  it('plans the next run, validates the input and refuses recipients outside the organization', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    const schedule = await create(c, body([owner.user.id], { frequency: 'monthly', day: 5 }));
    expect(schedule).toMatchObject({
      report: { kind: 'receivables' },
      frequency: 'monthly',
      day: 5,
      active: true,
      lastStatus: 'pending',
      lastRunAt: null,
      recipients: [{ userId: owner.user.id, email: owner.user.email }],
    });
    // Day 5 at 07:00 in Rome: 06:00 or 05:00 UTC, in the future.
    expect(new Date(schedule.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect(schedule.nextRunAt.slice(8, 10)).toBe('05');
    expect(['05:00', '06:00']).toContain(schedule.nextRunAt.slice(11, 16));

    const bad = await c.post('/api/v1/reports/schedules', body([owner.user.id], { day: 9 }), {
      'accept-language': 'it',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Scegli un giorno della settimana');
    const noKind = await c.post('/api/v1/reports/schedules', {
      ...body([owner.user.id]),
      report: { kind: 'x' },
    });
    expect(noKind.statusCode).toBe(400);

    const stranger = await createSignedInUserWithOrg(t.app);
    const outside = await c.post('/api/v1/reports/schedules', body([owner.user.id, stranger.user.id]));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.code).toBe('REPORT_RECIPIENT_NOT_MEMBER');

    const list = (await c.get('/api/v1/reports/schedules')).json() as { items: TSchedule[] };
    expect(list.items.map((s) => s.id)).toEqual([schedule.id]);
    expect(
      ((await api(t.app, stranger.cookie).get('/api/v1/reports/schedules')).json() as { items: [] }).items,
    ).toEqual([]);

    const paused = await c.put(`/api/v1/reports/schedules/${schedule.id}`, {
      ...body([owner.user.id]),
      active: false,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as TSchedule).active).toBe(false);
    expect((await c.post(`/api/v1/reports/schedules/${schedule.id}/run`)).statusCode).toBe(409);
    expect((await c.del(`/api/v1/reports/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await c.del(`/api/v1/reports/schedules/${schedule.id}`)).statusCode).toBe(404);
  });

  it('needs the permission to export financial data', async () => {
    const user = await createSignedInUserWithOrg(t.app, { role: 'user' });
    const res = await api(t.app, user.cookie).post('/api/v1/reports/schedules', body([user.user.id]));
    expect(res.statusCode).toBe(403);
    const manager = await createSignedInUserWithOrg(t.app, { role: 'manager' });
    await create(api(t.app, manager.cookie), body([manager.user.id]));
  });

  it.each(['PUT', 'DELETE', 'GET'] as const)(
    "answers 404 for another organization's schedule (%s)",
    async (method) => {
      await expectOtherOrganizationGets404(t.app, {
        method,
        path: (id) => `/api/v1/reports/schedules/${id}${method === 'GET' ? '/file' : ''}`,
        body: body(['unused']),
        createInOrgA: async ({ client, owner }) => {
          const schedule = await create(client, body([owner.user.id]));
          if (method === 'GET') {
            await client.post(`/api/v1/reports/schedules/${schedule.id}/run`);
            await runDueSchedules(deps(), new Date(Date.now() + 1000));
          }
          return schedule.id;
        },
      });
    },
  );

  it('mails a due report once when two runs race, with the report attached, and tells the creator', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const clientId = await addCompanyClient(c, 1);
    await issueInvoice(c, clientId, [lineInput({ unitPriceCents: 123_456, vatRate: 22 })]);

    const colleague = await createUser(t.app.services.auth, {
      name: 'Giulia Verdi',
      email: uniqueEmail('giulia'),
      password: PASSWORD,
    });
    await addMember(t.app.services.auth, {
      userId: colleague.id,
      organizationId: owner.organizationId,
      role: 'viewer',
    });
    const schedule = await create(c, body([owner.user.id, colleague.id]));

    const heard: TServerMessage[] = [];
    const off = t.app.services.hub.subscribe(topics.orgReports(owner.organizationId), (m) => heard.push(m));
    const queued = await c.post(`/api/v1/reports/schedules/${schedule.id}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    const now = new Date(Date.now() + 1000);
    // Two instances at the same moment: exactly one run.
    const ran = await Promise.all([runDueSchedules(deps(), now), runDueSchedules(deps(), now)]);
    off();
    expect(ran[0]! + ran[1]!).toBe(1);

    const db = t.app.services.database.db;
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(mails.map((m) => m.toAddresses[0]).sort()).toEqual([owner.user.email, colleague.email].sort());
    const attachment = mails[0]!.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    expect(mails[0]!.subject).toBe('Scadenzario crediti — Officina Rossi S.r.l.');
    const { text } = await extractText(new Uint8Array(Buffer.from(attachment.contentBase64, 'base64')), {
      mergePages: true,
    });
    expect(text).toContain('Cliente 1 S.p.A.');
    expect(text).toContain('Officina Rossi S.r.l.');
    // 1,234.56 + 22% VAT = 1,506.16 open, written as an Italian reader writes it.
    expect(text).toContain('1.506,16 €');

    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(row).toMatchObject({ lastStatus: 'done', lastError: null, requestedBy: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'report')));
    expect(told).toHaveLength(1);
    expect(told[0]!.organizationId).toBe(owner.organizationId);
    expect(heard.map((m) => (m.type === 'REPORT_STATUS_UPDATE' ? m.status : m.type))).toEqual([
      'running',
      'done',
      'REPORT_GENERATED',
    ]);

    const file = await c.get(`/api/v1/reports/schedules/${schedule.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(attachment.contentBase64, 'base64'))).toBe(true);
    // Not due again: a third run sends nothing.
    expect(await runDueSchedules(deps(), now)).toBe(0);
  });

  it('runs the newer report kinds: revenue by client of the month just ended, mailed as its PDF', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    await completeProfile(c);
    const clientId = await addCompanyClient(c, 1);
    // Last month: 1,234.56 taxable (the monthly run reports it); today: 100.00 (after the period, left out).
    const lastMonth = addDays(monthRange(isoDateIn('Europe/Rome'), -1).from, 9);
    for (const [issueDate, unitPriceCents] of [
      [lastMonth, 123_456],
      [isoDateIn('Europe/Rome'), 10_000],
    ] as const) {
      await issueInvoice(c, clientId, [lineInput({ unitPriceCents, vatRate: 22 })], {
        issueDate,
        dueDate: issueDate,
      });
    }
    // An unknown grouping is a translated 400.
    const bad = await c.post(
      '/api/v1/reports/schedules',
      body([owner.user.id], { report: { kind: 'revenue', params: { by: 'region' as never } } }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    const schedule = await create(
      c,
      body([owner.user.id], { report: { kind: 'revenue', params: { by: 'client' } }, frequency: 'monthly' }),
    );
    expect(schedule.report).toEqual({ kind: 'revenue', params: { by: 'client' } });

    expect((await c.post(`/api/v1/reports/schedules/${schedule.id}/run`)).statusCode).toBe(202);
    expect(await runDueSchedules(deps(), new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    const db = t.app.services.database.db;
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(row).toMatchObject({ lastStatus: 'done', lastError: null });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(mail!.subject).toBe('Fatturato per cliente — Officina Rossi S.r.l.');
    const attachment = mail!.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(Buffer.from(attachment.contentBase64, 'base64')), {
      mergePages: true,
    });
    expect(text).toContain('Officina Rossi S.r.l.');
    expect(text).toContain('Cliente 1 S.p.A.');
    expect(text).toContain('Totale 1 1.234,56 €');
    expect(text).not.toContain('1.334,56 €');
  });

  it('records a failed run and keeps the schedule for its next run', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const c = api(t.app, owner.cookie);
    const schedule = await create(c, body([owner.user.id], { language: 'en' }));
    const db = t.app.services.database.db;
    // A stored kind the server no longer knows makes the run fail.
    await db
      .update(reportSchedules)
      .set({ report: { kind: 'gone' } as never, nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(reportSchedules.id, schedule.id));
    expect(await runDueSchedules(deps())).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id));
    expect(row).toMatchObject({
      lastStatus: 'failed',
      lastError: 'An unexpected error occurred',
      active: true,
    });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.organizationId, owner.organizationId));
    expect(mails).toEqual([]);
    // The creator is told, under the bell's "schedules" filter.
    const told = await db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(told.map((n) => [n.type, n.title])).toEqual([['schedule', 'Scheduled report failed']]);
  });
});
