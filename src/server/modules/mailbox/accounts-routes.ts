import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import {
  ZMailAccount,
  ZMailAccountDelete,
  ZMailAccountInput,
  ZMailAccountList,
  ZMailAccountUpdate,
  ZMailConnectionTest,
} from '@shared/mailbox/accounts.ts';
import { originOf } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  createMailAccount,
  deleteMailAccount,
  getMailAccount,
  listMailAccounts,
  testNewAccount,
  testStoredAccount,
  updateMailAccount,
  type AccountDeps,
  type Actor,
} from './accounts-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });

/** An id that is not a UUID cannot name an account: 404, as for someone else's. */
function accountId(params: { id: string }): string {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id;
}

function owner(request: FastifyRequest) {
  const { orgId, userId } = scopeOf(request);
  return { orgId, userId };
}

function actor(request: FastifyRequest): Actor {
  const { orgId, userId, email } = scopeOf(request);
  return { orgId, userId, email, ...originOf(request) };
}

/**
 * /api/v1/mail/accounts: the signed-in member's own IMAP/SMTP accounts in the active organization (issue 15).
 * No permission beyond membership: any role, viewer included, may connect their own mailbox — it is their mail,
 * not the organization's business data, and no one else (administrators included) ever reaches it.
 * Passwords go in, never out: the answers carry `hasSmtpPassword` only.
 */
export const mailAccountRoutes: FastifyPluginAsyncZod<AccountDeps> = async (app, deps) => {
  const tags = ['mail'];

  app.get(
    '/api/v1/mail/accounts',
    {
      schema: {
        tags,
        summary: "The caller's mail accounts in the active organization, with their sync state",
        response: { 200: ZMailAccountList },
      },
    },
    async (request) => listMailAccounts(deps, owner(request)),
  );

  app.get(
    '/api/v1/mail/accounts/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s mail accounts',
        params: ZIdParams,
        response: { 200: ZMailAccount },
      },
    },
    async (request) => getMailAccount(deps, { ...owner(request), id: accountId(request.params) }),
  );

  app.post(
    '/api/v1/mail/accounts',
    {
      schema: {
        tags,
        summary: 'Connect a mail account (the password is stored encrypted and never returned)',
        body: ZMailAccountInput,
        response: { 201: ZMailAccount },
      },
    },
    async (request, reply) => {
      const account = await createMailAccount(deps, { actor: actor(request), input: request.body });
      return reply.status(201).send(account);
    },
  );

  app.post(
    '/api/v1/mail/accounts/test',
    {
      schema: {
        tags,
        summary:
          'Log in to the IMAP and SMTP servers of a new account; answers the spec §8 class of a failure',
        body: ZMailAccountInput,
        response: { 200: ZMailConnectionTest },
      },
    },
    async (request) => testNewAccount(deps, { input: request.body }),
  );

  app.patch(
    '/api/v1/mail/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Change an account (an empty password keeps the stored one)',
        params: ZIdParams,
        body: ZMailAccountUpdate,
        response: { 200: ZMailAccount },
      },
    },
    async (request) =>
      updateMailAccount(deps, { owner: owner(request), id: accountId(request.params), input: request.body }),
  );

  app.post(
    '/api/v1/mail/accounts/:id/test',
    {
      schema: {
        tags,
        summary:
          'Test a stored account, or the edited settings with the stored passwords where none is given',
        params: ZIdParams,
        body: ZMailAccountUpdate.nullish(),
        response: { 200: ZMailConnectionTest },
      },
    },
    async (request) =>
      testStoredAccount(deps, {
        owner: owner(request),
        id: accountId(request.params),
        input: request.body ?? undefined,
      }),
  );

  app.delete(
    '/api/v1/mail/accounts/:id',
    {
      schema: {
        tags,
        summary: 'Remove an account and the mail stored for it; the body must be { "confirm": true }',
        params: ZIdParams,
        body: ZMailAccountDelete,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteMailAccount(deps, { actor: actor(request), id: accountId(request.params) });
      return reply.status(204).send(null);
    },
  );
};
