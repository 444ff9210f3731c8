import type { TFunction } from 'i18next';
import { isRole } from '@shared/auth/permissions.ts';
import { AUDIT_ACTION_NAMES, type AuditAction, type AuditSeverity } from '@shared/security/audit.ts';
import type { TAuditLogEntry, TAuditPerson } from '@shared/security/audit-contracts.ts';

/** The action filter's groups; an action added later without a group shows under "other". */
const GROUPS = {
  access: [
    'sign_in',
    'sign_in_failed',
    'sign_out',
    'step_up_verified',
    'step_up_failed',
    'session_revoked',
    'sessions_revoked_others',
    'password_changed',
  ],
  twoFactor: [
    'two_factor_enabled',
    'two_factor_disabled',
    'two_factor_failed',
    'backup_codes_regenerated',
    'backup_code_used',
  ],
  team: [
    'member_invited',
    'invitation_cancelled',
    'invitation_accepted',
    'role_changed',
    'member_removed',
    'member_left',
    'member_signed_out',
  ],
  data: [
    'audit_log_exported',
    'settings_backup_created',
    'settings_restored',
    'personal_data_exported',
    'organization_data_exported',
    'data_exported',
    'data_deleted',
    'account_deleted',
    'organization_deleted',
  ],
} as const satisfies Record<string, readonly AuditAction[]>;

export type ActionGroup = keyof typeof GROUPS | 'other';

export function actionGroups(): { group: ActionGroup; actions: readonly AuditAction[] }[] {
  const grouped = new Set<string>(Object.values(GROUPS).flat());
  const other = AUDIT_ACTION_NAMES.filter((a) => !grouped.has(a));
  return [
    ...(Object.entries(GROUPS) as [ActionGroup, readonly AuditAction[]][]).map(([group, actions]) => ({
      group,
      actions,
    })),
    ...(other.length ? [{ group: 'other' as const, actions: other }] : []),
  ];
}

export const SEVERITY_TONE: Record<AuditSeverity, 'primary' | 'warning' | 'danger'> = {
  LOW: 'primary',
  MEDIUM: 'warning',
  HIGH: 'danger',
};

export function actionText(action: string, t: TFunction): string {
  return t(`audit:actions.${action}`, { defaultValue: action });
}

export function personText(person: TAuditPerson | null, t: TFunction): string {
  if (!person) return t('audit:entry.none');
  return (
    person.name ||
    person.email ||
    (person.id ? t('audit:entry.deletedAccount') : t('audit:entry.unknownUser'))
  );
}

function roleText(value: unknown, t: TFunction): string {
  return isRole(value) ? t(`common:roles.${value}`) : String(value);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every detail as a label and a text, for the expanded view. */
export function detailRows(details: Record<string, unknown>): [string, string][] {
  return Object.entries(details).map(([key, value]) => [key, plain(value)]);
}

/** One line for the table: the known events in words, the others as their first simple details. */
export function detailSummary(entry: TAuditLogEntry, t: TFunction): string {
  const d = entry.details;
  switch (entry.action) {
    case 'role_changed': {
      if (d.from === undefined || d.to === undefined) break;
      const text = t('audit:summary.roleChanged', { from: roleText(d.from, t), to: roleText(d.to, t) });
      return d.via === 'settings_restore' ? `${text} (${t('audit:summary.viaRestore')})` : text;
    }
    case 'audit_log_exported':
      if (typeof d.rows === 'number') return t('audit:summary.rows', { count: d.rows });
      break;
    case 'settings_restored': {
      const changes = d.changes && typeof d.changes === 'object' ? Object.values(d.changes) : [];
      const count = changes.reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
      return t('audit:summary.changes', { count });
    }
  }
  const method =
    typeof d.method === 'string' ? t(`audit:summary.methods.${d.method}`, { defaultValue: d.method }) : null;
  const rest = Object.entries(d)
    .filter(
      ([key, value]) => key !== 'method' && !/id$/i.test(key) && value !== null && typeof value !== 'object',
    )
    .slice(0, 2)
    .map(([key, value]) => `${key}: ${String(value)}`);
  return [method, ...rest].filter(Boolean).slice(0, 2).join(' · ');
}
