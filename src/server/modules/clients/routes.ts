import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import { ZClient, ZClientInput, ZClientListQuery, ZClientPage } from '@shared/clients/contracts.ts';
import {
  CLIENT_IMPORT_MAX_ROWS,
  ZClientExportQuery,
  ZClientImportRequest,
  ZClientImportResult,
} from '@shared/clients/import-export.ts';
import { ZClientTimeline, ZClientTimelineQuery } from '@shared/clients/timeline.ts';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errorHandler } from '../../platform/errors.ts';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  createClient,
  deleteClient,
  exportClients,
  getClient,
  getClientTimeline,
  importClients,
  listClients,
  setClientArchived,
  updateClient,
} from './service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** An id that is not a UUID cannot name a client: 404, as for another organization's id. */
function clientId(params: { id: string }): string {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id;
}

/** About 1.5 KB of JSON per mapped row: 10,000 rows fit. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const ZFile = z.string().meta({ format: 'binary', description: 'CSV (text/csv) or XLSX file' });

/**
 * /api/v1/clients: list with typo-tolerant search, detail, create, update, archive/restore, delete (IN_USE when
 * referenced), timeline, import of mapped rows and export. Reading needs view_financial_data, writing
 * manage_financial_data, exporting export_financial_data.
 */
export const clientRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  // Duplicate answers carry field details like validation errors: give them the same translated text + key.
  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError && err.code === 'ALREADY_EXISTS' && Array.isArray(err.details)) {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const details = (err.details as { path: string; message: string }[]).map((d) => ({
        path: d.path,
        key: d.message,
        message: fieldMessage(d.message, locale) ?? d.message,
      }));
      return errorHandler(new AppError('ALREADY_EXISTS', details), request, reply);
    }
    return errorHandler(err as Error, request, reply);
  });

  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['clients'];

  app.get(
    '/api/v1/clients',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Clients, 10 per page: typo-tolerant search (q) over name, company, e-mail, P.IVA and city; sort; filters',
        querystring: ZClientListQuery,
        response: { 200: ZClientPage },
      },
    },
    async (request) => listClients(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/clients/export',
    {
      config: { permissions: ['view_financial_data', 'export_financial_data'] },
      schema: {
        tags,
        summary:
          'The filtered list as a CSV (";" for Italian readers) or XLSX file with headers in the reader language',
        querystring: ZClientExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const file = await exportClients(deps, {
        orgId: scopeOf(request).orgId,
        query: request.query,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
        today: new Date().toISOString().slice(0, 10),
      });
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-total-count', String(file.count))
          // Strings and buffers bypass the serializer; the schema only documents the file.
          .send(file.body as unknown as string)
      );
    },
  );

  app.post(
    '/api/v1/clients/import',
    {
      config: write,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: `Validate (dryRun) or import up to ${CLIENT_IMPORT_MAX_ROWS} mapped rows; duplicates are skipped`,
        body: ZClientImportRequest,
        response: { 200: ZClientImportResult },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return importClients(deps, {
        orgId,
        userId,
        request: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      });
    },
  );

  app.get(
    '/api/v1/clients/:id',
    {
      config: read,
      schema: { tags, summary: 'One client', params: ZIdParams, response: { 200: ZClient } },
    },
    async (request) => getClient(deps, { orgId: scopeOf(request).orgId, id: clientId(request.params) }),
  );

  app.get(
    '/api/v1/clients/:id/timeline',
    {
      config: read,
      schema: {
        tags,
        summary:
          'What happened with the client, newest first (transactions now; quotes, invoices, events, mail later)',
        params: ZIdParams,
        querystring: ZClientTimelineQuery,
        response: { 200: ZClientTimeline },
      },
    },
    async (request) =>
      getClientTimeline(deps, {
        orgId: scopeOf(request).orgId,
        userId: scopeOf(request).userId,
        id: clientId(request.params),
        limit: request.query.limit,
      }),
  );

  app.post(
    '/api/v1/clients',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Create a client (409 ALREADY_EXISTS when the P.IVA or e-mail is taken); an Idempotency-Key header makes a repeat answer the first client',
        body: ZClientInput,
        response: { 201: ZClient },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      // Sent again with the same Idempotency-Key (the offline queue's replay), it answers the first client.
      const answer = await idempotent(
        deps.db,
        { orgId, userId, kind: 'clients.create', key: idempotencyKeyOf(request) },
        async () => ({
          status: 201,
          body: await createClient(deps, { orgId, userId, values: request.body }),
        }),
      );
      return reply.status(201).send(answer.body);
    },
  );

  app.put(
    '/api/v1/clients/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Replace the fields of a client (the edit form sends them all)',
        params: ZIdParams,
        body: ZClientInput,
        response: { 200: ZClient },
      },
    },
    async (request) =>
      updateClient(deps, {
        orgId: scopeOf(request).orgId,
        id: clientId(request.params),
        values: request.body,
      }),
  );

  app.post(
    '/api/v1/clients/:id/archive',
    {
      config: write,
      schema: { tags, summary: 'Archive a client', params: ZIdParams, response: { 200: ZClient } },
    },
    async (request) =>
      setClientArchived(deps, {
        orgId: scopeOf(request).orgId,
        id: clientId(request.params),
        archived: true,
      }),
  );

  app.post(
    '/api/v1/clients/:id/restore',
    {
      config: write,
      schema: { tags, summary: 'Restore an archived client', params: ZIdParams, response: { 200: ZClient } },
    },
    async (request) =>
      setClientArchived(deps, {
        orgId: scopeOf(request).orgId,
        id: clientId(request.params),
        archived: false,
      }),
  );

  app.delete(
    '/api/v1/clients/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a client (409 IN_USE when transactions or documents name it: archive it instead)',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteClient(deps, { orgId: scopeOf(request).orgId, id: clientId(request.params) });
      return reply.status(204).send(null);
    },
  );
};
