import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSupplierDetail,
  ZSupplierListQuery,
  ZSupplierPage,
  ZSupplierUpdate,
} from '@shared/suppliers/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { getSupplier, listSuppliers, updateSupplier } from './suppliers-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/**
 * /api/v1/suppliers (issue 17): the suppliers with their purchase totals and payables, one supplier, and
 * corrections to its name and address. Reading needs view_financial_data, editing manage_financial_data.
 */
export const supplierRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const manage = { permissions: ['manage_financial_data'] } as const;
  const tags = ['suppliers'];

  app.get(
    '/api/v1/suppliers',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Suppliers by name with invoices, total purchased and open payables; q searches name, P.IVA and codice fiscale; clientId gives the supplier that is that client',
        querystring: ZSupplierListQuery,
        response: { 200: ZSupplierPage },
      },
    },
    async (request) => listSuppliers(deps, scopeOf(request).orgId, request.query),
  );

  app.get(
    '/api/v1/suppliers/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One supplier: registry data, totals, open instalments, and the client it also is',
        params: ZIdParams,
        response: { 200: ZSupplierDetail },
      },
    },
    async (request) => getSupplier(deps, scopeOf(request).orgId, request.params.id),
  );

  app.patch(
    '/api/v1/suppliers/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Corrects the name or address of a supplier (the P.IVA and codice fiscale are not edited)',
        params: ZIdParams,
        body: ZSupplierUpdate,
        response: { 200: ZSupplierDetail },
      },
    },
    async (request) =>
      updateSupplier(deps, { orgId: scopeOf(request).orgId, id: request.params.id, changes: request.body }),
  );
};
