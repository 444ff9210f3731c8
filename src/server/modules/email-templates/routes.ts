import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_TEMPLATE_KEYS } from '@shared/invoicing/email-templates.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { deleteEmailTemplate, listEmailTemplates, resetEmailTemplate, saveEmailTemplate } from './service.ts';

const ZTemplate = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  language: z.enum(['it', 'en']),
  subject: z.string(),
  contentText: z.string(),
  isSystem: z.boolean(),
  customized: z.boolean(),
});
const ZTemplateInput = z.object({
  subject: z.string().trim().min(1, { error: 'invoicing.errors.invalidValue' }).max(200),
  contentText: z.string().trim().min(1, { error: 'invoicing.errors.invalidValue' }).max(10_000),
});
const ZTemplateParams = z.object({ key: z.string().max(40), language: z.enum(['it', 'en']) });

/** /api/v1/email-templates: the document e-mail templates, editable per language; system ones never deleted. */
export const emailTemplateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['invoicing'];

  app.get(
    '/api/v1/email-templates',
    { config: read, schema: { tags, response: { 200: z.object({ items: z.array(ZTemplate) }) } } },
    async (request) => ({ items: await listEmailTemplates({ db }, scopeOf(request)) }),
  );

  app.put(
    '/api/v1/email-templates/:key/:language',
    {
      config: write,
      schema: { tags, params: ZTemplateParams, body: ZTemplateInput, response: { 200: ZTemplate } },
    },
    async (request) =>
      saveEmailTemplate({ db }, { ...scopeOf(request), target: request.params, values: request.body }),
  );

  app.post(
    '/api/v1/email-templates/:key/:language/reset',
    { config: write, schema: { tags, params: ZTemplateParams, response: { 200: ZTemplate } } },
    async (request) => resetEmailTemplate({ db }, { ...scopeOf(request), target: request.params }),
  );

  app.delete(
    '/api/v1/email-templates/:key',
    {
      config: write,
      schema: {
        tags,
        summary: 'Always 409 SYSTEM_TEMPLATE: the document templates are system templates (reset instead)',
        params: z.object({ key: z.string().max(40) }),
        response: { 204: z.null() },
      },
    },
    async (request) => deleteEmailTemplate(request.params.key),
  );
};
