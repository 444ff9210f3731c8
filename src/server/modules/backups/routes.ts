import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BACKUP_MAX_BYTES,
  ZBackupPage,
  ZBackupPreview,
  ZBackupRestoreResult,
  ZBackupSource,
  ZBackupSummary,
} from '@shared/backups/contracts.ts';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { zPageQuery } from '@shared/pagination/pagination.ts';
import { originOf } from '../../platform/audit.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { requireStepUp } from '../../platform/step-up.ts';
import type { SecurityModuleDeps } from '../security/deps.ts';
import {
  createBackup,
  downloadBackup,
  listBackups,
  previewRestore,
  restoreBackup,
  type Origin,
} from './service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });
/** The file travels as text inside JSON: its own quotes and escapes take some room. */
const BODY_LIMIT = BACKUP_MAX_BYTES * 2;

function originOfRequest(request: FastifyRequest): Origin {
  return { userId: request.user?.id ?? null, userEmail: request.user?.email ?? null, ...originOf(request) };
}

/**
 * /api/v1/settings/backups (issue 7): snapshots of the organization's settings (business profile, invoicing
 * settings, e-mail templates, preferences, members' roles; no logo or other files), their download as JSON, and
 * the restore of a file or a stored snapshot: a preview of the changes first, then the restore itself in one
 * transaction after a recent step-up, preceded by a snapshot that undoes it.
 */
export const settingsBackupRoutes: FastifyPluginAsyncZod<SecurityModuleDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['settings'];
  const backup = { permissions: ['backup_settings'] } as const;
  const restore = { permissions: ['restore_settings'] } as const;

  app.get(
    '/api/v1/settings/backups',
    {
      config: backup,
      schema: {
        tags,
        summary: 'Backups and pre-restore snapshots, newest first',
        querystring: zPageQuery(10, 100),
        response: { 200: ZBackupPage },
      },
    },
    async (request) => listBackups(deps, { ...scopeOf(request), query: request.query }),
  );

  app.post(
    '/api/v1/settings/backups',
    {
      config: backup,
      schema: {
        tags,
        summary: "Snapshot the organization's settings",
        response: { 201: ZBackupSummary },
      },
    },
    async (request, reply) => {
      const created = await createBackup(deps, { ...scopeOf(request), origin: originOfRequest(request) });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/settings/backups/:id/download',
    {
      config: backup,
      schema: {
        tags,
        summary: 'The backup as a JSON file ({ format, version, organizationName, createdAt, data })',
        params: ZIdParams,
        response: { 200: z.string().meta({ format: 'binary', description: 'JSON file' }) },
      },
    },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const file = await downloadBackup(deps, { ...scopeOf(request), id: request.params.id, locale });
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  app.post(
    '/api/v1/settings/backups/preview',
    {
      config: restore,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Validate a backup (file text or stored id) and list the changes a restore would make',
        body: ZBackupSource,
        response: { 200: ZBackupPreview },
      },
    },
    async (request) =>
      previewRestore(deps, {
        ...scopeOf(request),
        source: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      }),
  );

  app.post(
    '/api/v1/settings/backups/restore',
    {
      config: restore,
      bodyLimit: BODY_LIMIT,
      preHandler: requireStepUp(db, 'restore_settings'),
      schema: {
        tags,
        summary: 'Apply a backup in one transaction, after storing a snapshot that undoes it',
        body: ZBackupSource,
        response: { 200: ZBackupRestoreResult },
      },
    },
    async (request) =>
      restoreBackup(deps, {
        ...scopeOf(request),
        source: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
        origin: originOfRequest(request),
      }),
  );
};
