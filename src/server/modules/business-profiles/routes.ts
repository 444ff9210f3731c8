import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  ZBusinessProfile,
  ZBusinessProfileInput,
  ZOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/storage.ts';
import { scopeOf, userOf } from '../../platform/request-context.ts';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  completeOnboarding,
  getProfile,
  readLogo,
  removeLogo,
  saveProfile,
  setLogo,
} from './service.ts';

const ZImage = z.string().meta({ format: 'binary', description: 'PNG, JPEG or WebP image' });

export const businessProfileRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth; files: FileStore }> = async (
  app,
  deps,
) => {
  // Logo uploads arrive as the raw image body; the service checks type and size.
  app.addContentTypeParser(
    LOGO_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES * 2 },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/api/v1/business-profile',
    {
      config: { permissions: ['view_organization'] },
      schema: {
        tags: ['business-profile'],
        summary: "The active organization's business profile (404 before onboarding)",
        response: { 200: ZBusinessProfile },
      },
    },
    async (request) => {
      const profile = await getProfile(deps, scopeOf(request));
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.put(
    '/api/v1/business-profile',
    {
      config: { permissions: ['manage_organization'] },
      schema: {
        tags: ['business-profile'],
        summary: 'Create or update the business profile; absent fields stay, null clears',
        body: ZBusinessProfileInput,
        response: { 200: ZBusinessProfile },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return saveProfile(deps, { orgId, userId, values: request.body });
    },
  );

  app.post(
    '/api/v1/onboarding',
    {
      config: { access: 'user' },
      schema: {
        tags: ['business-profile'],
        summary: 'Complete the onboarding wizard: creates the organization when needed and its profile',
        body: ZOnboardingSubmission,
        response: { 201: z.object({ organizationId: z.string(), profile: ZBusinessProfile }) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const result = await completeOnboarding(deps, {
        userId: user.id,
        activeOrganizationId: user.activeOrganizationId,
        headers: fromNodeHeaders(request.headers),
        submission: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/api/v1/business-profile/logo',
    {
      config: { permissions: ['manage_organization'] },
      schema: {
        tags: ['business-profile'],
        summary:
          'Upload the logo as the raw request body (Content-Type image/png, image/jpeg or image/webp, ≤ 2 MB)',
        response: { 200: ZBusinessProfile },
      },
    },
    async (request) => {
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return setLogo(deps, {
        orgId: scopeOf(request).orgId,
        contentType: request.headers['content-type']?.split(';')[0]?.trim() ?? '',
        content,
      });
    },
  );

  app.delete(
    '/api/v1/business-profile/logo',
    {
      config: { permissions: ['manage_organization'] },
      schema: { tags: ['business-profile'], summary: 'Remove the logo', response: { 200: ZBusinessProfile } },
    },
    async (request) => removeLogo(deps, scopeOf(request)),
  );

  app.get(
    '/api/v1/business-profile/logo',
    {
      config: { permissions: ['view_organization'] },
      schema: {
        tags: ['business-profile'],
        summary: 'The logo image',
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: ZImage },
      },
    },
    async (request, reply) => {
      const logo = await readLogo(deps, { orgId: scopeOf(request).orgId });
      if (!logo) throw notFound();
      return (
        reply
          .header('content-type', logo.contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Buffers bypass the serializer; the schema only documents the binary answer.
          .send(logo.content as unknown as string)
      );
    },
  );
};
