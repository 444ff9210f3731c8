import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLabelInput, ZMailLabel } from '@shared/mailbox/contracts.ts';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels-service.ts';
import { mailScope, uuidParam } from './messages-routes.ts';
import type { MailboxDeps } from './messages-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** /api/v1/mail/labels: the user's labels with colours; deleting one takes it off every message. */
export const labelRoutes: FastifyPluginAsyncZod<MailboxDeps> = async (app, deps) => {
  const tags = ['mail'];

  app.get(
    '/api/v1/mail/labels',
    { schema: { tags, summary: 'The labels, by name', response: { 200: z.array(ZMailLabel) } } },
    async (request) => listLabels(deps, mailScope(request)),
  );

  app.post(
    '/api/v1/mail/labels',
    { schema: { tags, summary: 'A new label', body: ZLabelInput, response: { 201: ZMailLabel } } },
    async (request, reply) => {
      const label = await createLabel(deps, { ...mailScope(request), body: request.body });
      return reply.status(201).send(label);
    },
  );

  app.patch(
    '/api/v1/mail/labels/:id',
    {
      schema: {
        tags,
        summary: 'Rename or recolour a label',
        params: ZIdParams,
        body: ZLabelInput.partial(),
        response: { 200: ZMailLabel },
      },
    },
    async (request) =>
      updateLabel(deps, { ...mailScope(request), id: uuidParam(request.params), body: request.body }),
  );

  app.delete(
    '/api/v1/mail/labels/:id',
    {
      schema: {
        tags,
        summary: 'Delete a label: it leaves every message that had it',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteLabel(deps, { ...mailScope(request), id: uuidParam(request.params) });
      return reply.status(204).send(null);
    },
  );
};
