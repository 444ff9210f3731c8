import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZInventoryReport,
  ZInventoryReportExportQuery,
  ZInventoryReportQuery,
  ZRevenue,
  ZRevenueExportQuery,
  ZRevenueQuery,
} from '@shared/reports/revenue-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import type { ReportFile } from './export.ts';
import { reportContext } from './schedules-service.ts';
import { inventoryReport, inventoryReportAll } from './inventory-report.ts';
import { inventoryFile, revenueFile } from './revenue-export.ts';
import { revenue, revenueAll } from './revenue.ts';

/** Revenue by client, item or category and the inventory's valuation and movements (view_analytics + access_reports). */
export const revenueReportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const reports = { permissions: ['view_analytics', 'access_reports'] } as const;
  const exports = { permissions: ['view_analytics', 'access_reports', 'export_financial_data'] } as const;
  const tags = ['reports'];
  const ZFile = z
    .string()
    .meta({ format: 'binary', description: 'CSV (text/csv), XLSX or PDF (application/pdf) file' });
  const send = (reply: FastifyReply, file: ReportFile) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  /** The PDF's heading names the business and reads its time of generation in the organization's zone. */
  const contextFor = (orgId: string, format: string) =>
    format === 'pdf' ? reportContext(deps, { orgId }) : Promise.resolve(undefined);

  app.get(
    '/api/v1/reports/revenue',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Revenue (taxable amount of issued documents, credit notes negative) of a range by client, item or category, beside the previous range; rows paged by revenue, totals over all rows',
        querystring: ZRevenueQuery,
        response: { 200: ZRevenue },
      },
    },
    async (request) => revenue(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/revenue/export',
    {
      config: exports,
      schema: {
        tags,
        summary: 'Revenue of a range by client, item or category, every row, as CSV, XLSX or PDF',
        querystring: ZRevenueExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { from, to, by, format } = request.query;
      const { orgId } = scopeOf(request);
      const report = await revenueAll(deps, { orgId, query: { from, to, by } });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await revenueFile(report, format, locale, await contextFor(orgId, format)));
    },
  );

  app.get(
    '/api/v1/reports/inventory',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Inventory valuation and movements of a range: per goods item the quantity at both ends, loads, unloads and adjustments, the value at cost and at sale price; paged, totals over all items',
        querystring: ZInventoryReportQuery,
        response: { 200: ZInventoryReport },
      },
    },
    async (request) => inventoryReport(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/inventory/export',
    {
      config: exports,
      schema: {
        tags,
        summary: 'Inventory valuation and movements of a range, every goods item, as CSV, XLSX or PDF',
        querystring: ZInventoryReportExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const { orgId } = scopeOf(request);
      const report = await inventoryReportAll(deps, { orgId, from, to });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await inventoryFile(report, format, locale, await contextFor(orgId, format)));
    },
  );
};
