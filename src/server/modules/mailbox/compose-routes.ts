import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMailDelivery } from '@shared/mail/outbox.ts';
import {
  ZRecipientQuery,
  ZRecipientSuggestion,
  MAIL_ATTACHMENTS_MAX_BYTES,
  ZCancelResult,
  ZComposeInput,
  ZComposeResult,
  ZRescheduleInput,
  ZUploadResult,
} from '@shared/mailbox/compose.ts';
import { AppError } from '../../platform/errors.ts';
import { removeUpload, storeUpload } from './compose-attachments.ts';
import {
  cancelSend,
  reschedule,
  sendComposed,
  suggestRecipients,
  type ComposeDeps,
} from './compose-service.ts';
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
  // A file for the composer arrives as the raw body; a little over the limit is read to say ATTACHMENT_TOO_LARGE.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAIL_ATTACHMENTS_MAX_BYTES + 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/mail/uploads',
    {
      config: { rateLimit: SEND_RATE },
      schema: {
        tags: ['mail'],
        summary:
          'A file for the composer (raw body, application/octet-stream); named when the message is sent',
        body: z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ format: 'binary' }),
        response: { 201: ZUploadResult },
      },
    },
    async (request, reply) => {
      const result = await storeUpload(deps, mailScope(request), request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/v1/mail/recipients',
    {
      schema: {
        tags: ['mail'],
        summary:
          "Recipients for the composer: the organization's clients, then the user's past correspondents",
        querystring: ZRecipientQuery,
        response: { 200: z.object({ items: z.array(ZRecipientSuggestion) }) },
      },
    },
    async (request) => ({ items: await suggestRecipients(deps, mailScope(request), request.query.q) }),
  );

  app.delete(
    '/api/v1/mail/uploads/:id',
    {
      schema: {
        tags: ['mail'],
        summary: 'Removes a file uploaded for the composer and not sent',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeUpload(deps, mailScope(request), uuidParam(request.params));
      return reply.status(204).send(null);
    },
  );

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
      // Documents of the app are financial data: attaching them needs the right to read it.
      const template = request.body.template;
      const readsDocuments =
        request.body.documents.length > 0 || !!template?.invoiceId || !!template?.quoteId;
      if (readsDocuments && !request.org?.permissions.includes('view_financial_data'))
        throw new AppError('FORBIDDEN');
      const result = await sendComposed(deps, mailScope(request), request.body);
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/api/v1/mail/outbox/:id/cancel',
    {
      schema: {
        tags: ['mail'],
        summary:
          '"Undo" a message just sent, or cancel a scheduled one: it and its copy in Sent are removed, its files uploaded again',
        params: ZIdParams,
        response: { 200: ZCancelResult },
      },
    },
    async (request) => cancelSend(deps, mailScope(request), uuidParam(request.params)),
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
