import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import {
  ZInvoicingSettings,
  ZInvoicingSettingsOut,
  ZPensionFundOut,
  ZWithholdingOut,
} from '@shared/invoicing/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { findProfile } from '../business-profiles/index.ts';
import { findClient } from '../clients/index.ts';
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

/**
 * /api/v1/invoicing: the organization's invoicing settings and the tax context the document editor computes its
 * live totals with (the document e-mail templates are modules/email-templates).
 */
export const invoicingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['invoicing'];

  app.get(
    '/api/v1/invoicing/settings',
    { config: read, schema: { tags, response: { 200: ZInvoicingSettingsOut } } },
    async (request) => getInvoicingSettings({ db }, { orgId: scopeOf(request).orgId }),
  );

  app.put(
    '/api/v1/invoicing/settings',
    {
      config: write,
      schema: { tags, body: ZInvoicingSettings, response: { 200: ZInvoicingSettingsOut } },
    },
    async (request) => saveInvoicingSettings({ db }, { orgId: scopeOf(request).orgId, values: request.body }),
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
        getInvoicingSettings({ db }, { orgId }),
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
};
