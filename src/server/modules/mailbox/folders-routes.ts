import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFolderInput, ZMailFolder, type TMailboxOverview } from '@shared/mailbox/contracts.ts';
import {
  createFolder,
  deleteFolder,
  mailboxOverview,
  updateFolder,
  type FolderDeps,
} from './folders-service.ts';
import { mailScope, uuidParam } from './messages-routes.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** /api/v1/mail/folders: the folder pane (accounts, folders with counts, labels) and custom folders. */
export const folderRoutes: FastifyPluginAsyncZod<FolderDeps> = async (app, deps) => {
  const tags = ['mail'];

  app.get(
    '/api/v1/mail/folders',
    {
      schema: {
        tags,
        summary: "The accounts' sync state, every folder with unread and total counts, the labels",
        response: { 200: z.custom<TMailboxOverview>() },
      },
    },
    async (request) => mailboxOverview(deps, mailScope(request)),
  );

  app.post(
    '/api/v1/mail/folders',
    {
      schema: {
        tags,
        summary:
          'A custom folder (nested with parentId, colour); on an IMAP account it is made on the server too',
        body: ZFolderInput,
        response: { 201: ZMailFolder },
      },
    },
    async (request, reply) => {
      const folder = await createFolder(deps, { ...mailScope(request), body: request.body });
      return reply.status(201).send(folder);
    },
  );

  app.patch(
    '/api/v1/mail/folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename, recolour or move a folder (system folders: colour only)',
        params: ZIdParams,
        body: ZFolderInput.partial(),
        response: { 200: ZMailFolder },
      },
    },
    async (request) =>
      updateFolder(deps, { ...mailScope(request), id: uuidParam(request.params), body: request.body }),
  );

  app.delete(
    '/api/v1/mail/folders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a custom folder (and those under it): its mail moves to the Inbox',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFolder(deps, { ...mailScope(request), id: uuidParam(request.params) });
      return reply.status(204).send(null);
    },
  );
};
