import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { ZAnalytics, ZAnalyticsExportQuery, ZAnalyticsQuery } from '@shared/reports/analytics-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { analytics } from './analytics.ts';
import { analyticsFile } from './analytics-export.ts';
import { reportContext } from './schedules-service.ts';

/** /api/v1/analytics: KPIs of a range against the one before it. Needs view_analytics (core-app.md §2). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  app.get(
    '/api/v1/analytics',
    {
      config: { permissions: ['view_analytics'] },
      schema: {
        tags: ['reports'],
        summary:
          'Analytics of a range of at most a year against the range before it: sales trend, new and returning clients, quote conversion, payment delays, top clients and items, inventory turnover',
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalytics },
      },
    },
    async (request) => analytics(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/analytics/export',
    {
      config: { permissions: ['view_analytics', 'export_financial_data'] },
      schema: {
        tags: ['reports'],
        summary:
          'The analytics of a range beside the range before it (KPIs, sales trend, top clients and items) as a CSV, XLSX or PDF file',
        querystring: ZAnalyticsExportQuery,
        response: {
          200: z
            .string()
            .meta({ format: 'binary', description: 'CSV (text/csv), XLSX or PDF (application/pdf) file' }),
        },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const { orgId } = scopeOf(request);
      const report = await analytics(deps, { orgId, query: { from, to } });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      // The PDF's heading names the business and its time of generation in the organization's zone.
      const context = format === 'pdf' ? await reportContext(deps, { orgId }) : undefined;
      const file = await analyticsFile(report, format, locale, context);
      return (reply as FastifyReply)
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
