import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_EXPORT_TRUNCATED_HEADER,
  ZAuditExportQuery,
  ZAuditLogPage,
  ZAuditLogQuery,
  ZAuditUserList,
} from '@shared/security/audit-contracts.ts';
import { auditFromRequest } from '../../platform/audit.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { requireStepUp } from '../../platform/step-up.ts';
import type { SecurityModuleDeps } from './deps.ts';
import { exportAuditLog, listAuditLog, listAuditUsers } from './audit-service.ts';

/**
 * The organization's security audit log (issue 7): the list with filters and pages (view_audit_logs), the
 * members for the user filter, and the CSV export (export_audit_logs, after a recent step-up), itself audited.
 */
export const auditRoutes: FastifyPluginAsyncZod<SecurityModuleDeps> = async (app, deps) => {
  const tags = ['security'];

  app.get(
    '/api/v1/security/audit-logs',
    {
      config: { permissions: ['view_audit_logs'] },
      schema: {
        tags,
        summary:
          'Audit entries of the organization and the user-level entries of its members, newest first. ' +
          'from/to: YYYY-MM-DD days of the organization time zone (inclusive) or ISO instants',
        querystring: ZAuditLogQuery,
        response: { 200: ZAuditLogPage },
      },
    },
    async (request) => listAuditLog(deps, { ...scopeOf(request), query: request.query }),
  );

  app.get(
    '/api/v1/security/audit-logs/users',
    {
      config: { permissions: ['view_audit_logs'] },
      schema: {
        tags,
        summary: 'The organization members, for the user filter',
        response: { 200: ZAuditUserList },
      },
    },
    async (request) => ({ items: await listAuditUsers(deps, scopeOf(request)) }),
  );

  app.get(
    '/api/v1/security/audit-logs/export',
    {
      config: { permissions: ['view_audit_logs', 'export_audit_logs'] },
      preHandler: requireStepUp(deps.db, 'export_data'),
      schema: {
        tags,
        summary: `The filtered entries as CSV (newest ${AUDIT_EXPORT_LIMIT} at most), labels in the caller language`,
        querystring: ZAuditExportQuery,
        response: { 200: z.string().meta({ format: 'binary', description: 'CSV file' }) },
      },
    },
    async (request, reply) => {
      const { orgId } = scopeOf(request);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const file = await exportAuditLog(deps, { orgId, filters: request.query, locale });
      await auditFromRequest(deps.db, request, {
        action: 'audit_log_exported',
        organizationId: orgId,
        details: {
          rows: file.rows,
          truncated: file.truncated,
          filters: Object.fromEntries(Object.entries(request.query).filter(([, v]) => v !== undefined)),
        },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header(AUDIT_EXPORT_TRUNCATED_HEADER, String(file.truncated))
        .send(file.content);
    },
  );
};
