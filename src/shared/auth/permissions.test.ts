import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  hasAllPermissions,
  hasPermission,
  isAdminRole,
  isRole,
  normalizeRole,
  permissionsOf,
  type Permission,
  type Role,
} from './permissions.ts';

/** The matrix of the email-client spec §6, written out independently of the implementation. */
const SPEC_PERMISSIONS = [
  'manage_users',
  'view_users',
  'delete_users',
  'manage_security_settings',
  'view_security_settings',
  'backup_settings',
  'restore_settings',
  'view_audit_logs',
  'export_audit_logs',
  'manage_financial_data',
  'view_financial_data',
  'export_financial_data',
  'manage_organization',
  'view_organization',
] as const;
/** Added by DESIGN.md §4 for analytics and reports: super_admin, admin and manager only. */
const ANALYTICS = ['view_analytics', 'access_reports'] as const;
const ALL = [...SPEC_PERMISSIONS, ...ANALYTICS];

const EXPECTED: Record<Role, readonly string[]> = {
  super_admin: ALL,
  admin: ALL.filter((p) => p !== 'delete_users'),
  manager: [
    'view_users',
    'view_security_settings',
    'view_audit_logs',
    'manage_financial_data',
    'view_financial_data',
    'export_financial_data',
    'view_organization',
    ...ANALYTICS,
  ],
  user: ['view_security_settings', 'view_financial_data', 'view_organization'],
  viewer: ['view_financial_data', 'view_organization'],
};

describe('roles and permissions', () => {
  it('has the five roles of the spec', () => {
    expect([...ROLES]).toEqual(['super_admin', 'admin', 'manager', 'user', 'viewer']);
  });

  it('has the spec permissions plus view_analytics and access_reports, nothing else', () => {
    expect([...PERMISSIONS].sort()).toEqual([...ALL].sort());
  });

  const cases = ROLES.flatMap((role) =>
    ALL.map((permission) => ({ role, permission, allowed: EXPECTED[role].includes(permission) })),
  );
  it.each(cases)('$role → $permission: $allowed', ({ role, permission, allowed }) => {
    expect(hasPermission(role, permission as Permission)).toBe(allowed);
  });

  it.each(ROLES)('permissionsOf(%s) lists exactly the allowed permissions', (role) => {
    expect([...permissionsOf(role)].sort()).toEqual([...EXPECTED[role]].sort());
  });

  it('gives analytics and reports to super_admin, admin and manager only', () => {
    for (const permission of ANALYTICS) {
      expect(ROLES.filter((r) => hasPermission(r, permission))).toEqual(['super_admin', 'admin', 'manager']);
    }
  });

  it('hasAllPermissions needs every permission; an empty list is always allowed', () => {
    expect(hasAllPermissions('viewer', [])).toBe(true);
    expect(hasAllPermissions('manager', ['view_users', 'view_analytics'])).toBe(true);
    expect(hasAllPermissions('manager', ['view_users', 'manage_users'])).toBe(false);
    expect(hasAllPermissions('admin', ['manage_users', 'delete_users'])).toBe(false);
    expect(hasAllPermissions('super_admin', [...PERMISSIONS])).toBe(true);
  });

  it('treats admin areas as super_admin and admin only', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['super_admin', 'admin']);
  });
});

describe('normalizeRole', () => {
  it.each(ROLES)('keeps the known role %s', (role) => {
    expect(normalizeRole(role)).toBe(role);
    expect(isRole(role)).toBe(true);
  });

  it.each([undefined, null, '', 'owner', 'member', 'ADMIN', 'super-admin', 42, {}])(
    'falls back to user for %j',
    (value) => {
      expect(isRole(value)).toBe(false);
      expect(normalizeRole(value)).toBe('user');
    },
  );
});
