import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import {
  ZAcceptedInvitation,
  ZChangeRoleInput,
  ZInvitationIdParams,
  ZInvitationTokenParams,
  ZInviteMemberInput,
  ZInviteResult,
  ZMemberIdParams,
  ZPublicTeamInvitation,
  ZSecuritySummary,
  ZSignedOutMember,
  ZTeam,
  ZTeamInvitation,
  ZTeamInvitationList,
  ZTeamMember,
} from '@shared/organizations/team-contracts.ts';
import { originOf } from '../../platform/audit.ts';
import { notFoundHandler } from '../../platform/errors.ts';
import { scopeOf, userOf } from '../../platform/request-context.ts';
import { requireStepUp } from '../../platform/step-up.ts';
import type { SecurityModuleDeps } from '../security/deps.ts';
import {
  REMOVE_MEMBER_PERMISSION,
  acceptInvitation,
  cancelInvitation,
  changeMemberRole,
  describeInvitation,
  inviteMember,
  leaveOrganization,
  listInvitations,
  listTeam,
  removeMember,
  resendInvitation,
  securitySummary,
  signOutMember,
  type Actor,
} from './team-service.ts';

const tags = ['organizations'];

function actorOf(request: FastifyRequest): Actor & { name: string } {
  const scope = scopeOf(request);
  return { ...scope, name: userOf(request).name, origin: originOf(request) };
}

/**
 * Members, roles and invitations (issue 7). Who may do what:
 * - security summary: view_security_settings; sign a member out of every device: manage_security_settings and a
 *   step-up (sign_out_member), only for roles the caller could assign;
 * - list members: view_users; invite, resend, cancel, change a role: manage_users (a role change also needs a
 *   recent step-up, change_role); remove a member: delete_users and a step-up (remove_member); leave: any member;
 * - the invitation link: its summary is public (the link is the credential), accepting needs the signed-in
 *   user whose address was invited.
 */
export const teamRoutes: FastifyPluginAsyncZod<SecurityModuleDeps> = async (app, deps) => {
  const service = {
    db: deps.db,
    auth: deps.auth,
    mail: deps.mail,
    appUrl: deps.config.appUrl,
    authSecret: deps.authSecret,
  };
  const locale = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers['accept-language']);

  /**
   * better-auth's own organization endpoints would change members and invitations without our rules (step-up,
   * the last super_admin, the audit log): over HTTP they do not exist. Server code still calls `auth.api.*`.
   */
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/organization/*',
    schema: { hide: true },
    config: { access: 'public' },
    handler: notFoundHandler,
  });

  app.get(
    '/api/v1/organization/team',
    {
      config: { permissions: ['view_users'] },
      schema: {
        tags,
        summary: 'Every member of the active organization with role, join date and which one is you',
        response: { 200: ZTeam },
      },
    },
    async (request) => ({ members: await listTeam(deps, scopeOf(request)) }),
  );

  app.patch(
    '/api/v1/organization/members/:memberId',
    {
      config: { permissions: ['manage_users'] },
      preHandler: requireStepUp(deps.db, 'change_role'),
      schema: {
        tags,
        summary:
          "Change a member's role (INVALID_ROLE, ROLE_NOT_ASSIGNABLE, LAST_SUPER_ADMIN; step-up change_role)",
        params: ZMemberIdParams,
        body: ZChangeRoleInput,
        response: { 200: ZTeamMember },
      },
    },
    async (request) =>
      changeMemberRole(deps, {
        actor: actorOf(request),
        memberId: request.params.memberId,
        role: request.body.role,
      }),
  );

  app.delete(
    '/api/v1/organization/members/:memberId',
    {
      config: { permissions: [REMOVE_MEMBER_PERMISSION] },
      preHandler: requireStepUp(deps.db, 'remove_member'),
      schema: {
        tags,
        summary: 'Remove a member from the organization (LAST_SUPER_ADMIN; step-up remove_member)',
        params: ZMemberIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(deps, { actor: actorOf(request), memberId: request.params.memberId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/organization/security-summary',
    {
      config: { permissions: ['view_security_settings'] },
      schema: {
        tags,
        summary: 'How many members the active organization has and how many use two-factor authentication',
        response: { 200: ZSecuritySummary },
      },
    },
    async (request) => securitySummary(deps, scopeOf(request)),
  );

  app.post(
    '/api/v1/organization/members/:memberId/sign-out',
    {
      config: { permissions: ['manage_security_settings'] },
      preHandler: requireStepUp(deps.db, 'sign_out_member'),
      schema: {
        tags,
        summary:
          "End every session of a member's user, the caller's current one excepted (ROLE_NOT_ASSIGNABLE; step-up sign_out_member)",
        params: ZMemberIdParams,
        response: { 200: ZSignedOutMember },
      },
    },
    async (request) => ({
      revoked: await signOutMember(deps, {
        actor: { ...actorOf(request), sessionId: userOf(request).sessionId },
        memberId: request.params.memberId,
      }),
    }),
  );

  app.post(
    '/api/v1/organization/leave',
    {
      schema: {
        tags,
        summary: 'Leave the active organization (the last super admin cannot: LAST_SUPER_ADMIN)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await leaveOrganization(deps, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/organization/invitations',
    {
      config: { permissions: ['manage_users'] },
      schema: {
        tags,
        summary: 'Pending invitations, expired ones included, newest first',
        response: { 200: ZTeamInvitationList },
      },
    },
    async (request) => ({ items: await listInvitations(deps, scopeOf(request)) }),
  );

  app.post(
    '/api/v1/organization/invitations',
    {
      config: { permissions: ['manage_users'] },
      schema: {
        tags,
        summary:
          'Invite by e-mail with a role; a pending invitation to the same address is sent again (200) instead',
        body: ZInviteMemberInput,
        response: { 200: ZInviteResult, 201: ZInviteResult },
      },
    },
    async (request, reply) => {
      const result = await inviteMember(service, {
        actor: actorOf(request),
        email: request.body.email,
        role: request.body.role,
        locale: locale(request),
      });
      return reply.status(result.resent ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/v1/organization/invitations/:invitationId/resend',
    {
      config: { permissions: ['manage_users'] },
      schema: {
        tags,
        summary: 'Send a pending invitation again: the same link, valid 48 hours from now',
        params: ZInvitationIdParams,
        response: { 200: ZTeamInvitation },
      },
    },
    async (request) =>
      resendInvitation(service, {
        actor: actorOf(request),
        invitationId: request.params.invitationId,
        locale: locale(request),
      }),
  );

  app.delete(
    '/api/v1/organization/invitations/:invitationId',
    {
      config: { permissions: ['manage_users'] },
      schema: {
        tags,
        summary: 'Cancel a pending invitation: its link stops working',
        params: ZInvitationIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelInvitation(deps, { actor: actorOf(request), invitationId: request.params.invitationId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/public/team-invitations/:token',
    {
      config: {
        access: 'public',
        rateLimit: { max: deps.config.authRateLimit.max, timeWindow: deps.config.authRateLimit.windowMs },
      },
      schema: {
        tags,
        summary:
          'What an invitation link offers: organization, inviter, role, address and whether it still works',
        params: ZInvitationTokenParams,
        response: { 200: ZPublicTeamInvitation },
      },
    },
    async (request) => describeInvitation(deps, request.params.token),
  );

  app.post(
    '/api/v1/team-invitations/:token/accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Accept an invitation as the invited address: join with the role, the organization becomes active',
        params: ZInvitationTokenParams,
        response: { 200: ZAcceptedInvitation },
      },
    },
    async (request) => {
      const user = userOf(request);
      return acceptInvitation(deps, {
        token: request.params.token,
        user: { id: user.id, email: user.email },
        origin: originOf(request),
        headers: fromNodeHeaders(request.headers),
      });
    },
  );
};
