import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { userOf } from '../../platform/request-context.ts';
import { notifyUser } from './service.ts';

const TEXT = {
  it: { title: 'Notifica di prova', message: 'Le notifiche in tempo reale funzionano.' },
  en: { title: 'Test notification', message: 'Live notifications are working.' },
};

export const notificationRoutes: FastifyPluginAsyncZod<{ hub: RealtimeHub }> = async (app, { hub }) => {
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
      const text = TEXT[localeFromAcceptLanguage(request.headers['accept-language'])];
      const n = await notifyUser(hub, user.id, { type: 'info', ...text, data: { url: '/settings' } });
      return reply.status(202).send({ id: n.id });
    },
  );
};
