import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZInvoice,
  ZInvoiceInput,
  ZInvoiceListQuery,
  ZInvoicePage,
  ZInvoiceTotals,
  ZPaymentInput,
  ZReminderRequest,
  ZSendResult,
} from '@shared/invoicing/contracts.ts';
import type { Db } from '../../../platform/db.ts';
import type { MailPort } from '../../../platform/mail.ts';
import { AppError } from '../../../platform/errors.ts';
import { scopeOf } from '../../../platform/request-context.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { exportInvoices } from './export.ts';
import { deletePayment, recordPayment } from './payments.ts';
import {
  sendInvoice,
  sendPaymentConfirmation,
  sendReminder,
  sendStatement,
  trackInvoiceDelivery,
} from './sending.ts';
import {
  createCreditNote,
  createInvoiceDraft,
  deleteInvoiceDraft,
  getInvoice,
  invoicePdf,
  invoiceTotals,
  invoiceXml,
  issueInvoice,
  listInvoices,
  updateInvoiceDraft,
} from './service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });
const ZFile = z.string().meta({ format: 'binary' });

/**
 * /api/v1/invoices: invoices (TD01) and credit notes (TD04). Drafts are edited freely; issuing numbers and
 * freezes them; payments, reminders, e-mail, PDF and FatturaPA XML. Reading needs view_financial_data, writing
 * manage_financial_data, exporting export_financial_data.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailPort; files: FileStore }> = async (
  app,
  deps,
) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['invoices'];
  trackInvoiceDelivery(deps);

  app.get(
    '/api/v1/invoices',
    {
      config: read,
      schema: {
        tags,
        summary: 'Invoices and credit notes, 10 per page, with the count of the filter (totals: /totals)',
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoicePage },
      },
    },
    async (request) => listInvoices(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/invoices/totals',
    {
      config: read,
      schema: {
        tags,
        summary: 'Issued, collected, outstanding and overdue amounts of the filtered invoices',
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoiceTotals },
      },
    },
    async (request) => invoiceTotals(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.get(
    '/api/v1/invoices/export',
    {
      config: { permissions: ['view_financial_data', 'export_financial_data'] },
      schema: {
        tags,
        querystring: ZInvoiceListQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const file = await exportInvoices(deps, {
        orgId: scopeOf(request).orgId,
        query: request.query,
        format: request.query.format,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body as unknown as string);
    },
  );

  app.post(
    '/api/v1/invoices',
    { config: write, schema: { tags, body: ZInvoiceInput, response: { 201: ZInvoice } } },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const invoice = await createInvoiceDraft(deps, { orgId, userId, input: request.body });
      return reply.status(201).send(invoice);
    },
  );

  app.get(
    '/api/v1/invoices/:id',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZInvoice } } },
    async (request) => getInvoice(deps, { orgId: scopeOf(request).orgId, id: request.params.id }),
  );

  app.put(
    '/api/v1/invoices/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit a draft',
        params: ZIdParams,
        body: ZInvoiceInput,
        response: { 200: ZInvoice },
      },
    },
    async (request) =>
      updateInvoiceDraft(deps, {
        orgId: scopeOf(request).orgId,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/api/v1/invoices/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete a draft', params: ZIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteInvoiceDraft(deps, { orgId: scopeOf(request).orgId, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/invoices/:id/issue',
    {
      config: write,
      schema: {
        tags,
        summary: 'Number and freeze a draft (next progressive of the year, no gaps)',
        params: ZIdParams,
        response: { 200: ZInvoice },
      },
    },
    async (request) => issueInvoice(deps, { orgId: scopeOf(request).orgId, id: request.params.id }),
  );

  app.post(
    '/api/v1/invoices/:id/credit-note',
    { config: write, schema: { tags, params: ZIdParams, response: { 201: ZInvoice } } },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const note = await createCreditNote(deps, { orgId, userId, invoiceId: request.params.id });
      return reply.status(201).send(note);
    },
  );

  app.post(
    '/api/v1/invoices/:id/payments',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZPaymentInput, response: { 200: ZInvoice } },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return recordPayment(deps, {
        orgId,
        userId,
        invoiceId: request.params.id,
        payment: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      });
    },
  );

  app.delete(
    '/api/v1/invoices/:id/payments/:paymentId',
    {
      config: write,
      schema: {
        tags,
        params: z.object({ id: z.string().max(64), paymentId: z.string().max(64) }),
        response: { 200: ZInvoice },
      },
    },
    async (request) =>
      deletePayment(deps, {
        orgId: scopeOf(request).orgId,
        invoiceId: request.params.id,
        paymentId: request.params.paymentId,
      }),
  );

  app.post(
    '/api/v1/invoices/:id/payments/:paymentId/confirmation',
    {
      config: write,
      schema: {
        tags,
        summary: 'E-mail the client a confirmation of a recorded payment (payment_confirmation template)',
        params: z.object({ id: z.string().max(64), paymentId: z.string().max(64) }),
        response: { 200: ZSendResult },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return sendPaymentConfirmation(deps, {
        orgId,
        userId,
        invoiceId: request.params.id,
        paymentId: request.params.paymentId,
      });
    },
  );

  app.post(
    '/api/v1/clients/:id/statement',
    {
      config: write,
      schema: {
        tags,
        summary:
          'E-mail the client a statement of its open invoices (statement template; 400 when none is open)',
        params: ZIdParams,
        response: { 200: ZSendResult },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw new AppError('NOT_FOUND');
      return sendStatement(deps, { orgId, userId, clientId: request.params.id });
    },
  );

  app.post(
    '/api/v1/invoices/:id/send',
    { config: write, schema: { tags, params: ZIdParams, response: { 200: ZSendResult } } },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return sendInvoice(deps, { orgId, userId, id: request.params.id });
    },
  );

  app.post(
    '/api/v1/invoices/:id/reminders',
    {
      config: write,
      schema: { tags, params: ZIdParams, body: ZReminderRequest, response: { 200: ZSendResult } },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return sendReminder(deps, { orgId, userId, id: request.params.id, type: request.body.type });
    },
  );

  app.get(
    '/api/v1/invoices/:id/pdf',
    { config: read, schema: { tags, params: ZIdParams, response: { 200: ZFile } } },
    async (request, reply) => {
      const pdf = await invoicePdf(deps, { orgId: scopeOf(request).orgId, id: request.params.id });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf.bytes as unknown as string);
    },
  );

  app.get(
    '/api/v1/invoices/:id/xml',
    {
      config: read,
      schema: {
        tags,
        summary: 'FatturaPA XML (FPR12/FPA12) of an issued document; 422 lists what is missing',
        params: ZIdParams,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => {
      const file = await invoiceXml(deps, { orgId: scopeOf(request).orgId, id: request.params.id });
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.xml);
    },
  );
};
