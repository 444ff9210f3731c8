import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadAttachment } from './attachments-service.ts';
import { mailScope, uuidParam } from './messages-routes.ts';
import type { MailboxDeps } from './messages-service.ts';

const ZFile = z.string().meta({ format: 'binary', description: 'The attachment as stored' });

/** /api/v1/mail/attachments/:id: download; `?inline=1` shows images and PDF in a sandbox. */
export const attachmentRoutes: FastifyPluginAsyncZod<MailboxDeps> = async (app, deps) => {
  app.get(
    '/api/v1/mail/attachments/:id',
    {
      schema: {
        tags: ['mail'],
        summary:
          'Download an attachment (Content-Disposition: attachment); ?inline=1 shows images and PDF with CSP sandbox and nosniff',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ inline: z.enum(['0', '1']).optional() }),
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const file = await downloadAttachment(deps, {
        ...mailScope(request),
        id: uuidParam(request.params),
        inline: request.query.inline === '1',
      });
      for (const [name, value] of Object.entries(file.headers)) reply.header(name, value);
      // Buffers bypass the serializer; the schema only documents the file.
      return reply.send(file.body as unknown as string);
    },
  );
};
