import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import {
  ZInvoicingSettings,
  ZInvoicingSettingsOut,
  ZPensionFundOut,
  ZWithholdingOut,
} from '@shared/invoicing/contracts.ts';
import {
  EMAIL_TEMPLATE_KEYS,
  SYSTEM_EMAIL_TEMPLATES,
  isEmailTemplateKey,
} from '@shared/invoicing/email-templates.ts';
import { emailTemplates } from '../../db/schema/invoicing.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { findProfile } from '../business-profiles/repository.ts';
import { findClient } from '../clients/repository.ts';
import { getInvoicingSettings, saveInvoicingSettings } from './settings.ts';

const ZDocumentContext = z.object({
  regime: z.string(),
  splitPayment: z.boolean(),
  stampDutyChargedToClient: z.boolean(),
  defaultWithholding: ZWithholdingOut.nullable(),
  defaultPensionFund: ZPensionFundOut.nullable(),
  paymentTermsDays: z.number().int(),
  language: z.enum(['it', 'en']),
  quoteValidityDays: z.number().int(),
});

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

/**
 * /api/v1/invoicing: the organization's invoicing settings, the tax context the document editor computes its
 * live totals with, and the document e-mail templates (editable per language; system ones never deleted).
 */
export const invoicingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['invoicing'];

  app.get(
    '/api/v1/invoicing/settings',
    { config: read, schema: { tags, response: { 200: ZInvoicingSettingsOut } } },
    async (request) => getInvoicingSettings(db, scopeOf(request).orgId),
  );

  app.put(
    '/api/v1/invoicing/settings',
    {
      config: write,
      schema: { tags, body: ZInvoicingSettings, response: { 200: ZInvoicingSettingsOut } },
    },
    async (request) => saveInvoicingSettings(db, scopeOf(request).orgId, request.body),
  );

  app.get(
    '/api/v1/invoicing/context',
    {
      config: read,
      schema: {
        tags,
        summary: 'Tax context of a new document for a client (regime, split payment, defaults)',
        querystring: z.object({ clientId: z.string().max(64).optional() }),
        response: { 200: ZDocumentContext },
      },
    },
    async (request) => {
      const { orgId } = scopeOf(request);
      const clientId = request.query.clientId;
      if (clientId !== undefined && !isUuid(clientId)) throw new AppError('NOT_FOUND');
      const [profile, settings, client] = await Promise.all([
        findProfile(db, orgId),
        getInvoicingSettings(db, orgId),
        clientId ? findClient(db, orgId, clientId) : Promise.resolve(undefined),
      ]);
      if (clientId && !client) throw new AppError('NOT_FOUND');
      return {
        regime: profile?.taxRegime || 'RF01',
        splitPayment: client?.splitPayment ?? false,
        stampDutyChargedToClient: settings.stampDutyChargedToClient,
        defaultWithholding: settings.defaultWithholding,
        defaultPensionFund: settings.defaultPensionFund,
        paymentTermsDays: client?.paymentTermsDays ?? 30,
        language: (client?.preferredLanguage === 'en' ? 'en' : 'it') as 'it' | 'en',
        quoteValidityDays: settings.quoteValidityDays,
      };
    },
  );

  app.get(
    '/api/v1/email-templates',
    { config: read, schema: { tags, response: { 200: z.object({ items: z.array(ZTemplate) }) } } },
    async (request) => {
      const rows = await db
        .select()
        .from(emailTemplates)
        .where(eq(emailTemplates.organizationId, scopeOf(request).orgId));
      const items = EMAIL_TEMPLATE_KEYS.flatMap((key) =>
        (['it', 'en'] as const).map((language) => {
          const own = rows.find((r) => r.templateKey === key && r.language === language);
          const system = SYSTEM_EMAIL_TEMPLATES[key][language];
          return {
            key,
            language,
            subject: own?.subject ?? system.subject,
            contentText: own?.contentText ?? system.text,
            isSystem: true,
            customized: !!own,
          };
        }),
      );
      return { items };
    },
  );

  app.put(
    '/api/v1/email-templates/:key/:language',
    {
      config: write,
      schema: { tags, params: ZTemplateParams, body: ZTemplateInput, response: { 200: ZTemplate } },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      const { key, language } = request.params;
      if (!isEmailTemplateKey(key)) throw new AppError('NOT_FOUND');
      const values = { ...request.body, updatedBy: userId, updatedAt: new Date(), isActive: true };
      await db
        .insert(emailTemplates)
        .values({ organizationId: orgId, templateKey: key, language, ...values })
        .onConflictDoUpdate({
          target: [emailTemplates.organizationId, emailTemplates.templateKey, emailTemplates.language],
          set: values,
        });
      return { key, language, ...request.body, isSystem: true, customized: true };
    },
  );

  /** Gives back the system text of one language (the organization's version is removed). */
  app.post(
    '/api/v1/email-templates/:key/:language/reset',
    { config: write, schema: { tags, params: ZTemplateParams, response: { 200: ZTemplate } } },
    async (request) => {
      const { key, language } = request.params;
      if (!isEmailTemplateKey(key)) throw new AppError('NOT_FOUND');
      await db
        .delete(emailTemplates)
        .where(
          and(
            eq(emailTemplates.organizationId, scopeOf(request).orgId),
            eq(emailTemplates.templateKey, key),
            eq(emailTemplates.language, language),
          ),
        );
      const system = SYSTEM_EMAIL_TEMPLATES[key][language];
      return {
        key,
        language,
        subject: system.subject,
        contentText: system.text,
        isSystem: true,
        customized: false,
      };
    },
  );

  /** The spec's rule: system templates cannot be deleted (every document template is one). */
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
    async (request) => {
      if (!isEmailTemplateKey(request.params.key)) throw new AppError('NOT_FOUND');
      throw new AppError('SYSTEM_TEMPLATE');
    },
  );
};
