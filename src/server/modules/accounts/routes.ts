import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicConfig, type TPublicConfig } from '@shared/organizations/contracts.ts';

/** What the sign-in pages need before anyone is signed in. */
export const publicConfigRoutes: FastifyPluginAsyncZod<TPublicConfig> = async (app, options) => {
  const body: TPublicConfig = {
    demo: options.demo,
    marketingClaims: options.marketingClaims,
    mailMode: options.mailMode,
  };
  app.get(
    '/api/v1/public/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Settings the sign-in pages show',
        response: { 200: ZPublicConfig },
      },
    },
    async () => body,
  );
};
