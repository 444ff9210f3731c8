import { isIsoDate } from '@shared/imports/dates.ts';
import { addDays, zonedToUtc } from '@shared/dates/dates.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import {
  AUDIT_EXPORT_LIMIT,
  type TAuditLogEntry,
  type TAuditLogFilters,
  type TAuditLogPage,
  type TAuditLogQuery,
} from '@shared/security/audit-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { organizationTimeZone } from '../organizations/index.ts';
import { auditCsv, auditCsvFileName } from './audit-csv.ts';
import * as repo from './audit-repository.ts';

/**
 * Days (`YYYY-MM-DD`) are days of the organization's calendar: `from` starts at its midnight, `to` ends at the
 * next midnight (inclusive day). Full ISO instants are taken as they are.
 */
export function boundsOf(filters: TAuditLogFilters, timeZone: string): repo.AuditWhere {
  const fromInclusive = filters.from
    ? isIsoDate(filters.from)
      ? zonedToUtc(filters.from, '00:00', timeZone)
      : new Date(filters.from)
    : undefined;
  const toExclusive = filters.to
    ? isIsoDate(filters.to)
      ? zonedToUtc(addDays(filters.to, 1), '00:00', timeZone)
      : new Date(filters.to)
    : undefined;
  return {
    userId: filters.userId,
    action: filters.action,
    severity: filters.severity,
    fromInclusive,
    toExclusive,
  };
}

function toEntry(row: repo.AuditRow): TAuditLogEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    severity: row.severity,
    user:
      row.userId || row.userEmail
        ? { id: row.userId, email: row.userEmail ?? row.userCurrentEmail, name: row.userName }
        : null,
    targetUser: row.targetUserId
      ? { id: row.targetUserId, email: row.targetEmail, name: row.targetName }
      : null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    details: row.details ?? {},
    organizationLevel: row.organizationId !== null,
  };
}

export async function listAuditLog(
  { db }: { db: Db },
  { orgId, query }: { orgId: string; query: TAuditLogQuery },
): Promise<TAuditLogPage> {
  const timeZone = await organizationTimeZone(db, orgId);
  const where = boundsOf(query, timeZone);
  const [rows, total] = await Promise.all([
    repo.listAuditLogs(db, orgId, where, toLimitOffset(query)),
    repo.countAuditLogs(db, orgId, where),
  ]);
  return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize, timeZone };
}

export interface AuditExport {
  fileName: string;
  content: string;
  rows: number;
  /** More entries matched than AUDIT_EXPORT_LIMIT: the file holds the newest ones. */
  truncated: boolean;
}

/** The entries matching the filters, newest first, at most AUDIT_EXPORT_LIMIT of them. */
export async function exportAuditLog(
  { db }: { db: Db },
  {
    orgId,
    filters,
    locale,
    now = new Date(),
  }: { orgId: string; filters: TAuditLogFilters; locale: Locale; now?: Date },
): Promise<AuditExport> {
  const timeZone = await organizationTimeZone(db, orgId);
  const rows = await repo.listAuditLogs(db, orgId, boundsOf(filters, timeZone), {
    limit: AUDIT_EXPORT_LIMIT + 1,
    offset: 0,
  });
  const truncated = rows.length > AUDIT_EXPORT_LIMIT;
  const entries = rows.slice(0, AUDIT_EXPORT_LIMIT).map(toEntry);
  return {
    fileName: auditCsvFileName(locale, now, timeZone),
    content: auditCsv(entries, locale, timeZone),
    rows: entries.length,
    truncated,
  };
}

export async function listAuditUsers({ db }: { db: Db }, { orgId }: { orgId: string }) {
  return repo.listMembers(db, orgId);
}
