import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSdiSendRequest, ZSdiState } from '@shared/invoicing/sdi.ts';
import { scopeOf } from '../../../platform/request-context.ts';
import { invoiceNotFound } from '../document.ts';
import { isUuid } from '@shared/ids/uuid.ts';
import { markTransmissionSent } from './repository.ts';
import { sdiNotificationFile, sdiState, sendToSdi, type SdiDeps } from './service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

function invoiceId(id: string): string {
  if (!isUuid(id)) throw invoiceNotFound(id);
  return id;
}

/**
 * The SDI exchange of an invoice (issue 16): its state and history, "Send to SDI" from one of the user's PEC
 * accounts, and each notification's file. Reading needs view_financial_data, sending manage_financial_data.
 */
export const sdiRoutes: FastifyPluginAsyncZod<SdiDeps> = async (app, deps) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['invoices'];
  // The PEC message left: the transmission remembers it (its outbox row may go with its account later).
  deps.mail.onDelivered((outboxId) => markTransmissionSent(deps.db, outboxId));

  app.get(
    '/api/v1/invoices/:id/sdi',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZSdiState } } },
    async (request) => sdiState(deps, scopeOf(request), invoiceId(request.params.id)),
  );

  app.post(
    '/api/v1/invoices/:id/sdi',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send the FatturaPA file to the SDI by PEC (checked against the official schema first)',
        params: ZIdParams,
        body: ZSdiSendRequest,
        response: { 200: ZSdiState },
      },
    },
    async (request) =>
      sendToSdi(deps, scopeOf(request), {
        invoiceId: invoiceId(request.params.id),
        accountId: request.body.accountId,
      }),
  );

  app.get(
    '/api/v1/invoices/:id/sdi/notifications/:notificationId',
    {
      config: read,
      schema: {
        tags,
        params: ZIdParams.extend({ notificationId: z.uuid() }),
        response: { 200: z.string().meta({ format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await sdiNotificationFile(
        deps,
        scopeOf(request),
        invoiceId(request.params.id),
        request.params.notificationId,
      );
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.xml);
    },
  );
};
