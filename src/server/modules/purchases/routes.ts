import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZPurchaseInvoice,
  ZPurchaseInvoicePage,
  ZPurchaseInvoiceQuery,
  ZPurchasePaymentInput,
} from '@shared/purchases/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import type { FileStore } from '../../platform/storage.ts';
import {
  getPurchaseInvoice,
  listPurchaseInvoices,
  payPurchaseInvoice,
  purchaseInvoiceFile,
} from './service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/**
 * Invoices received from suppliers (issue 16): the list, one invoice, its file as received, and its payments
 * ("mark as paid", which puts the expense in the ledger).
 */
export const purchaseRoutes: FastifyPluginAsyncZod<{ db: Db; files: FileStore }> = async (app, deps) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const manage = { permissions: ['manage_financial_data'] } as const;
  const tags = ['purchases'];

  app.get(
    '/api/v1/purchase-invoices',
    {
      config: read,
      schema: { tags, querystring: ZPurchaseInvoiceQuery, response: { 200: ZPurchaseInvoicePage } },
    },
    async (request) => listPurchaseInvoices(deps, scopeOf(request).orgId, request.query),
  );

  app.get(
    '/api/v1/purchase-invoices/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZPurchaseInvoice } } },
    async (request) => getPurchaseInvoice(deps, scopeOf(request), request.params.id),
  );

  app.get(
    '/api/v1/purchase-invoices/:id/file',
    {
      config: read,
      schema: { tags, params: ZIdParams, response: { 200: z.string().meta({ format: 'binary' }) } },
    },
    async (request, reply) => {
      const file = await purchaseInvoiceFile(deps, scopeOf(request).orgId, request.params.id);
      return reply
        .header('content-type', /\.p7m$/i.test(file.fileName) ? 'application/pkcs7-mime' : 'application/xml')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.content as unknown as string);
    },
  );

  app.post(
    '/api/v1/purchase-invoices/:id/payments',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Records a payment of a received invoice (all that is left or part of it) and its expense in the ledger; the same payment id sent again records nothing more',
        params: ZIdParams,
        body: ZPurchasePaymentInput,
        response: { 200: ZPurchaseInvoice },
      },
    },
    async (request) =>
      payPurchaseInvoice(deps, {
        ...scopeOf(request),
        invoiceId: request.params.id,
        payment: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      }),
  );
};
