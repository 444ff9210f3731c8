import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZInvoice,
  ZPublicQuote,
  ZPublicQuoteResponse,
  ZQuote,
  ZQuoteInput,
  ZQuoteListQuery,
  ZQuotePage,
  ZQuoteStatusChange,
  ZSendResult,
} from '@shared/invoicing/contracts.ts';
import type { Db } from '../../../platform/db.ts';
import type { MailPort } from '../../../platform/mail.ts';
import type { RealtimeHub } from '../../../platform/realtime.ts';
import { scopeOf } from '../../../platform/request-context.ts';
import type { FileStore } from '../../../platform/storage.ts';
import {
  changeQuoteStatus,
  convertQuote,
  createQuote,
  deleteQuote,
  getPublicQuote,
  getQuote,
  listQuotes,
  publicQuoteLogo,
  publicQuotePdf,
  quotePdf,
  respondToQuote,
  sendQuote,
  updateQuote,
} from './service.ts';

export type QuoteRoutesOptions = {
  db: Db;
  mail: MailPort;
  files: FileStore;
  hub: RealtimeHub;
  /** Base of the client's link: `${appUrl}/q/{token}`. */
  appUrl: string;
  /** Per IP and route on the public link routes (no session): the same limit as sign-in. */
  publicRateLimit: { max: number; windowMs: number };
};

const ZIdParams = z.object({ id: z.string().max(64) });
const ZTokenParams = z.object({ token: z.string().max(128) });
const ZFile = z.string().meta({ format: 'binary', description: 'PDF (application/pdf)' });
const ZImage = z.string().meta({ format: 'binary', description: 'PNG, JPEG or WebP image' });

function pdfReply(reply: FastifyReply, pdf: { filename: string; bytes: Buffer }) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'no-store')
      // Buffers bypass the serializer; the schema only documents the file.
      .send(pdf.bytes as unknown as string)
  );
}

/**
 * /api/v1/quotes: list, detail, create, edit, delete (drafts), status changes, send by e-mail, convert to an
 * invoice, PDF. Reading needs view_financial_data, writing manage_financial_data. /api/public/quotes/{token}:
 * what the client opens from the e-mail, without a session and rate limited: read, PDF, accept or reject.
 */
export const quoteRoutes: FastifyPluginAsyncZod<QuoteRoutesOptions> = async (app, deps) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['quotes'];
  const publicConfig = {
    access: 'public',
    rateLimit: { max: deps.publicRateLimit.max, timeWindow: deps.publicRateLimit.windowMs },
  } as const;

  app.get(
    '/api/v1/quotes',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Quotes, 10 per page, newest first: search (q) over number and client; status, client, dates',
        querystring: ZQuoteListQuery,
        response: { 200: ZQuotePage },
      },
    },
    async (request) => listQuotes(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.post(
    '/api/v1/quotes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a draft quote; its number is the next of the issue year',
        body: ZQuoteInput,
        response: { 201: ZQuote },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      return reply.status(201).send(await createQuote(deps, { orgId, userId, input: request.body }));
    },
  );

  app.get(
    '/api/v1/quotes/:id',
    { config: read, schema: { tags, summary: 'One quote', params: ZIdParams, response: { 200: ZQuote } } },
    async (request) => getQuote(deps, { orgId: scopeOf(request).orgId, id: request.params.id }),
  );

  app.put(
    '/api/v1/quotes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Edit a draft, sent or expired quote (409 INVALID_TRANSITION otherwise)',
        params: ZIdParams,
        body: ZQuoteInput,
        response: { 200: ZQuote },
      },
    },
    async (request) =>
      updateQuote(deps, { orgId: scopeOf(request).orgId, id: request.params.id, input: request.body }),
  );

  app.delete(
    '/api/v1/quotes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a draft (409 INVALID_TRANSITION otherwise)',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteQuote(deps, { orgId: scopeOf(request).orgId, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/quotes/:id/status',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change the status by the transition table (409 INVALID_TRANSITION with {from, to})',
        params: ZIdParams,
        body: ZQuoteStatusChange,
        response: { 200: ZQuote },
      },
    },
    async (request) =>
      changeQuoteStatus(deps, {
        orgId: scopeOf(request).orgId,
        id: request.params.id,
        status: request.body.status,
      }),
  );

  app.post(
    '/api/v1/quotes/:id/send',
    {
      config: write,
      schema: {
        tags,
        summary:
          'E-mail the quote with its PDF and a fresh link to accept or reject it; the quote becomes sent',
        params: ZIdParams,
        response: { 200: ZSendResult },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return sendQuote(deps, { orgId, userId, id: request.params.id });
    },
  );

  app.post(
    '/api/v1/quotes/:id/convert',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a draft invoice from an accepted quote; the quote becomes converted',
        params: ZIdParams,
        response: { 201: ZInvoice },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      return reply.status(201).send(await convertQuote(deps, { orgId, userId, id: request.params.id }));
    },
  );

  app.get(
    '/api/v1/quotes/:id/pdf',
    {
      config: read,
      schema: { tags, summary: 'The quote as PDF', params: ZIdParams, response: { 200: ZFile } },
    },
    async (request, reply) =>
      pdfReply(reply, await quotePdf(deps, { orgId: scopeOf(request).orgId, id: request.params.id })),
  );

  app.get(
    '/api/public/quotes/:token',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: "The quote behind a client's link (404 QUOTE_LINK_INVALID when unknown or expired)",
        params: ZTokenParams,
        response: { 200: ZPublicQuote },
      },
    },
    async (request) => getPublicQuote(deps, { token: request.params.token }),
  );

  app.get(
    '/api/public/quotes/:token/logo',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: "The seller's logo behind a client's link (404 when there is none)",
        params: ZTokenParams,
        response: { 200: ZImage },
      },
    },
    async (request, reply) => {
      const logo = await publicQuoteLogo(deps, { token: request.params.token });
      return (
        reply
          .header('content-type', logo.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          // Buffers bypass the serializer; the schema only documents the binary answer.
          .send(logo.content as unknown as string)
      );
    },
  );

  app.get(
    '/api/public/quotes/:token/pdf',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: "The PDF behind a client's link",
        params: ZTokenParams,
        response: { 200: ZFile },
      },
    },
    async (request, reply) => pdfReply(reply, await publicQuotePdf(deps, { token: request.params.token })),
  );

  app.post(
    '/api/public/quotes/:token/respond',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: 'The client accepts or rejects, while the quote is sent and valid; the organization is told',
        params: ZTokenParams,
        body: ZPublicQuoteResponse,
        response: { 200: ZPublicQuote },
      },
    },
    async (request) =>
      respondToQuote(
        { ...deps, log: request.log },
        { token: request.params.token, response: request.body.response, message: request.body.message },
      ),
  );
};
