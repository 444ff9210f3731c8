import { normalizeRole } from '@shared/auth/permissions.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import { organizationReadme } from './readme.ts';
import { organizationTables, type RegisteredTable } from '../../db/table-registry.ts';
import type { ZipWriter } from './zip-writer.ts';

async function* organizationPages(db: Db, target: RegisteredTable, orgId: string) {
  const where = repo.ofOrganization(target, orgId);
  let after: repo.Cursor | null = null;
  do {
    const page = await repo.tablePage(db, target, where, after);
    yield page.rows;
    after = page.next;
  } while (after);
}

/** What the archive will hold, known before it is written (for the audit entry and the file name). */
export async function organizationExportPlan({ db }: { db: Db }, { orgId }: { orgId: string }) {
  const org = await repo.findOrganization(db, orgId);
  if (!org) throw notFound();
  return { organization: org, tables: organizationTables().map((t) => t.name) };
}

/**
 * Writes all of an organization's data (GDPR art. 20, for its super admin): one JSON file per table that
 * has an organization_id column, discovered from the schema registry, read a page at a time.
 */
export async function writeOrganizationExport(
  { db }: { db: Db },
  { zip, ...input }: { zip: ZipWriter; orgId: string; locale: Locale; now?: Date },
): Promise<void> {
  const org = await repo.findOrganization(db, input.orgId);
  if (!org) throw notFound();
  const exportedAt = input.now ?? new Date();
  await zip.text('README.txt', organizationReadme({ name: org.name, exportedAt, locale: input.locale }));
  await zip.json('organization.json', org);
  const members = await repo.membersWithUsers(db, org.id);
  await zip.json(
    'members.json',
    members.map((m) => ({ ...m, role: normalizeRole(m.role) })),
  );
  const files: { table: string; file: string; rows: number }[] = [];
  for (const target of organizationTables()) {
    const file = `tables/${target.name}.json`;
    const rows = await zip.jsonArray(file, organizationPages(db, target, org.id));
    files.push({ table: target.name, file, rows });
  }
  await zip.json('manifest.json', {
    format: 'gestionale-organization-export',
    version: 1,
    exportedAt,
    organization: { id: org.id, name: org.name },
    files,
  });
}
