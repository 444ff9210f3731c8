import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailDelivery } from '@shared/mail/outbox.ts';
import { ZComposeInput, ZComposeResult, ZRescheduleInput } from '@shared/mailbox/compose.ts';
import { cancelSend, reschedule, sendComposed, type ComposeDeps } from './compose-service.ts';
import { mailScope, uuidParam } from './messages-routes.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** Sends per minute from one address: a person writes far fewer; a runaway script is stopped. */
const SEND_RATE = { max: 60, timeWindow: 60_000 };

/**
 * POST /api/v1/mail/send (issue 16, spec §5): the signed-in member's own mail, from one of their accounts or the
 * organization's sender. The answer is the copy in Sent and its true state: queued (an account or the
 * installation's SMTP will send it), or stored (no mail server: kept in the app, nothing left the machine).
 */
export const composeRoutes: FastifyPluginAsyncZod<ComposeDeps> = async (app, deps) => {
  app.post(
    '/api/v1/mail/send',
    {
      config: { rateLimit: SEND_RATE },
      schema: {
        tags: ['mail'],
        summary: 'Send a message composed in the mailbox (INVALID_EMAIL_DATA lists what is missing)',
        body: ZComposeInput,
        response: { 202: ZComposeResult },
      },
    },
    async (request, reply) => {
      const result = await sendComposed(deps, mailScope(request), request.body);
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/api/v1/mail/outbox/:id/cancel',
    {
      schema: {
        tags: ['mail'],
        summary: '"Undo" a message just sent, or cancel a scheduled one: it and its copy in Sent are removed',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelSend(deps, mailScope(request), uuidParam(request.params));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/v1/mail/outbox/:id/send-at',
    {
      schema: {
        tags: ['mail'],
        summary: 'Another time for a scheduled message (a day and time in the organization’s time zone)',
        params: ZIdParams,
        body: ZRescheduleInput,
        response: { 200: ZMailDelivery },
      },
    },
    async (request) => reschedule(deps, mailScope(request), uuidParam(request.params), request.body),
  );
};
