import { z } from 'zod';
import { isIsoDate } from '../imports/dates.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import { AUDIT_ACTION_NAMES, AUDIT_SEVERITIES } from './audit.ts';

/**
 * The audit log screen and its CSV export (email-client spec §3 "security audit log"; issue 7).
 *
 * Date range: `from` and `to` are either calendar days (`YYYY-MM-DD`), read in the organization's time zone
 * (organization_settings.time_zone, Europe/Rome by default) and both inclusive — `to=2026-03-05` covers that
 * whole day until midnight in that zone — or full ISO instants with an offset (`2026-03-05T10:00:00Z`), used as
 * they are (`from` inclusive, `to` exclusive).
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isAuditDateBound(value: string): boolean {
  return isIsoDate(value) || (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)));
}

const blankToUndefined = (v: string | undefined) => v || undefined;

const dateBound = z
  .string()
  .trim()
  .refine((v) => v === '' || isAuditDateBound(v), { error: 'Expected YYYY-MM-DD or an ISO date-time' })
  .optional()
  .transform(blankToUndefined);

/** The filters shared by the list and the export. Empty strings (an unset select) mean "any". */
export const ZAuditLogFilters = z.object({
  userId: z.string().trim().max(64).optional().transform(blankToUndefined),
  action: z
    .union([z.literal(''), z.enum(AUDIT_ACTION_NAMES)])
    .optional()
    .transform((v) => v || undefined),
  severity: z
    .union([z.literal(''), z.enum(AUDIT_SEVERITIES)])
    .optional()
    .transform((v) => v || undefined),
  from: dateBound,
  to: dateBound,
});
export type TAuditLogFilters = z.output<typeof ZAuditLogFilters>;

/** `GET /api/v1/security/audit-logs?userId=&action=&severity=&from=&to=&page=&pageSize=`, newest first. */
export const ZAuditLogQuery = zPageQuery(20, 100).extend(ZAuditLogFilters.shape);
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;
export type TAuditLogQueryInput = z.input<typeof ZAuditLogQuery>;

export const ZAuditExportQuery = ZAuditLogFilters;
export type TAuditExportQuery = z.output<typeof ZAuditExportQuery>;

/** The export holds at most this many entries (the newest); the answer says when it was cut. */
export const AUDIT_EXPORT_LIMIT = 10_000;
/** Header of an export that reached AUDIT_EXPORT_LIMIT. */
export const AUDIT_EXPORT_TRUNCATED_HEADER = 'x-export-truncated';

export const ZAuditPerson = z.object({
  id: z.string().nullable(),
  email: z.string().nullable(),
  /** The account's current name; null when the account no longer exists. */
  name: z.string().nullable(),
});
export type TAuditPerson = z.output<typeof ZAuditPerson>;

export const ZAuditLogEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** One of AUDIT_ACTIONS; kept as text so entries of a future version still show. */
  action: z.string(),
  severity: z.enum(AUDIT_SEVERITIES),
  user: ZAuditPerson.nullable(),
  targetUser: ZAuditPerson.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** False for the user-level events of a member (sign-in, two-factor, sessions). */
  organizationLevel: z.boolean(),
});
export type TAuditLogEntry = z.output<typeof ZAuditLogEntry>;

export const ZAuditLogPage = zPage(ZAuditLogEntry).extend({
  /** The zone the day filters are read in and the screen shows times in. */
  timeZone: z.string(),
});
export type TAuditLogPage = z.output<typeof ZAuditLogPage>;

/** The user filter's choices: the organization's current members. */
export const ZAuditUserList = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type TAuditUserList = z.output<typeof ZAuditUserList>;
