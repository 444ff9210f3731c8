import { normalizeRole, type Role } from '@shared/auth/permissions.ts';
import {
  BACKUP_FORMAT,
  BACKUP_PROFILE_FIELDS,
  BACKUP_VERSION,
  type BackupProfileField,
  type TBackupEmailTemplate,
  type TBackupPreferences,
} from '@shared/backups/contracts.ts';
import { DEFAULT_TIME_ZONE } from '@shared/calendar/contracts.ts';
import type { TInvoicingSettings } from '@shared/invoicing/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { findProfile, type BusinessProfileRow } from '../business-profiles/index.ts';
import { getInvoicingSettings } from '../invoicing/index.ts';
import { systemVersionsOf } from '../email-templates/index.ts';
import * as repo from './repository.ts';

export type ProfileSnapshot = Partial<Record<BackupProfileField, string | null>>;

/** The organization's settings as a backup holds them (and as the preview compares them). */
export interface SettingsSnapshot {
  businessProfile: ProfileSnapshot | null;
  invoicingSettings: TInvoicingSettings;
  emailTemplates: TBackupEmailTemplate[];
  preferences: TBackupPreferences;
  roles: { email: string; role: Role }[];
}

/** Fields the profile form can change but not clear: left out of the file while empty, never written as null. */
const REQUIRED_PROFILE_FIELDS = new Set<BackupProfileField>([
  'companyName',
  'businessType',
  'industry',
  'phone',
  'country',
]);

function profileSnapshot(row: BusinessProfileRow | undefined): ProfileSnapshot | null {
  if (!row) return null;
  const out: ProfileSnapshot = {};
  for (const field of BACKUP_PROFILE_FIELDS) {
    const value = row[field] ?? null;
    if (value === null && REQUIRED_PROFILE_FIELDS.has(field)) continue;
    out[field] = value;
  }
  return out;
}

/** Reads every section (pass the transaction to read what a restore is about to change). */
export async function readSettings(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<SettingsSnapshot> {
  const [profile, invoicing, templates, preferences, members] = await Promise.all([
    findProfile(db, orgId),
    getInvoicingSettings({ db }, { orgId }),
    systemVersionsOf({ db }, { orgId }),
    repo.findPreferences(db, orgId),
    repo.listMemberRoles(db, orgId),
  ]);
  return {
    businessProfile: profileSnapshot(profile),
    invoicingSettings: invoicing,
    emailTemplates: templates,
    preferences: preferences ?? { timeZone: DEFAULT_TIME_ZONE, allowNegativeStock: false },
    roles: members.map((m) => ({ email: m.email.toLowerCase(), role: normalizeRole(m.role) })),
  };
}

export interface BackupEnvelope {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  organizationName: string;
  createdAt: string;
  data: SettingsSnapshot;
}

export function envelopeOf(
  organizationName: string,
  createdAt: Date,
  data: SettingsSnapshot,
): BackupEnvelope {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    organizationName,
    createdAt: createdAt.toISOString(),
    data,
  };
}

/** The stored JSON (jsonb reorders keys) written back in the documented order, indented. */
export function fileText(stored: Record<string, unknown>): string {
  const { format, version, organizationName, createdAt, data, ...rest } = stored;
  return `${JSON.stringify({ format, version, organizationName, createdAt, data, ...rest }, null, 2)}\n`;
}
