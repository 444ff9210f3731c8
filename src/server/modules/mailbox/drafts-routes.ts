import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDraft, ZDraftInput, ZDraftSaved } from '@shared/mailbox/drafts.ts';
import { discardDraft, draftOfMessage, getDraft, saveDraft, type DraftDeps } from './drafts-service.ts';
import { mailScope, uuidParam } from './messages-routes.ts';

const ZIdParams = z.object({ id: z.string().max(64) });
const ZMessageParams = z.object({ messageId: z.string().max(64) });

/** Saves come every couple of seconds while someone types: well under this. */
const SAVE_RATE = { max: 240, timeWindow: 60_000 };

/**
 * /api/v1/mail/drafts (issue 16): the message being written, kept on the server as it changes, listed in the Drafts
 * folder and appended to the account's IMAP Drafts folder. The signed-in member's own only: another user's draft
 * id answers 404.
 */
export const draftRoutes: FastifyPluginAsyncZod<DraftDeps> = async (app, deps) => {
  app.put(
    '/api/v1/mail/drafts/:id',
    {
      config: { rateLimit: SAVE_RATE },
      schema: {
        tags: ['mail'],
        summary:
          'Saves a draft under the id the composer made (a repeated save changes the same draft); its copy goes to the Drafts folder',
        params: ZIdParams,
        body: ZDraftInput,
        response: { 200: ZDraftSaved },
      },
    },
    async (request) => saveDraft(deps, mailScope(request), uuidParam(request.params), request.body),
  );

  app.get(
    '/api/v1/mail/drafts/by-message/:messageId',
    {
      schema: {
        tags: ['mail'],
        summary:
          'The draft a message of a Drafts folder is the copy of (made from the message when it came from another client)',
        params: ZMessageParams,
        response: { 200: ZDraft },
      },
    },
    async (request) => draftOfMessage(deps, mailScope(request), uuidParam({ id: request.params.messageId })),
  );

  app.get(
    '/api/v1/mail/drafts/:id',
    {
      schema: {
        tags: ['mail'],
        summary: 'One of the user’s drafts',
        params: ZIdParams,
        response: { 200: ZDraft },
      },
    },
    async (request) => getDraft(deps, mailScope(request), uuidParam(request.params)),
  );

  app.delete(
    '/api/v1/mail/drafts/:id',
    {
      schema: {
        tags: ['mail'],
        summary:
          'Discards a draft: it, its copy in Drafts (and on the IMAP server) and its uploaded files go',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await discardDraft(deps, mailScope(request), uuidParam(request.params));
      return reply.status(204).send(null);
    },
  );
};
