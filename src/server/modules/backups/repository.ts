import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Role } from '@shared/auth/permissions.ts';
import type { TBackupPreferences, BackupKind } from '@shared/backups/contracts.ts';
import { member, organization, user } from '../../db/schema/auth.ts';
import { businessProfiles } from '../../db/schema/business-profiles.ts';
import { organizationSettings } from '../../db/schema/organization-settings.ts';
import { settingsBackups } from '../../db/schema/security.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { BusinessProfileValues } from '../business-profiles/index.ts';

/** Every function takes the organization id: settings and backups are only read or written within it. */

export async function findOrganization(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ name: organization.name, slug: organization.slug })
    .from(organization)
    .where(eq(organization.id, orgId));
  return row;
}

export async function findPreferences(db: DbOrTx, orgId: string): Promise<TBackupPreferences | undefined> {
  const [row] = await db
    .select({
      timeZone: organizationSettings.timeZone,
      allowNegativeStock: organizationSettings.allowNegativeStock,
    })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, orgId));
  return row;
}

export async function savePreferences(db: DbOrTx, orgId: string, values: TBackupPreferences) {
  await db
    .insert(organizationSettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: organizationSettings.organizationId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function insertProfile(
  db: DbOrTx,
  orgId: string,
  userId: string,
  values: BusinessProfileValues & { companyName: string },
) {
  await db.insert(businessProfiles).values({ ...values, organizationId: orgId, createdBy: userId });
}

export async function listMemberRoles(db: DbOrTx, orgId: string) {
  return db
    .select({ userId: member.userId, email: user.email, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, orgId))
    .orderBy(asc(user.email));
}

export async function setMemberRole(db: DbOrTx, orgId: string, userId: string, role: Role) {
  await db
    .update(member)
    .set({ role })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, userId)));
}

// ─── settings_backups ──────────────────────────────────────────────────────────────────────────────────────

const summaryColumns = {
  id: settingsBackups.id,
  createdAt: settingsBackups.createdAt,
  kind: settingsBackups.kind,
  sizeBytes: sql<number>`octet_length(${settingsBackups.backupData}::text)`.mapWith(Number),
  userId: settingsBackups.userId,
  userName: user.name,
  userEmail: user.email,
};

export type BackupSummaryRow = Awaited<ReturnType<typeof findBackupSummary>>;

export async function insertBackup(
  db: DbOrTx,
  orgId: string,
  values: { userId: string; kind: BackupKind; backupData: Record<string, unknown> },
) {
  const [row] = await db
    .insert(settingsBackups)
    .values({ organizationId: orgId, ...values })
    .returning({ id: settingsBackups.id });
  return row!.id;
}

export async function findBackupSummary(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(settingsBackups)
    .leftJoin(user, eq(user.id, settingsBackups.userId))
    .where(and(eq(settingsBackups.organizationId, orgId), eq(settingsBackups.id, id)));
  return row;
}

export async function listBackups(db: DbOrTx, orgId: string, page: { limit: number; offset: number }) {
  return db
    .select(summaryColumns)
    .from(settingsBackups)
    .leftJoin(user, eq(user.id, settingsBackups.userId))
    .where(eq(settingsBackups.organizationId, orgId))
    .orderBy(desc(settingsBackups.createdAt), desc(settingsBackups.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBackups(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(settingsBackups)
    .where(eq(settingsBackups.organizationId, orgId));
  return Number(row?.total ?? 0);
}

export async function findBackupData(db: DbOrTx, orgId: string, id: string) {
  const [row] = await db
    .select({
      kind: settingsBackups.kind,
      createdAt: settingsBackups.createdAt,
      data: settingsBackups.backupData,
    })
    .from(settingsBackups)
    .where(and(eq(settingsBackups.organizationId, orgId), eq(settingsBackups.id, id)));
  return row;
}
