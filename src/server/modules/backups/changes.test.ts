import { describe, expect, it } from 'vitest';
import { planRestore, planRoles, type MemberRole } from './changes.ts';
import type { SettingsSnapshot } from './snapshot.ts';
import { DEFAULT_INVOICING_SETTINGS } from '../invoicing/index.ts';

const members: MemberRole[] = [
  { userId: 'u-owner', email: 'owner@example.test', role: 'super_admin' },
  { userId: 'u-admin', email: 'admin@example.test', role: 'admin' },
  { userId: 'u-anna', email: 'anna@example.test', role: 'manager' },
];

describe('planRoles', () => {
  it('changes existing members only and reports the others', () => {
    const plan = planRoles(
      members,
      [
        { email: 'ANNA@example.test', role: 'viewer' },
        { email: 'gone@example.test', role: 'admin' },
        { email: 'admin@example.test', role: 'admin' },
      ],
      { userId: 'u-owner', role: 'super_admin' },
    );
    expect(plan.changes).toEqual([
      { userId: 'u-anna', email: 'anna@example.test', from: 'manager', to: 'viewer' },
    ]);
    expect(plan.skipped).toEqual([{ email: 'gone@example.test', role: 'admin', reason: 'not_member' }]);
  });

  it("never changes the restoring user's own role", () => {
    const plan = planRoles(members, [{ email: 'admin@example.test', role: 'viewer' }], {
      userId: 'u-admin',
      role: 'admin',
    });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped[0]!.reason).toBe('own_role');
  });

  it('lets only a super_admin grant or remove super_admin', () => {
    const wanted = [
      { email: 'owner@example.test', role: 'admin' as const },
      { email: 'anna@example.test', role: 'super_admin' as const },
    ];
    const byAdmin = planRoles(members, wanted, { userId: 'u-admin', role: 'admin' });
    expect(byAdmin.changes).toEqual([]);
    expect(byAdmin.skipped.map((s) => s.reason)).toEqual(['not_assignable', 'not_assignable']);
    const byOwner = planRoles(members, wanted, { userId: 'u-other', role: 'super_admin' });
    expect(byOwner.changes.map((c) => [c.email, c.to])).toEqual([
      ['owner@example.test', 'admin'],
      ['anna@example.test', 'super_admin'],
    ]);
  });

  it('keeps the last super_admin', () => {
    const plan = planRoles(members, [{ email: 'owner@example.test', role: 'manager' }], {
      userId: 'u-someone',
      role: 'super_admin',
    });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      { email: 'owner@example.test', role: 'manager', reason: 'last_super_admin' },
    ]);
  });
});

describe('planRestore', () => {
  const current: SettingsSnapshot = {
    businessProfile: { companyName: 'Rossi S.r.l.', vatNumber: null, city: 'Bologna' },
    invoicingSettings: DEFAULT_INVOICING_SETTINGS,
    emailTemplates: [],
    preferences: { timeZone: 'Europe/Rome', allowNegativeStock: false },
    roles: [],
  };

  it('lists field changes, leaves absent fields and sections alone', () => {
    const plan = planRestore(
      current,
      {
        businessProfile: { companyName: 'Bianchi S.r.l.', vatNumber: '01234567897' },
        invoicingSettings: {
          ...DEFAULT_INVOICING_SETTINGS,
          defaultWithholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
        },
        emailTemplates: [
          { key: 'invoice_send', language: 'en', subject: 'Your invoice', contentText: 'Hello' },
        ],
      },
      members,
      { userId: 'u-owner', role: 'super_admin' },
    );
    const by = Object.fromEntries(plan.sections.map((s) => [s.section, s]));
    expect(by.businessProfile!.changes).toEqual([
      { field: 'companyName', current: 'Rossi S.r.l.', backup: 'Bianchi S.r.l.' },
      { field: 'vatNumber', current: null, backup: '01234567897' },
    ]);
    expect(by.invoicingSettings!.changes).toEqual([
      {
        field: 'defaultWithholding',
        current: null,
        backup: '{"causale":"A","ratePercent":"20","type":"RT01"}',
      },
    ]);
    expect(by.emailTemplates!.changes.map((c) => c.field)).toEqual([
      'invoice_send.en.subject',
      'invoice_send.en.contentText',
    ]);
    expect(by.preferences).toEqual({ section: 'preferences', included: false, changes: [] });
    expect(by.roles!.included).toBe(false);
    expect(plan.totalChanges).toBe(5);
  });

  it('finds nothing to do when the backup matches', () => {
    const plan = planRestore(
      current,
      { ...current, businessProfile: { companyName: 'Rossi S.r.l.', city: 'Bologna' }, roles: [] },
      members,
      { userId: 'u-owner', role: 'super_admin' },
    );
    expect(plan.totalChanges).toBe(0);
  });
});
