import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZOrganizationMailMode,
  ZSenderSettings,
  ZSenderSettingsInput,
  ZSenderTestResult,
} from '@shared/mail/sender-settings.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { waitingOnFailingProvider } from './repository.ts';
import {
  getSenderSettings,
  organizationMailMode,
  saveSenderSettings,
  testSender,
  type SenderDeps,
} from './sender-settings-service.ts';

/** Settings → Email sending (issue 16): the organization's sender and server; a test message. */
export const senderSettingsRoutes: FastifyPluginAsyncZod<SenderDeps> = async (app, deps) => {
  const manage = { permissions: ['manage_organization'] } as const;
  const tags = ['mail'];

  app.get(
    '/api/v1/mail/sender-settings',
    { config: manage, schema: { tags, response: { 200: ZSenderSettings } } },
    async (request) => getSenderSettings(deps, scopeOf(request).orgId),
  );

  app.get(
    '/api/v1/mail/sending',
    {
      schema: {
        tags,
        summary:
          "Whether the organization's own mail is sent by a mail server or kept in the app (any member)",
        response: { 200: ZOrganizationMailMode },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const [mailMode, providerIssues] = await Promise.all([
        organizationMailMode(deps, scope.orgId),
        waitingOnFailingProvider(deps.db, {
          organizationId: scope.orgId,
          userId: scope.userId,
          email: scope.email,
        }),
      ]);
      return { mailMode, providerIssues };
    },
  );

  app.put(
    '/api/v1/mail/sender-settings',
    { config: manage, schema: { tags, body: ZSenderSettingsInput, response: { 200: ZSenderSettings } } },
    async (request) => saveSenderSettings(deps, scopeOf(request), request.body),
  );

  app.post(
    '/api/v1/mail/sender-settings/test',
    {
      config: { ...manage, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sends a test message now to the signed-in user, through the server the settings name',
        body: ZSenderSettingsInput,
        response: { 200: ZSenderTestResult },
      },
    },
    async (request) => testSender(deps, scopeOf(request), request.body),
  );
};
