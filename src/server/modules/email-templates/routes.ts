import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZEmailTemplate,
  ZEmailTemplateInput,
  ZEmailTemplateParams,
  ZEmailTemplateUpdate,
  ZRenderedTemplate,
  ZTemplateLanguageBody,
  ZTemplateRenderInput,
} from '@shared/mail/template-contracts.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  listEmailTemplates,
  renderEmailTemplate,
  resetEmailTemplate,
  updateEmailTemplate,
  type TemplateValuesSource,
} from './service.ts';

/**
 * /api/v1/email-templates: the user's own templates and the system ones (the document e-mails and the composer's
 * general ones), one shape; `:id` is a system key or an own template's uuid. Every member reads, writes their own
 * and renders; changing the organization's version of a system template needs manage_financial_data (checked by
 * the service, which knows which kind `:id` is).
 */
export const emailTemplateRoutes: FastifyPluginAsyncZod<{
  db: Db;
  templateValues: TemplateValuesSource;
}> = async (app, { db, templateValues }) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const tags = ['email-templates'];

  app.get(
    '/api/v1/email-templates',
    { config: read, schema: { tags, response: { 200: z.object({ items: z.array(ZEmailTemplate) }) } } },
    async (request) => ({ items: await listEmailTemplates({ db }, scopeOf(request)) }),
  );

  app.post(
    '/api/v1/email-templates',
    { config: read, schema: { tags, body: ZEmailTemplateInput, response: { 201: ZEmailTemplate } } },
    async (request, reply) => {
      reply.status(201);
      return createEmailTemplate({ db }, { ...scopeOf(request), input: request.body });
    },
  );

  app.put(
    '/api/v1/email-templates/:id',
    {
      config: read,
      schema: {
        tags,
        params: ZEmailTemplateParams,
        body: ZEmailTemplateUpdate,
        response: { 200: ZEmailTemplate },
      },
    },
    async (request) =>
      updateEmailTemplate({ db }, { ...scopeOf(request), id: request.params.id, input: request.body }),
  );

  app.post(
    '/api/v1/email-templates/:id/reset',
    {
      config: read,
      schema: {
        tags,
        params: ZEmailTemplateParams,
        body: ZTemplateLanguageBody,
        response: { 200: ZEmailTemplate },
      },
    },
    async (request) =>
      resetEmailTemplate(
        { db },
        { ...scopeOf(request), id: request.params.id, language: request.body.language },
      ),
  );

  app.delete(
    '/api/v1/email-templates/:id',
    {
      config: read,
      schema: {
        tags,
        summary:
          'An own template is deleted; a system template answers 409 SYSTEM_TEMPLATE (reset it instead)',
        params: ZEmailTemplateParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteEmailTemplate({ db }, { ...scopeOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/email-templates/:id/render',
    {
      config: read,
      schema: {
        tags,
        params: ZEmailTemplateParams,
        body: ZTemplateRenderInput,
        response: { 200: ZRenderedTemplate },
      },
    },
    async (request) =>
      renderEmailTemplate(
        { db, templateValues },
        {
          ...scopeOf(request),
          id: request.params.id,
          input: request.body,
          fallbackLanguage: localeFromAcceptLanguage(request.headers['accept-language']),
        },
      ),
  );
};
