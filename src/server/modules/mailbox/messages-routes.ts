import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import {
  ZMessageActionInput,
  ZMessageClientInput,
  ZMessageListQuery,
  ZMessagePage,
  type TMailThread,
  type TMessage,
  type TMessageActionResult,
} from '@shared/mailbox/contracts.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  applyAction,
  getMessage,
  getThread,
  linkClient,
  listMessages,
  type MailboxDeps,
} from './messages-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** An id that is not a UUID cannot name a message: 404, as for another user's id. */
export function uuidParam(params: { id: string }): string {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id;
}

/** The mail of the signed-in user: scope is organization AND user (another member, an admin too, gets 404). */
export function mailScope(request: Parameters<typeof scopeOf>[0]) {
  const { orgId, userId } = scopeOf(request);
  return { orgId, userId };
}

const ZMessage = z.custom<TMessage>();

/**
 * /api/v1/mail/messages and /mail/threads: the list (a folder or a view, filters, search, conversations), the
 * message, its conversation, the spec §4 actions and the client link. Any member may read their own mail.
 */
export const messageRoutes: FastifyPluginAsyncZod<MailboxDeps> = async (app, deps) => {
  const tags = ['mail'];

  app.get(
    '/api/v1/mail/messages',
    {
      schema: {
        tags,
        summary:
          'A page of 50, newest first: a folder or a view (inbox, starred, all), spec §2 filters, full-text and address search (q) with highlights, conversations or single messages',
        querystring: ZMessageListQuery,
        response: { 200: ZMessagePage },
      },
    },
    async (request) => listMessages(deps, { ...mailScope(request), query: request.query }),
  );

  app.post(
    '/api/v1/mail/messages/actions',
    {
      schema: {
        tags,
        summary:
          'Read/unread, star, important, confidential, label/unlabel, move, trash, permanent delete on up to 500 messages; IMAP changes are queued',
        body: ZMessageActionInput,
        response: { 200: z.custom<TMessageActionResult>() },
      },
    },
    async (request) => applyAction(deps, { ...mailScope(request), body: request.body }),
  );

  app.get(
    '/api/v1/mail/messages/:id',
    {
      schema: {
        tags,
        summary:
          'The whole message (sanitized HTML, attachments, invitations, related documents, security analysis)',
        params: ZIdParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => getMessage(deps, { ...mailScope(request), id: uuidParam(request.params) }),
  );

  app.put(
    '/api/v1/mail/messages/:id/client',
    {
      schema: {
        tags,
        summary: 'Link the message to a client by hand, or unlink it (null)',
        params: ZIdParams,
        body: ZMessageClientInput,
        response: { 200: ZMessage },
      },
    },
    async (request) =>
      linkClient(deps, {
        ...mailScope(request),
        id: uuidParam(request.params),
        clientId: request.body.clientId,
      }),
  );

  app.get(
    '/api/v1/mail/threads/:threadId',
    {
      schema: {
        tags,
        summary:
          "A conversation (by its thread id, or by the id of one of its messages), oldest first, one's own replies in Sent included",
        params: z.object({ threadId: z.string().min(1).max(1000) }),
        response: { 200: z.custom<TMailThread>() },
      },
    },
    async (request) => getThread(deps, { ...mailScope(request), threadId: request.params.threadId }),
  );
};
