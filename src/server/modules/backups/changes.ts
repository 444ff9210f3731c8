import type { Role } from '@shared/auth/permissions.ts';
import {
  BACKUP_INVOICING_FIELDS,
  BACKUP_PREFERENCE_FIELDS,
  BACKUP_PROFILE_FIELDS,
  type RoleSkipReason,
  type TBackupChange,
  type TBackupData,
  type TBackupEmailTemplate,
  type TBackupSectionChanges,
  type TChangeValue,
} from '@shared/backups/contracts.ts';
import { SYSTEM_TEMPLATE_KEYS, SYSTEM_TEMPLATES } from '@shared/mail/templates.ts';
import type { SettingsSnapshot } from './snapshot.ts';

/**
 * What a restore would change, section by section (pure: the preview and the restore compute it alike).
 *
 * Role rules (documented in the report and the UI):
 * - only members that still exist are changed, matched by e-mail; nobody is invited or removed, and members
 *   missing from the file keep their role;
 * - the restoring user's own role never changes (no one locks themselves out halfway);
 * - only a super_admin's restore grants or removes the super_admin role (like the team screen);
 * - the organization never ends without a super_admin: such demotions are skipped.
 */

export interface RestoreActor {
  userId: string;
  role: Role;
}

export interface MemberRole {
  userId: string;
  email: string;
  role: Role;
}

export interface RoleChange {
  userId: string;
  email: string;
  from: Role;
  to: Role;
}

export interface RolePlan {
  changes: RoleChange[];
  skipped: { email: string; role: Role; reason: RoleSkipReason }[];
}

export interface RestorePlan {
  sections: TBackupSectionChanges[];
  totalChanges: number;
  roles: RolePlan;
}

/** Objects (withholding, pension fund) compare and show as JSON with sorted keys. */
function asValue(value: unknown): TChangeValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value, Object.keys(value as object).sort());
}

function fieldChanges(
  fields: readonly string[],
  current: Record<string, unknown> | null,
  backup: Record<string, unknown>,
): TBackupChange[] {
  const changes: TBackupChange[] = [];
  for (const field of fields) {
    // Absent from the file: left as it is.
    if (!(field in backup) || backup[field] === undefined) continue;
    const before = asValue(current?.[field]);
    const after = asValue(backup[field]);
    if (before !== after) changes.push({ field, current: before, backup: after });
  }
  return changes;
}

type TemplateText = { subject: string; contentText: string; contentHtml: string | null };

/**
 * The text in use per key and language: the organization's version or the system one. Only system templates are
 * in a backup: own templates are their authors' (docs/DECISIONS.md, one template system).
 */
function effectiveTemplates(own: readonly TBackupEmailTemplate[]) {
  const out = new Map<string, TemplateText>();
  for (const key of SYSTEM_TEMPLATE_KEYS) {
    for (const language of ['it', 'en'] as const) {
      const system = SYSTEM_TEMPLATES[key][language];
      out.set(`${key}.${language}`, {
        subject: system.subject,
        contentText: system.text,
        contentHtml: system.html ?? null,
      });
    }
  }
  for (const t of own)
    out.set(`${t.key}.${t.language}`, {
      subject: t.subject,
      contentText: t.contentText,
      contentHtml: t.contentHtml ?? null,
    });
  return out;
}

function templateChanges(
  current: readonly TBackupEmailTemplate[],
  backup: readonly TBackupEmailTemplate[],
): TBackupChange[] {
  const before = effectiveTemplates(current);
  const after = effectiveTemplates(backup);
  const changes: TBackupChange[] = [];
  for (const [id, now] of before) {
    const then = after.get(id)!;
    for (const part of ['subject', 'contentText', 'contentHtml'] as const) {
      if (now[part] !== then[part])
        changes.push({ field: `${id}.${part}`, current: now[part], backup: then[part] });
    }
  }
  return changes;
}

export function planRoles(
  members: readonly MemberRole[],
  backup: readonly { email: string; role: Role }[],
  actor: RestoreActor,
): RolePlan {
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const changes: RoleChange[] = [];
  const skipped: RolePlan['skipped'] = [];
  for (const wanted of backup) {
    const m = byEmail.get(wanted.email.toLowerCase());
    if (!m) {
      skipped.push({ email: wanted.email, role: wanted.role, reason: 'not_member' });
      continue;
    }
    if (m.role === wanted.role) continue;
    if (m.userId === actor.userId) {
      skipped.push({ email: m.email, role: wanted.role, reason: 'own_role' });
      continue;
    }
    if (actor.role !== 'super_admin' && (m.role === 'super_admin' || wanted.role === 'super_admin')) {
      skipped.push({ email: m.email, role: wanted.role, reason: 'not_assignable' });
      continue;
    }
    changes.push({ userId: m.userId, email: m.email, from: m.role, to: wanted.role });
  }
  const finalRoles = members.map((m) => changes.find((c) => c.userId === m.userId)?.to ?? m.role);
  if (!finalRoles.includes('super_admin')) {
    const demotions = changes.filter((c) => c.from === 'super_admin');
    for (const c of demotions) {
      changes.splice(changes.indexOf(c), 1);
      skipped.push({ email: c.email, role: c.to, reason: 'last_super_admin' });
    }
  }
  return { changes, skipped };
}

export function planRestore(
  current: SettingsSnapshot,
  backup: TBackupData,
  members: readonly MemberRole[],
  actor: RestoreActor,
): RestorePlan {
  const roles = backup.roles ? planRoles(members, backup.roles, actor) : { changes: [], skipped: [] };
  const sections: TBackupSectionChanges[] = [
    {
      section: 'businessProfile',
      included: !!backup.businessProfile,
      changes: backup.businessProfile
        ? fieldChanges(BACKUP_PROFILE_FIELDS, current.businessProfile, backup.businessProfile)
        : [],
    },
    {
      section: 'invoicingSettings',
      included: !!backup.invoicingSettings,
      changes: backup.invoicingSettings
        ? fieldChanges(BACKUP_INVOICING_FIELDS, current.invoicingSettings, backup.invoicingSettings)
        : [],
    },
    {
      section: 'emailTemplates',
      included: !!backup.emailTemplates,
      changes: backup.emailTemplates ? templateChanges(current.emailTemplates, backup.emailTemplates) : [],
    },
    {
      section: 'preferences',
      included: !!backup.preferences,
      changes: backup.preferences
        ? fieldChanges(BACKUP_PREFERENCE_FIELDS, current.preferences, backup.preferences)
        : [],
    },
    {
      section: 'roles',
      included: !!backup.roles,
      changes: roles.changes.map((c) => ({ field: c.email, current: c.from, backup: c.to })),
    },
  ];
  return { sections, totalChanges: sections.reduce((n, s) => n + s.changes.length, 0), roles };
}
