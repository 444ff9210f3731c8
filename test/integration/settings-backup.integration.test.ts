import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { member } from '@server/db/schema/auth.ts';
import { businessProfiles } from '@server/db/schema/business-profiles.ts';
import { emailTemplates, invoicingSettings } from '@server/db/schema/invoicing.ts';
import { organizationSettings } from '@server/db/schema/organization-settings.ts';
import { auditLogs, settingsBackups } from '@server/db/schema/security.ts';
import { addMember, createBusinessProfile, createUser } from '@server/seed/factories.ts';
import { restoreBackup } from '@server/modules/backups/service.ts';
import type { Role } from '@shared/auth/permissions.ts';
import type {
  TBackupPage,
  TBackupPreview,
  TBackupRestoreResult,
  TBackupSummary,
} from '@shared/backups/contracts.ts';
import {
  DATABASES,
  PASSWORD,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  signIn,
  uniqueEmail,
  type SignedIn,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const BASE = '/api/v1/settings/backups';

const INVOICING = {
  invoiceNumberPattern: 'F{n}/{yyyy}',
  creditNoteNumberPattern: 'NC{n}/{yyyy}',
  quoteNumberPattern: 'P{n}/{yyyy}',
  quoteValidityDays: 45,
  stampDutyChargedToClient: false,
  automaticReminders: true,
  reminderEveryDays: 10,
  pdfTemplate: 'default',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
  bankName: 'Banca Uno',
  defaultWithholding: null,
  defaultPensionFund: null,
};

describe.each(DATABASES)('settings backup and restore on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInWithOrg;
  let colleague: { id: string; email: string };
  let admin: SignedIn & { id: string };

  const db = () => t.app.services.database.db;
  const client = (cookie = owner.cookie) => api(t.app, cookie);

  async function profile() {
    const [row] = await db()
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.organizationId, owner.organizationId));
    return row!;
  }
  async function roleOf(userId: string) {
    const [row] = await db()
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, owner.organizationId), eq(member.userId, userId)));
    return row?.role;
  }
  async function preferences() {
    const [row] = await db()
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, owner.organizationId));
    return row;
  }
  async function snapshots(kind: 'backup' | 'restore') {
    return db()
      .select({ id: settingsBackups.id })
      .from(settingsBackups)
      .where(and(eq(settingsBackups.organizationId, owner.organizationId), eq(settingsBackups.kind, kind)));
  }
  async function auditCount(action: string) {
    const rows = await db()
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, owner.organizationId), eq(auditLogs.action, action)));
    return rows.length;
  }
  async function stepUp(cookie = owner.cookie) {
    expect((await client(cookie).post('/api/v1/security/step-up', { password: PASSWORD })).statusCode).toBe(
      200,
    );
  }
  async function createAndDownload(cookie = owner.cookie) {
    const created = await client(cookie).post(BASE);
    expect(created.statusCode, created.body).toBe(201);
    const summary = created.json() as TBackupSummary;
    const file = await client(cookie).get(`${BASE}/${summary.id}/download`);
    expect(file.statusCode).toBe(200);
    return { summary, content: file.body };
  }
  /** Changes every section away from the state of the first backup. */
  async function changeEverything() {
    expect(
      (await client().put('/api/v1/business-profile', { companyName: 'Nuovo Nome S.r.l.', vatNumber: null }))
        .statusCode,
    ).toBe(200);
    expect(
      (await client().put('/api/v1/invoicing/settings', { ...INVOICING, iban: null, quoteValidityDays: 15 }))
        .statusCode,
    ).toBe(200);
    await db().delete(emailTemplates).where(eq(emailTemplates.organizationId, owner.organizationId));
    expect(
      (
        await client().put('/api/v1/email-templates/payment_reminder', {
          language: 'en',
          subject: 'Later subject',
          contentText: 'Later text',
        })
      ).statusCode,
    ).toBe(200);
    await db()
      .update(organizationSettings)
      .set({ timeZone: 'America/New_York', allowNegativeStock: false })
      .where(eq(organizationSettings.organizationId, owner.organizationId));
    await db()
      .update(member)
      .set({ role: 'viewer' })
      .where(and(eq(member.organizationId, owner.organizationId), eq(member.userId, colleague.id)));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createSignedInUserWithOrg(t.app, { organizationName: 'Bottega Rossi' });
    const auth = t.app.services.auth;
    const colleagueEmail = uniqueEmail('colleague');
    const c = await createUser(auth, { name: 'Carla', email: colleagueEmail, password: PASSWORD });
    await addMember(auth, { userId: c.id, organizationId: owner.organizationId, role: 'manager' });
    colleague = { id: c.id, email: colleagueEmail };
    const adminEmail = uniqueEmail('admin');
    const a = await createUser(auth, { name: 'Alberto', email: adminEmail, password: PASSWORD });
    await addMember(auth, { userId: a.id, organizationId: owner.organizationId, role: 'admin' });
    admin = { ...(await signIn(t.app, adminEmail)), id: a.id };

    await createBusinessProfile(db(), owner.organizationId, {
      companyName: 'Bottega Rossi S.r.l.',
      businessType: 'llc',
      industry: 'retail',
      vatNumber: '01234567897',
      phone: '+39 051 1234567',
      street: 'Via Roma 1',
      city: 'Bologna',
      state: 'BO',
      province: 'BO',
      postalCode: '40121',
      country: 'IT',
      onboardingComplete: true,
    });
    expect((await client().put('/api/v1/invoicing/settings', INVOICING)).statusCode).toBe(200);
    expect(
      (
        await client().put('/api/v1/email-templates/invoice_send', {
          language: 'it',
          subject: 'Fattura {{invoice_number}} di Bottega Rossi',
          contentText: 'Gentile {{client_name}}, ecco la fattura.',
        })
      ).statusCode,
    ).toBe(200);
    await db()
      .insert(organizationSettings)
      .values({ organizationId: owner.organizationId, timeZone: 'Europe/Rome', allowNegativeStock: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs backup_settings to list or create, restore_settings to preview or restore', async () => {
    const manager = await signIn(t.app, colleague.email);
    expect((await client(manager.cookie).get(BASE)).statusCode).toBe(403);
    expect((await client(manager.cookie).post(BASE)).statusCode).toBe(403);
    expect((await client(manager.cookie).post(`${BASE}/preview`, { content: '{}' })).statusCode).toBe(403);
    expect((await client(manager.cookie).post(`${BASE}/restore`, { content: '{}' })).statusCode).toBe(403);
    expect((await client(admin.cookie).get(BASE)).statusCode).toBe(200);
  });

  it('creates a backup, lists it and downloads the documented JSON file; audited', async () => {
    const before = await auditCount('settings_backup_created');
    const { summary, content } = await createAndDownload();
    expect(summary).toMatchObject({
      kind: 'backup',
      createdBy: { id: owner.user.id, email: owner.user.email },
    });
    expect(summary.sizeBytes).toBeGreaterThan(200);
    const file = JSON.parse(content);
    expect(Object.keys(file)).toEqual(['format', 'version', 'organizationName', 'createdAt', 'data']);
    expect(file).toMatchObject({
      format: 'gestionale-settings-backup',
      version: 1,
      organizationName: 'Bottega Rossi',
      data: {
        businessProfile: { companyName: 'Bottega Rossi S.r.l.', vatNumber: '01234567897', website: null },
        invoicingSettings: { iban: 'IT60X0542811101000000123456', quoteValidityDays: 45 },
        emailTemplates: [
          { key: 'invoice_send', language: 'it', subject: 'Fattura {{invoice_number}} di Bottega Rossi' },
        ],
        preferences: { timeZone: 'Europe/Rome', allowNegativeStock: true },
      },
    });
    expect(file.data.businessProfile).not.toHaveProperty('logoKey');
    expect(
      [...file.data.roles].sort((a: { email: string }, b: { email: string }) =>
        a.email.localeCompare(b.email),
      ),
    ).toEqual(
      [
        { email: owner.user.email, role: 'super_admin' },
        { email: colleague.email, role: 'manager' },
        { email: admin.user.email, role: 'admin' },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(await auditCount('settings_backup_created')).toBe(before + 1);

    const list = (await client().get(BASE)).json() as TBackupPage;
    expect(list.items[0]).toMatchObject({ id: summary.id, kind: 'backup' });

    // Another organization cannot see or use it.
    const stranger = await createSignedInUserWithOrg(t.app);
    expect((await client(stranger.cookie).get(`${BASE}/${summary.id}/download`)).statusCode).toBe(404);
    expect((await client(stranger.cookie).post(`${BASE}/preview`, { backupId: summary.id })).statusCode).toBe(
      404,
    );
    expect(((await client(stranger.cookie).get(BASE)).json() as TBackupPage).total).toBe(0);
  });

  it('round trip: preview lists the changes without applying them, restore brings the values back', async () => {
    const { content } = await createAndDownload();
    await changeEverything();

    const preview = await client().post(`${BASE}/preview`, { content });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as TBackupPreview;
    const section = (name: string) => p.sections.find((s) => s.section === name)!;
    expect(section('businessProfile').changes).toEqual([
      { field: 'companyName', current: 'Nuovo Nome S.r.l.', backup: 'Bottega Rossi S.r.l.' },
      { field: 'vatNumber', current: null, backup: '01234567897' },
    ]);
    expect(section('invoicingSettings').changes).toEqual([
      { field: 'quoteValidityDays', current: 15, backup: 45 },
      { field: 'iban', current: null, backup: 'IT60X0542811101000000123456' },
    ]);
    const templateFields = section('emailTemplates')
      .changes.map((c) => c.field)
      .sort();
    expect(templateFields).toEqual([
      'invoice_send.it.contentText',
      'invoice_send.it.subject',
      'payment_reminder.en.contentText',
      'payment_reminder.en.subject',
    ]);
    expect(section('preferences').changes).toEqual([
      { field: 'timeZone', current: 'America/New_York', backup: 'Europe/Rome' },
      { field: 'allowNegativeStock', current: false, backup: true },
    ]);
    expect(section('roles').changes).toEqual([
      { field: colleague.email, current: 'viewer', backup: 'manager' },
    ]);
    expect(p.totalChanges).toBe(2 + 2 + 4 + 2 + 1);
    expect(p.otherOrganization).toBe(false);
    // Nothing applied yet.
    expect((await profile()).companyName).toBe('Nuovo Nome S.r.l.');
    expect(await roleOf(colleague.id)).toBe('viewer');

    const restoresBefore = (await snapshots('restore')).length;
    const refused = await client().post(`${BASE}/restore`, { content });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'STEP_UP_REQUIRED',
      details: { action: 'restore_settings' },
    });
    expect((await profile()).companyName).toBe('Nuovo Nome S.r.l.');

    await stepUp();
    const restored = await client().post(`${BASE}/restore`, { content });
    expect(restored.statusCode, restored.body).toBe(200);
    const r = restored.json() as TBackupRestoreResult;
    expect(r.totalChanges).toBe(p.totalChanges);
    expect(r.undoBackup.kind).toBe('restore');

    const after = await profile();
    expect(after).toMatchObject({
      companyName: 'Bottega Rossi S.r.l.',
      vatNumber: '01234567897',
      city: 'Bologna',
    });
    const [inv] = await db()
      .select()
      .from(invoicingSettings)
      .where(eq(invoicingSettings.organizationId, owner.organizationId));
    expect(inv).toMatchObject({ iban: 'IT60X0542811101000000123456', quoteValidityDays: 45 });
    const templates = await db()
      .select({
        key: emailTemplates.templateKey,
        language: emailTemplates.language,
        subject: emailTemplates.subject,
      })
      .from(emailTemplates)
      .where(eq(emailTemplates.organizationId, owner.organizationId));
    expect(templates).toEqual([
      { key: 'invoice_send', language: 'it', subject: 'Fattura {{invoice_number}} di Bottega Rossi' },
    ]);
    expect(await preferences()).toMatchObject({ timeZone: 'Europe/Rome', allowNegativeStock: true });
    expect(await roleOf(colleague.id)).toBe('manager');

    // The snapshot taken first holds the values the restore replaced.
    expect((await snapshots('restore')).length).toBe(restoresBefore + 1);
    const undo = await client().get(`${BASE}/${r.undoBackup.id}/download`);
    expect(undo.headers['content-disposition']).toContain('before-restore');
    expect(JSON.parse(undo.body).data).toMatchObject({
      businessProfile: { companyName: 'Nuovo Nome S.r.l.', vatNumber: null },
      preferences: { timeZone: 'America/New_York' },
    });

    const [restoredEntry] = await db()
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, owner.organizationId), eq(auditLogs.action, 'settings_restored')),
      );
    expect(restoredEntry).toMatchObject({ severity: 'HIGH', userId: owner.user.id });
    expect(restoredEntry!.details).toMatchObject({ undoBackupId: r.undoBackup.id, changes: { roles: 1 } });
    const [roleEntry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'role_changed'), eq(auditLogs.targetUserId, colleague.id)));
    expect(roleEntry!.details).toMatchObject({ from: 'viewer', to: 'manager', via: 'settings_restore' });

    // The snapshot undoes the restore.
    const undone = await client().post(`${BASE}/restore`, { backupId: r.undoBackup.id });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await profile()).companyName).toBe('Nuovo Nome S.r.l.');
    expect(await roleOf(colleague.id)).toBe('viewer');
    // Back to the backup for the next tests.
    expect((await client().post(`${BASE}/restore`, { content })).statusCode).toBe(200);
  });

  it('refuses an invalid file with BACKUP_FILE_INVALID and a precise detail, changing nothing', async () => {
    const { content } = await createAndDownload();
    const valid = JSON.parse(content);
    const cases: [unknown, string, RegExp][] = [
      ['not json {', 'en', /^The file is not a valid settings backup: the content is not JSON$/],
      [JSON.stringify({ hello: 'world' }), 'en', /not a Gestionale settings backup/],
      [JSON.stringify({ ...valid, version: 2 }), 'en', /version 2 is not supported \(expected 1\)/],
      [
        JSON.stringify({
          ...valid,
          data: { ...valid.data, businessProfile: { ...valid.data.businessProfile, vatNumber: '123' } },
        }),
        'it',
        /valore non valido in «data\.businessProfile\.vatNumber»: .+/,
      ],
      [
        JSON.stringify({
          ...valid,
          data: { ...valid.data, preferences: { timeZone: 'Mars/Base', allowNegativeStock: true } },
        }),
        'en',
        /invalid value at “data\.preferences\.timeZone”/,
      ],
      [
        JSON.stringify({
          ...valid,
          data: { ...valid.data, roles: [{ email: colleague.email, role: 'owner' }] },
        }),
        'en',
        /data\.roles\.0\.role/,
      ],
      [JSON.stringify({ ...valid, createdAt: undefined }), 'en', /“createdAt” is missing/],
    ];
    const backupsBefore = (await snapshots('restore')).length;
    const profileBefore = await profile();
    await stepUp();
    for (const [text, language, detail] of cases) {
      for (const path of ['preview', 'restore']) {
        const response = await client().post(
          `${BASE}/${path}`,
          { content: text },
          { 'accept-language': language },
        );
        expect(response.statusCode, `${path} ${String(text).slice(0, 60)}`).toBe(422);
        const error = response.json().error;
        expect(error.code).toBe('BACKUP_FILE_INVALID');
        expect(error.message).toMatch(detail);
        expect(error.details.detail).toBeTruthy();
      }
    }
    expect((await snapshots('restore')).length).toBe(backupsBefore);
    expect(await profile()).toEqual(profileBefore);
  });

  it('rolls everything back when the restore fails halfway', async () => {
    const { content } = await createAndDownload();
    const file = JSON.parse(content);
    file.data.businessProfile.companyName = 'Nome Mai Salvato S.r.l.';
    file.data.preferences.timeZone = 'Asia/Tokyo';
    // The preferences are written after the profile, the invoicing settings and the templates.
    await db().execute(
      sql.raw(
        "alter table organization_settings add constraint test_no_tokyo check (time_zone <> 'Asia/Tokyo')",
      ),
    );
    const restoresBefore = (await snapshots('restore')).length;
    const restoredBefore = await auditCount('settings_restored');
    try {
      await stepUp();
      const response = await client().post(`${BASE}/restore`, { content: JSON.stringify(file) });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await db().execute(sql.raw('alter table organization_settings drop constraint test_no_tokyo'));
    }
    expect((await profile()).companyName).toBe('Bottega Rossi S.r.l.');
    expect((await preferences())!.timeZone).toBe('Europe/Rome');
    expect((await snapshots('restore')).length).toBe(restoresBefore);
    expect(await auditCount('settings_restored')).toBe(restoredBefore);
  });

  it('reads the restoring role again under the organization lock: one demoted meanwhile changes nothing', async () => {
    const { content } = await createAndDownload();
    const file = JSON.parse(content);
    file.data.businessProfile.companyName = 'Mai Applicato S.r.l.';
    const restoresBefore = (await snapshots('restore')).length;
    const setAdminRole = (role: Role) =>
      db()
        .update(member)
        .set({ role })
        .where(and(eq(member.organizationId, owner.organizationId), eq(member.userId, admin.id)));
    // The request guard let an admin in; before the transaction ran, the admin became a viewer.
    await setAdminRole('viewer');
    try {
      await expect(
        restoreBackup(
          { db: db() },
          {
            orgId: owner.organizationId,
            userId: admin.id,
            role: 'admin',
            source: { content: JSON.stringify(file) },
            locale: 'en',
            origin: { userId: admin.id, userEmail: admin.user.email, ipAddress: null, userAgent: null },
          },
        ),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await setAdminRole('admin');
    }
    expect((await profile()).companyName).toBe('Bottega Rossi S.r.l.');
    expect((await snapshots('restore')).length).toBe(restoresBefore);
  });

  it('applies roles only to current members, never to oneself, super_admin only by a super_admin', async () => {
    const { content } = await createAndDownload();
    const file = JSON.parse(content);
    const roles: { email: string; role: Role }[] = [
      { email: owner.user.email, role: 'viewer' },
      { email: colleague.email, role: 'super_admin' },
      { email: admin.user.email, role: 'admin' },
      { email: 'gone@example.test', role: 'manager' },
    ];
    file.data.roles = roles;

    // An admin: cannot grant super_admin, nor demote the owner.
    const byAdmin = await client(admin.cookie).post(`${BASE}/preview`, { content: JSON.stringify(file) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const adminPreview = byAdmin.json() as TBackupPreview;
    expect(adminPreview.sections.find((s) => s.section === 'roles')!.changes).toEqual([]);
    expect(adminPreview.skippedRoles).toEqual(
      expect.arrayContaining([
        { email: owner.user.email, role: 'viewer', reason: 'not_assignable' },
        { email: colleague.email, role: 'super_admin', reason: 'not_assignable' },
        { email: 'gone@example.test', role: 'manager', reason: 'not_member' },
      ]),
    );

    // The owner: promotes the colleague, keeps their own role.
    const byOwner = (
      await client().post(`${BASE}/preview`, { content: JSON.stringify(file) })
    ).json() as TBackupPreview;
    expect(byOwner.sections.find((s) => s.section === 'roles')!.changes).toEqual([
      { field: colleague.email, current: 'manager', backup: 'super_admin' },
    ]);
    expect(byOwner.skippedRoles).toEqual(
      expect.arrayContaining([
        { email: owner.user.email, role: 'viewer', reason: 'own_role' },
        { email: 'gone@example.test', role: 'manager', reason: 'not_member' },
      ]),
    );
    await stepUp();
    expect((await client().post(`${BASE}/restore`, { content: JSON.stringify(file) })).statusCode).toBe(200);
    expect(await roleOf(colleague.id)).toBe('super_admin');
    expect(await roleOf(owner.user.id)).toBe('super_admin');

    // Restoring the backup makes her a manager again: demoting one of two super admins is fine.
    expect((await client().post(`${BASE}/restore`, { content })).statusCode).toBe(200);
    expect(await roleOf(colleague.id)).toBe('manager');
  });

  it("copies another organization's file, flagged in the preview; a section left out stays as it is", async () => {
    const { content } = await createAndDownload();
    const file = JSON.parse(content);
    file.organizationName = 'Altra Ditta';
    delete file.data.roles;
    delete file.data.emailTemplates;
    file.data.invoicingSettings.bankName = 'Banca Due';
    const p = (
      await client().post(`${BASE}/preview`, { content: JSON.stringify(file) })
    ).json() as TBackupPreview;
    expect(p.otherOrganization).toBe(true);
    expect(p.sections.filter((s) => !s.included).map((s) => s.section)).toEqual(['emailTemplates', 'roles']);
    expect(p.totalChanges).toBe(1);
  });
});
