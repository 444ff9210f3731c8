import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { ZCashFlow, ZCashFlowExportQuery, ZCashFlowQuery } from '@shared/reports/cash-flow-contracts.ts';
import {
  ZProfitAndLoss,
  ZProfitAndLossExportQuery,
  ZProfitAndLossQuery,
} from '@shared/reports/profit-and-loss-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { cashFlow } from './cash-flow.ts';
import type { ReportFile } from './export.ts';
import { reportContext } from './schedules-service.ts';
import { cashFlowFile, profitAndLossFile } from './pnl-cash-flow-export.ts';
import { profitAndLoss } from './profit-and-loss.ts';

/** /api/v1/reports/profit-and-loss and /cash-flow, with their exports (core-app.md §2 permissions). */
export const pnlCashFlowRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
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
    '/api/v1/reports/profit-and-loss',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Profit and loss by month of a range (at most a year): accrual basis from issued invoices by item category, cash basis from the ledger by category, against the previous range',
        querystring: ZProfitAndLossQuery,
        response: { 200: ZProfitAndLoss },
      },
    },
    async (request) => profitAndLoss(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/profit-and-loss/export',
    {
      config: exports,
      schema: {
        tags,
        summary:
          'The profit and loss of a range, one row per item and one column per month, as CSV, XLSX or PDF',
        querystring: ZProfitAndLossExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const { orgId } = scopeOf(request);
      const report = await profitAndLoss(deps, { orgId, query: { from, to } });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await profitAndLossFile(report, format, locale, await contextFor(orgId, format)));
    },
  );

  app.get(
    '/api/v1/reports/cash-flow',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Cash flow: the ledger by month of a range with the running balance, and a 90-day forecast by week from due dates of open invoices and VAT deadlines',
        querystring: ZCashFlowQuery,
        response: { 200: ZCashFlow },
      },
    },
    async (request) => cashFlow(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/cash-flow/export',
    {
      config: exports,
      schema: {
        tags,
        summary: 'The cash flow of a range and the 90-day forecast as CSV, XLSX or PDF',
        querystring: ZCashFlowExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const { orgId } = scopeOf(request);
      const report = await cashFlow(deps, { orgId, query: { from, to } });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await cashFlowFile(report, format, locale, await contextFor(orgId, format)));
    },
  );
};
