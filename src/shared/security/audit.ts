/**
 * Security events written to the audit log (email-client spec §3 and §6: severities LOW, MEDIUM, HIGH).
 * Each action has a fixed severity, so the same event is never logged as LOW in one place and HIGH in another.
 */
export const AUDIT_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

export const AUDIT_ACTIONS = {
  sign_in: 'LOW',
  sign_in_failed: 'MEDIUM',
  sign_out: 'LOW',
  two_factor_enabled: 'MEDIUM',
  two_factor_disabled: 'HIGH',
  two_factor_failed: 'MEDIUM',
  backup_codes_regenerated: 'MEDIUM',
  backup_code_used: 'MEDIUM',
  step_up_verified: 'LOW',
  step_up_failed: 'MEDIUM',
  session_revoked: 'MEDIUM',
  sessions_revoked_others: 'MEDIUM',
  password_changed: 'MEDIUM',
  member_invited: 'MEDIUM',
  invitation_cancelled: 'LOW',
  invitation_accepted: 'MEDIUM',
  role_changed: 'HIGH',
  member_removed: 'HIGH',
  member_left: 'MEDIUM',
  member_signed_out: 'HIGH',
  audit_log_exported: 'MEDIUM',
  settings_backup_created: 'LOW',
  settings_restored: 'HIGH',
  personal_data_exported: 'MEDIUM',
  organization_data_exported: 'HIGH',
  account_deleted: 'HIGH',
  organization_deleted: 'HIGH',
  data_exported: 'MEDIUM',
  data_deleted: 'MEDIUM',
  // A member connected or removed one of their own mail accounts (issue 15): its password is stored, its mail deleted.
  mail_account_added: 'MEDIUM',
  mail_account_removed: 'MEDIUM',
  // A confidential message could not be encrypted at rest (spec §5: logged HIGH, sending continues).
  mail_encryption_failed: 'HIGH',
} as const satisfies Record<string, AuditSeverity>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function severityOf(action: AuditAction): AuditSeverity {
  return AUDIT_ACTIONS[action];
}

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);
}
