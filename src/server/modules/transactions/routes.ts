import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZBankImportMapping,
  ZBankImportMappingInput,
  ZTransaction,
  ZTransactionCategory,
  ZTransactionCategoryInput,
  ZTransactionExportQuery,
  ZTransactionInput,
  ZTransactionListQuery,
  ZTransactionMonthly,
  ZTransactionPage,
} from '@shared/transactions/contracts.ts';
import {
  ZBankImportPreview,
  ZBankImportPreviewRequest,
  ZBankImportRequest,
  ZBankImportResult,
} from '@shared/transactions/bank-import.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import * as service from './service.ts';

const tags = ['transactions'];
const ZId = z.object({ id: z.string().max(64) });
const ZNoContent = z.null().meta({ description: 'No content' });

/** Bank statements posted as JSON rows can be larger than the default body limit (up to 50,000 lines). */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The ledger (issue 4): categories, entries with totals, export, bank statement import and saved mappings.
 * view_financial_data reads, manage_financial_data writes, export_financial_data exports.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const view = { permissions: ['view_financial_data'] } as const;
  const manage = { permissions: ['manage_financial_data'] } as const;

  // ------------------------------------------------------------ categories
  app.get(
    '/api/v1/transactions/categories',
    {
      config: view,
      schema: {
        tags,
        summary: "The organization's income and expense categories (the Italian defaults on first use)",
        response: { 200: z.object({ items: z.array(ZTransactionCategory) }) },
      },
    },
    async (request) => ({ items: await service.listCategories(deps, scopeOf(request)) }),
  );

  app.post(
    '/api/v1/transactions/categories',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a category (name unique per direction, any case: 409 ALREADY_EXISTS)',
        body: ZTransactionCategoryInput,
        response: { 201: ZTransactionCategory },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCategory(deps, { ...scopeOf(request), values: request.body })),
  );

  app.put(
    '/api/v1/transactions/categories/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a category or change its direction (not while entries use it)',
        params: ZId,
        body: ZTransactionCategoryInput,
        response: { 200: ZTransactionCategory },
      },
    },
    async (request) =>
      service.updateCategory(deps, { ...scopeOf(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    '/api/v1/transactions/categories/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a category (409 IN_USE while entries use it)',
        params: ZId,
        response: { 204: ZNoContent },
      },
    },
    async (request, reply) => {
      await service.deleteCategory(deps, { ...scopeOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ bank import
  app.post(
    '/api/v1/transactions/import/preview',
    {
      config: manage,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Read a bank statement (headers and rows from /api/v1/imports/parse) with a mapping: each line, its errors and whether it is already in the ledger',
        body: ZBankImportPreviewRequest,
        response: { 200: ZBankImportPreview },
      },
    },
    async (request) => service.previewImport(deps, { ...scopeOf(request), request: request.body }),
  );

  app.post(
    '/api/v1/transactions/import',
    {
      config: manage,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Import the valid lines of a bank statement that are not yet in the ledger, all in one transaction; a repeated import adds nothing',
        body: ZBankImportRequest,
        response: { 200: ZBankImportResult },
      },
    },
    async (request) => service.importStatement(deps, { ...scopeOf(request), request: request.body }),
  );

  app.get(
    '/api/v1/transactions/import/mappings',
    {
      config: view,
      schema: {
        tags,
        summary: 'Saved bank statement mappings, one per bank name',
        response: { 200: z.object({ items: z.array(ZBankImportMapping) }) },
      },
    },
    async (request) => ({ items: await service.listMappings(deps, scopeOf(request)) }),
  );

  app.put(
    '/api/v1/transactions/import/mappings',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save a mapping under a bank name (replaces the one saved under the same name)',
        body: ZBankImportMappingInput,
        response: { 200: ZBankImportMapping },
      },
    },
    async (request) => service.saveMapping(deps, { ...scopeOf(request), values: request.body }),
  );

  app.delete(
    '/api/v1/transactions/import/mappings/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete a saved mapping', params: ZId, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await service.deleteMapping(deps, { ...scopeOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ entries
  app.get(
    '/api/v1/transactions',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Entries, newest first, pages of 10, filtered by date range, direction, category, client and text; with the totals of the whole filtered range',
        querystring: ZTransactionListQuery,
        response: { 200: ZTransactionPage },
      },
    },
    async (request) => service.listTransactions(deps, { ...scopeOf(request), query: request.query }),
  );

  app.get(
    '/api/v1/transactions/monthly',
    {
      config: view,
      schema: {
        tags,
        summary: 'Income and expenses per month of the filtered range (same filters as the list)',
        querystring: ZTransactionListQuery,
        response: { 200: ZTransactionMonthly },
      },
    },
    async (request) => service.monthlyTotals(deps, { ...scopeOf(request), query: request.query }),
  );

  app.get(
    '/api/v1/transactions/export',
    {
      config: { permissions: ['view_financial_data', 'export_financial_data'] },
      schema: {
        tags,
        summary: 'Every entry matching the filters as CSV or XLSX, labels in the caller language',
        querystring: ZTransactionExportQuery,
        response: { 200: z.string().meta({ format: 'binary', description: 'CSV or XLSX file' }) },
      },
    },
    async (request, reply) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const file = await service.exportTransactions(deps, {
        ...scopeOf(request),
        query: request.query,
        locale,
      });
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          // Buffers bypass the serializer; the schema only documents the file.
          .send(file.content as unknown as string)
      );
    },
  );

  app.post(
    '/api/v1/transactions',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Record an entry (category of the same direction; category and client of this organization)',
        body: ZTransactionInput,
        response: { 201: ZTransaction },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createTransaction(deps, { ...scopeOf(request), values: request.body })),
  );

  app.get(
    '/api/v1/transactions/:id',
    {
      config: view,
      schema: { tags, summary: 'One entry', params: ZId, response: { 200: ZTransaction } },
    },
    async (request) => service.getTransaction(deps, { ...scopeOf(request), id: request.params.id }),
  );

  app.put(
    '/api/v1/transactions/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Replace an entry',
        params: ZId,
        body: ZTransactionInput,
        response: { 200: ZTransaction },
      },
    },
    async (request) =>
      service.updateTransaction(deps, { ...scopeOf(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    '/api/v1/transactions/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete an entry', params: ZId, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await service.deleteTransaction(deps, { ...scopeOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
