import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { catalogueText } from '@shared/i18n/texts.ts';
import { MAX_NOTIFICATIONS } from '@shared/notifications/rules.ts';
import { ZNotification } from '@shared/realtime/messages.ts';
import type { Db } from '../../platform/db.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { userOf } from '../../platform/request-context.ts';
import * as repo from './repository.ts';
import { listNotifications, notifyUser } from './service.ts';

const ZIds = z.object({ ids: z.array(z.uuid()).min(1).max(MAX_NOTIFICATIONS) });

/**
 * The bell's notifications, kept on the server: the caller's own and those of the active organization.
 * Reading and removing act on the caller's copy only.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db; hub: RealtimeHub }> = async (app, deps) => {
  const scopeOf = (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    return { userId: user.id, organizationId: user.activeOrganizationId };
  };

  app.get(
    '/api/v1/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'The 50 most recent notifications of the caller in the active organization, newest first',
        response: { 200: z.object({ items: z.array(ZNotification) }) },
      },
    },
    async (request) => ({ items: await listNotifications(deps, scopeOf(request)) }),
  );

  app.post(
    '/api/v1/notifications/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks the given notifications read',
        body: ZIds,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await repo.markRead(deps.db, scope.userId, scope.organizationId, request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks every notification read',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await repo.markRead(deps.db, scope.userId, scope.organizationId, 'all');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/remove',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Removes the given notifications from the caller’s bell',
        body: ZIds,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await repo.remove(deps.db, scope.userId, scope.organizationId, request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/clear',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], summary: 'Removes every notification', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await repo.remove(deps.db, scope.userId, scope.organizationId, 'all');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/notifications/test',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Push a test notification to the caller over the live channel',
        response: { 202: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const text = {
        title: catalogueText('notifications', 'sent.test.title', locale),
        message: catalogueText('notifications', 'sent.test.message', locale),
      };
      const n = await notifyUser(deps, {
        userId: user.id,
        type: 'info',
        ...text,
        data: { url: '/settings' },
      });
      return reply.status(202).send({ id: n.id });
    },
  );
};
