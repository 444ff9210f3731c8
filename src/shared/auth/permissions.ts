/**
 * Roles and the permission matrix (email-client spec §6, plus view_analytics and access_reports).
 * The one source of truth: the server guard enforces it, the web reads it to hide what a role cannot do.
 */
export const ROLES = ['super_admin', 'admin', 'manager', 'user', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
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
  'view_analytics',
  'access_reports',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  super_admin: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== 'delete_users'),
  manager: [
    'view_users',
    'view_security_settings',
    'view_audit_logs',
    'manage_financial_data',
    'view_financial_data',
    'export_financial_data',
    'view_organization',
    'view_analytics',
    'access_reports',
  ],
  user: ['view_security_settings', 'view_financial_data', 'view_organization'],
  viewer: ['view_financial_data', 'view_organization'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A membership without a known role is treated as `user` (spec §6). */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'user';
}

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function hasAllPermissions(role: Role, permissions: readonly Permission[]): boolean {
  return permissions.every((p) => hasPermission(role, p));
}

/** Admin-only areas (e.g. /organization): super_admin and admin. */
export function isAdminRole(role: Role): boolean {
  return role === 'super_admin' || role === 'admin';
}
