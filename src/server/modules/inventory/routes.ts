import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZCategoryList,
  ZInventorySettings,
  ZItem,
  ZItemInput,
  ZItemListQuery,
  ZItemPage,
  ZLookupQuery,
  ZMovementListQuery,
  ZMovementPage,
  ZRecordedMovement,
  ZStockMovementInput,
} from '@shared/inventory/contracts.ts';
import { ZItemExportQuery, ZItemImportRequest, ZItemImportResult } from '@shared/inventory/import-export.ts';
import type { Db } from '../../platform/db.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  createItem,
  deleteItem,
  exportItems,
  getInventorySettings,
  getItem,
  importItems,
  listCategories,
  listItems,
  listMovements,
  lookupItem,
  recordMovement,
  saveInventorySettings,
  updateItem,
} from './service.ts';

const ZId = z.object({ id: z.uuid() });
const ZFile = z.string().meta({ format: 'binary', description: 'CSV (text/csv) or XLSX file' });
const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

const localeOf = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers['accept-language']);

export const inventoryRoutes: FastifyPluginAsyncZod<{ db: Db; hub: RealtimeHub }> = async (app, deps) => {
  const tags = ['inventory'];

  app.get(
    '/api/v1/inventory',
    {
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags,
        summary:
          'Items: search name/SKU/barcode (typo-tolerant), filter by category, kind, low stock, active; with the stock value of all matches',
        querystring: ZItemListQuery,
        response: { 200: ZItemPage },
      },
    },
    async (request) => listItems(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.post(
    '/api/v1/inventory',
    {
      config: { permissions: ['manage_financial_data'] },
      schema: {
        tags,
        summary: 'Create an item (stock starts at zero: record a movement to load it)',
        body: ZItemInput,
        response: { 201: ZItem },
      },
    },
    async (request, reply) => {
      const item = await createItem(deps, { orgId: scopeOf(request).orgId, values: request.body });
      return reply.status(201).send(item);
    },
  );

  app.get(
    '/api/v1/inventory/categories',
    {
      config: { permissions: ['view_financial_data'] },
      schema: { tags, summary: 'The categories in use, sorted', response: { 200: ZCategoryList } },
    },
    async (request) => listCategories(deps, { orgId: scopeOf(request).orgId }),
  );

  app.get(
    '/api/v1/inventory/lookup',
    {
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags,
        summary: 'Find an item by a scanned or typed code: barcode (UPC-A matches its EAN-13 form) or SKU',
        querystring: ZLookupQuery,
        response: { 200: ZItem },
      },
    },
    async (request) => lookupItem(deps, { orgId: scopeOf(request).orgId, code: request.query.code }),
  );

  app.get(
    '/api/v1/inventory/settings',
    {
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags,
        summary: "The organization's inventory settings",
        response: { 200: ZInventorySettings },
      },
    },
    async (request) => getInventorySettings(deps, { orgId: scopeOf(request).orgId }),
  );

  app.put(
    '/api/v1/inventory/settings',
    {
      config: { permissions: ['manage_organization'] },
      schema: {
        tags,
        summary: 'Allow or refuse stock going below zero',
        body: ZInventorySettings,
        response: { 200: ZInventorySettings },
      },
    },
    async (request) => saveInventorySettings(deps, { orgId: scopeOf(request).orgId, settings: request.body }),
  );

  app.post(
    '/api/v1/inventory/import',
    {
      config: { permissions: ['manage_financial_data'] },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import mapped rows (see /api/v1/imports/parse): dry run preview, then valid_only or all_or_nothing; duplicates by SKU/barcode are skipped',
        body: ZItemImportRequest,
        response: { 200: ZItemImportResult },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return importItems(deps, { orgId, userId, request: request.body, locale: localeOf(request) });
    },
  );

  app.get(
    '/api/v1/inventory/export',
    {
      config: { permissions: ['export_financial_data'] },
      schema: {
        tags,
        summary: 'The filtered items as CSV or XLSX (headers in the caller’s language, re-importable)',
        querystring: ZItemExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const file = await exportItems(deps, {
        orgId: scopeOf(request).orgId,
        query: request.query,
        locale: localeOf(request),
      });
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-export-count', String(file.count))
          // Buffers bypass the serializer; the schema only documents the file.
          .send(file.content as unknown as string)
      );
    },
  );

  app.get(
    '/api/v1/inventory/:id',
    {
      config: { permissions: ['view_financial_data'] },
      schema: { tags, summary: 'One item', params: ZId, response: { 200: ZItem } },
    },
    async (request) => getItem(deps, { orgId: scopeOf(request).orgId, id: request.params.id }),
  );

  app.put(
    '/api/v1/inventory/:id',
    {
      config: { permissions: ['manage_financial_data'] },
      schema: {
        tags,
        summary: 'Update an item (every field; the stock quantity changes only through movements)',
        params: ZId,
        body: ZItemInput,
        response: { 200: ZItem },
      },
    },
    async (request) =>
      updateItem(deps, { orgId: scopeOf(request).orgId, id: request.params.id, values: request.body }),
  );

  app.delete(
    '/api/v1/inventory/:id',
    {
      config: { permissions: ['manage_financial_data'] },
      schema: {
        tags,
        summary: 'Delete an item without movements (409 IN_USE otherwise: deactivate it instead)',
        params: ZId,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteItem(deps, { orgId: scopeOf(request).orgId, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/inventory/:id/movements',
    {
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags,
        summary: "The item's stock movements, newest first, with the user who recorded each",
        params: ZId,
        querystring: ZMovementListQuery,
        response: { 200: ZMovementPage },
      },
    },
    async (request) =>
      listMovements(deps, {
        orgId: scopeOf(request).orgId,
        itemId: request.params.id,
        query: request.query,
      }),
  );

  app.post(
    '/api/v1/inventory/:id/movements',
    {
      config: { permissions: ['manage_financial_data'] },
      schema: {
        tags,
        summary:
          'Record stock in, out or an adjustment (409 INSUFFICIENT_STOCK below zero unless allowed); may notify low stock',
        params: ZId,
        body: ZStockMovementInput,
        response: { 201: ZRecordedMovement },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const recorded = await recordMovement(deps, {
        orgId,
        userId,
        userName: request.user?.name ?? '',
        itemId: request.params.id,
        movement: request.body,
        locale: localeOf(request),
      });
      return reply.status(201).send(recorded);
    },
  );
};
