import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { normalizeRole } from '@shared/auth/permissions.ts';
import { toLimitOffset, zPage, zPageQuery } from '@shared/pagination/pagination.ts';
import {
  ZCreateOrganization,
  ZMember,
  ZMe,
  ZOrganizationSummary,
  ZSessionState,
  ZSetActiveOrganization,
} from '@shared/organizations/contracts.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { scopeOf, userOf } from '../../platform/request-context.ts';
import { listMembers } from './repository.ts';
import { createOrganization, describeUser, setActiveOrganization } from './service.ts';

export const organizationRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (app, deps) => {
  app.get(
    '/api/v1/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, organizations and permissions',
        response: { 200: ZMe },
      },
    },
    async (request) => {
      const user = userOf(request);
      return describeUser(deps, {
        user: { id: user.id, name: user.name, email: user.email },
        activeOrganizationId: user.activeOrganizationId,
        headers: fromNodeHeaders(request.headers),
      });
    },
  );

  // The web's first question on every page: a signed-out visitor gets 200 and `me: null`, not a 401 that the
  // browser would log as an error.
  app.get(
    '/api/v1/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, organizations and permissions, or null when signed out',
        response: { 200: ZSessionState },
      },
    },
    async (request) => {
      const headers = fromNodeHeaders(request.headers);
      const current = await deps.auth.api.getSession({ headers });
      if (!current) return { me: null };
      const activeOrganizationId =
        (current.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
      const me = await describeUser(deps, {
        user: { id: current.user.id, name: current.user.name, email: current.user.email },
        activeOrganizationId,
        headers,
      });
      return { me };
    },
  );

  app.post(
    '/api/v1/organizations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['organizations'],
        summary: 'Create an organization; the creator becomes super_admin and it becomes active',
        body: ZCreateOrganization,
        response: { 201: ZOrganizationSummary },
      },
    },
    async (request, reply) => {
      const created = await createOrganization(deps, {
        name: request.body.name,
        headers: fromNodeHeaders(request.headers),
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/v1/organizations/active',
    {
      config: { access: 'user' },
      schema: {
        tags: ['organizations'],
        summary: 'Choose the active organization of this session',
        body: ZSetActiveOrganization,
        response: { 200: ZMe },
      },
    },
    async (request) => {
      const user = userOf(request);
      const headers = fromNodeHeaders(request.headers);
      await setActiveOrganization(deps, {
        userId: user.id,
        organizationId: request.body.organizationId,
        headers,
      });
      return describeUser(deps, {
        user: { id: user.id, name: user.name, email: user.email },
        activeOrganizationId: request.body.organizationId,
        headers,
      });
    },
  );

  app.get(
    '/api/v1/organization/members',
    {
      config: { permissions: ['view_users'] },
      schema: {
        tags: ['organizations'],
        summary: 'Members of the active organization with their roles',
        querystring: zPageQuery(),
        response: { 200: zPage(ZMember) },
      },
    },
    async (request) => {
      const { orgId } = scopeOf(request);
      const { items, total } = await listMembers(deps.db, orgId, toLimitOffset(request.query));
      return {
        items: items.map((m) => ({
          ...m,
          role: normalizeRole(m.role),
          createdAt: m.createdAt.toISOString(),
        })),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );
};
