import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { requestAccountSync, stopAccountSync, type SyncRouteDeps } from './sync/sync-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });
const idOf = (params: { id: string }) => {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id;
};

/** /api/v1/mail/accounts/:id/sync: sync now, and stop a running sync. The account must be the caller's own. */
export const mailSyncRoutes: FastifyPluginAsyncZod<SyncRouteDeps> = async (app, deps) => {
  const tags = ['mail'];

  app.post(
    '/api/v1/mail/accounts/:id/sync',
    {
      schema: {
        tags,
        summary: 'Sync the account now (the sync runs in the background; progress on the mail live channel)',
        params: ZIdParams,
        response: { 202: z.object({ accountId: z.string(), status: z.literal('queued') }) },
      },
    },
    async (request, reply) => {
      const accountId = idOf(request.params);
      await requestAccountSync(deps, { ...scopeOf(request), accountId });
      return reply.status(202).send({ accountId, status: 'queued' as const });
    },
  );

  app.post(
    '/api/v1/mail/accounts/:id/sync/stop',
    {
      schema: {
        tags,
        summary: 'Stop the running sync of the account (409 MAIL_SYNC_NOT_RUNNING when none runs)',
        params: ZIdParams,
        response: { 200: z.object({ accountId: z.string(), status: z.literal('stopping') }) },
      },
    },
    async (request) => {
      const accountId = idOf(request.params);
      await stopAccountSync(deps, { ...scopeOf(request), accountId });
      return { accountId, status: 'stopping' as const };
    },
  );
};
