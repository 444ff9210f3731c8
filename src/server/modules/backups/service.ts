import { isUuid } from '@shared/ids/uuid.ts';
import { hasPermission, normalizeRole, type Role } from '@shared/auth/permissions.ts';
import type {
  TBackupFile,
  TBackupPage,
  TBackupPreview,
  TBackupRestoreResult,
  TBackupSource,
  TBackupSummary,
} from '@shared/backups/contracts.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { resolveMembership } from '../../platform/request-context.ts';
import { lockOrganization } from '../organizations/index.ts';
import { updateProfile, type BusinessProfileValues } from '../business-profiles/index.ts';
import { saveInvoicingSettings } from '../invoicing/index.ts';
import { replaceSystemVersions } from '../email-templates/index.ts';
import { wallClock } from '../security/audit-csv.ts';
import { planRestore, type MemberRole, type RestoreActor } from './changes.ts';
import * as repo from './repository.ts';
import { envelopeOf, fileText, readSettings } from './snapshot.ts';
import { parseBackupContent, parseBackupJson } from './validation.ts';

export interface Scope {
  orgId: string;
  userId: string;
  role: Role;
}

/** Who did it and from where, for the audit entries (the route fills it from the request). */
export type Origin = Pick<AuditEntry, 'userId' | 'userEmail' | 'ipAddress' | 'userAgent'>;

function toSummary(row: repo.BackupSummaryRow): TBackupSummary {
  if (!row) throw new AppError('NOT_FOUND');
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    createdBy:
      row.userId && row.userEmail
        ? { id: row.userId, name: row.userName ?? row.userEmail, email: row.userEmail }
        : null,
  };
}

async function snapshot(db: Db, scope: Scope, kind: 'backup' | 'restore') {
  const org = await repo.findOrganization(db, scope.orgId);
  const data = await readSettings({ db }, { orgId: scope.orgId });
  const envelope = envelopeOf(org?.name ?? '', new Date(), data);
  const id = await repo.insertBackup(db, scope.orgId, {
    userId: scope.userId,
    kind,
    backupData: envelope as unknown as Record<string, unknown>,
  });
  return toSummary(await repo.findBackupSummary(db, scope.orgId, id));
}

export async function createBackup(
  { db }: { db: Db },
  { origin, ...scope }: Scope & { origin: Origin },
): Promise<TBackupSummary> {
  return db.transaction(async (tx) => {
    const summary = await snapshot(tx, scope, 'backup');
    await recordAudit(tx, {
      ...origin,
      action: 'settings_backup_created',
      organizationId: scope.orgId,
      details: { backupId: summary.id, sizeBytes: summary.sizeBytes },
    });
    return summary;
  });
}

export async function listBackups(
  { db }: { db: Db },
  { orgId, query }: { orgId: string; query: { page: number; pageSize: number } },
): Promise<TBackupPage> {
  const [rows, total] = await Promise.all([
    repo.listBackups(db, orgId, toLimitOffset(query)),
    repo.countBackups(db, orgId),
  ]);
  return { items: rows.map((r) => toSummary(r)), total, page: query.page, pageSize: query.pageSize };
}

export async function downloadBackup(
  { db }: { db: Db },
  { orgId, id, locale }: { orgId: string; id: string; locale: Locale },
) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await repo.findBackupData(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const org = await repo.findOrganization(db, orgId);
  const stamp = wallClock(row.createdAt, 'UTC').replace(' ', '-').replaceAll(':', '').slice(0, 15);
  const base =
    row.kind === 'restore'
      ? locale === 'it'
        ? 'impostazioni-prima-del-ripristino'
        : 'settings-before-restore'
      : locale === 'it'
        ? 'backup-impostazioni'
        : 'settings-backup';
  return {
    fileName: `${base}-${org?.slug ?? 'organizzazione'}-${stamp}.json`,
    content: fileText(row.data),
  };
}

async function loadSource(db: Db, orgId: string, source: TBackupSource, locale: Locale) {
  if (source.content !== undefined) return parseBackupContent(source.content, locale);
  if (!source.backupId) throw new AppError('NOT_FOUND');
  const row = await repo.findBackupData(db, orgId, source.backupId);
  if (!row) throw new AppError('NOT_FOUND');
  return parseBackupJson(row.data, locale);
}

async function membersOf(db: Db, orgId: string): Promise<MemberRole[]> {
  return (await repo.listMemberRoles(db, orgId)).map((m) => ({
    userId: m.userId,
    email: m.email.toLowerCase(),
    role: normalizeRole(m.role),
  }));
}

async function previewOf(db: Db, scope: Scope, file: TBackupFile) {
  const [current, members, org] = await Promise.all([
    readSettings({ db }, { orgId: scope.orgId }),
    membersOf(db, scope.orgId),
    repo.findOrganization(db, scope.orgId),
  ]);
  const actor: RestoreActor = { userId: scope.userId, role: scope.role };
  const plan = planRestore(current, file.data, members, actor);
  const preview: TBackupPreview = {
    organizationName: file.organizationName,
    createdAt: file.createdAt,
    otherOrganization: !!org && file.organizationName.trim() !== org.name.trim(),
    sections: plan.sections,
    totalChanges: plan.totalChanges,
    skippedRoles: plan.roles.skipped,
  };
  return { preview, plan };
}

/** Validates the file and lists what a restore would change, without changing anything. */
export async function previewRestore(
  { db }: { db: Db },
  { source, locale, ...scope }: Scope & { source: TBackupSource; locale: Locale },
): Promise<TBackupPreview> {
  const file = await loadSource(db, scope.orgId, source, locale);
  return (await previewOf(db, scope, file)).preview;
}

function profileValues(profile: NonNullable<TBackupFile['data']['businessProfile']>): BusinessProfileValues {
  return Object.fromEntries(
    Object.entries(profile).filter(([, v]) => v !== undefined),
  ) as BusinessProfileValues;
}

/**
 * Applies a backup in one transaction: first a `restore` snapshot of the settings as they are (restoring it
 * undoes this), then each section of the file, the role changes and their audit entries. Any failure leaves
 * everything as it was, snapshot included.
 */
export async function restoreBackup(
  { db }: { db: Db },
  { source, locale, origin, ...given }: Scope & { source: TBackupSource; locale: Locale; origin: Origin },
): Promise<TBackupRestoreResult> {
  let scope: Scope = given;
  const file = await loadSource(db, scope.orgId, source, locale);
  return db.transaction(async (tx) => {
    // Role changes are serialized with the team's on the organization row, and the actor's role is read again
    // under that lock: a restore racing a demotion can never leave the organization without a super_admin.
    if (!(await lockOrganization(tx, scope.orgId))) throw new AppError('NOT_FOUND');
    const role = await resolveMembership(tx, scope.userId, scope.orgId);
    if (!role || !hasPermission(role, 'restore_settings')) throw new AppError('FORBIDDEN');
    scope = { ...scope, role };
    const undoBackup = await snapshot(tx, scope, 'restore');
    const { preview, plan } = await previewOf(tx, scope, file);
    const { data } = file;
    const { orgId, userId } = scope;

    if (data.businessProfile) {
      const values = profileValues(data.businessProfile);
      const updated = await updateProfile(tx, orgId, values);
      if (!updated)
        await repo.insertProfile(tx, orgId, userId, {
          ...values,
          companyName: data.businessProfile.companyName!,
        });
    }
    if (data.invoicingSettings)
      await saveInvoicingSettings({ db: tx }, { orgId, values: data.invoicingSettings });
    if (data.emailTemplates)
      await replaceSystemVersions({ db: tx }, { orgId, userId, versions: data.emailTemplates });
    if (data.preferences) await repo.savePreferences(tx, orgId, data.preferences);
    for (const change of plan.roles.changes) {
      await repo.setMemberRole(tx, orgId, change.userId, change.to);
      await recordAudit(tx, {
        ...origin,
        action: 'role_changed',
        organizationId: orgId,
        targetUserId: change.userId,
        details: { from: change.from, to: change.to, via: 'settings_restore' },
      });
    }
    await recordAudit(tx, {
      ...origin,
      action: 'settings_restored',
      organizationId: orgId,
      details: {
        source: source.backupId ? { backupId: source.backupId } : { file: file.organizationName },
        backupCreatedAt: file.createdAt,
        undoBackupId: undoBackup.id,
        changes: Object.fromEntries(preview.sections.map((s) => [s.section, s.changes.length])),
        skippedRoles: preview.skippedRoles.length,
      },
    });
    return { ...preview, undoBackup };
  });
}
