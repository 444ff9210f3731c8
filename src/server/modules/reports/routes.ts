import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZDashboard,
  ZDashboardQuery,
  ZReceivables,
  ZReceivablesExportQuery,
  ZReceivablesQuery,
  ZSalesRegister,
  ZSalesRegisterExportQuery,
  ZSalesRegisterQuery,
  ZVatSettlement,
  ZVatSettlementExportQuery,
  ZVatSettlementQuery,
} from '@shared/reports/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { dashboard } from './dashboard.ts';
import { teamActivity } from './activity.ts';
import { ZActivity } from '@shared/reports/activity.ts';
import {
  purchaseRegisterFile,
  receivablesFile,
  salesRegisterFile,
  vatSettlementFile,
  type ReportFile,
} from './export.ts';
import {
  ZPurchaseRegister,
  ZPurchaseRegisterExportQuery,
  ZPurchaseRegisterQuery,
} from '@shared/reports/purchase-register-contracts.ts';
import { purchaseRegister, purchaseRegisterEntries } from './purchases.ts';
import { receivables, salesRegister, salesRegisterEntries, vatSettlement } from './service.ts';
import { reportContext } from './schedules-service.ts';

/** /api/v1/reports: the accountant's reports. Each needs view_analytics and access_reports (core-app.md §2). */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, deps) => {
  const reports = { permissions: ['view_analytics', 'access_reports'] } as const;
  const tags = ['reports'];
  const exports = { permissions: ['view_analytics', 'access_reports', 'export_financial_data'] } as const;
  const ZFile = z
    .string()
    .meta({ format: 'binary', description: 'CSV (text/csv), XLSX or PDF (application/pdf) file' });
  /** The PDF's heading names the business and reads its time of generation in the organization's zone. */
  const contextFor = (orgId: string, format: string) =>
    format === 'pdf' ? reportContext(deps, { orgId }) : Promise.resolve(undefined);
  const send = (reply: FastifyReply, file: ReportFile) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);

  app.get(
    '/api/v1/reports/vat-settlement',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Periodic VAT settlement of a year (monthly or quarterly): LIPE lines VP2–VP14, €100 carry, credits, 1% quarterly interest, deadlines and F24 codes',
        querystring: ZVatSettlementQuery,
        response: { 200: ZVatSettlement },
      },
    },
    async (request) => vatSettlement(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/receivables',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Open receivables by client at the end of a day (today by default) in ageing buckets (not due, 1–30, 31–60, 61–90, over 90 days), with the average days to pay and the figures a month earlier',
        querystring: ZReceivablesQuery,
        response: { 200: ZReceivables },
      },
    },
    async (request) => receivables(deps, { orgId: scopeOf(request).orgId, ...request.query }),
  );

  app.get(
    '/api/v1/dashboard',
    {
      // Business figures: every role that sees financial data sees them (a viewer too, without actions).
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags: ['dashboard'],
        summary:
          'Dashboard figures for this month, quarter or year against the previous one, twelve months of figures, invoices to chase and goods running out',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard },
      },
    },
    async (request) => dashboard(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/dashboard/activity',
    {
      config: { permissions: ['view_financial_data'] },
      schema: {
        tags: ['dashboard'],
        summary:
          "The team's recent activity: clients, quotes, invoices, payments, ledger entries and events, newest first",
        response: { 200: ZActivity },
      },
    },
    async (request) => teamActivity(deps, { orgId: scopeOf(request).orgId }),
  );

  app.get(
    '/api/v1/reports/vat-settlement/export',
    {
      config: exports,
      schema: {
        tags,
        summary:
          'The VAT settlement of a year as a CSV (";" and decimal comma for Italian readers), XLSX or PDF file',
        querystring: ZVatSettlementExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const { orgId } = scopeOf(request);
      const report = await vatSettlement(deps, { orgId, query });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await vatSettlementFile(report, format, locale, await contextFor(orgId, format)));
    },
  );

  app.get(
    '/api/v1/reports/receivables/export',
    {
      config: exports,
      schema: {
        tags,
        summary: 'Open receivables by client as a CSV, XLSX or PDF file',
        querystring: ZReceivablesExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { orgId } = scopeOf(request);
      const { format, asOf } = request.query;
      const report = await receivables(deps, { orgId, asOf });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return send(reply, await receivablesFile(report, format, locale, await contextFor(orgId, format)));
    },
  );

  app.get(
    '/api/v1/reports/sales-register',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Sales VAT register (registro IVA vendite) of a range of at most a year: summary per rate and Natura, documents paged',
        querystring: ZSalesRegisterQuery,
        response: { 200: ZSalesRegister },
      },
    },
    async (request) => salesRegister(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/sales-register/export',
    {
      config: exports,
      schema: {
        tags,
        summary:
          'The sales VAT register of a range (at most a year), one row per VAT row, as CSV, XLSX or PDF',
        querystring: ZSalesRegisterExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const { orgId } = scopeOf(request);
      const entries = await salesRegisterEntries(deps, { orgId, from, to });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const context = await contextFor(orgId, format);
      return send(reply, await salesRegisterFile({ from, to }, entries, format, locale, context));
    },
  );

  app.get(
    '/api/v1/reports/purchase-register',
    {
      config: reports,
      schema: {
        tags,
        summary:
          'Purchases VAT register (registro IVA acquisti) of a range of at most a year, by the day each invoice was received: summary per rate and Natura, invoices paged',
        querystring: ZPurchaseRegisterQuery,
        response: { 200: ZPurchaseRegister },
      },
    },
    async (request) => purchaseRegister(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/reports/purchase-register/export',
    {
      config: exports,
      schema: {
        tags,
        summary:
          'The purchases VAT register of a range (at most a year), one row per VAT row, as CSV, XLSX or PDF',
        querystring: ZPurchaseRegisterExportQuery,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const { orgId } = scopeOf(request);
      const entries = await purchaseRegisterEntries(deps, { orgId, from, to });
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const context = await contextFor(orgId, format);
      return send(reply, await purchaseRegisterFile({ from, to }, entries, format, locale, context));
    },
  );
};
