import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAnalytics, ZAnalyticsQuery } from '@shared/reports/analytics-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { analytics } from './analytics.ts';

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
};
