import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMailErrorCode } from '@shared/mail/delivery.ts';
import { ZOutboxItem, ZOutboxMessage, type TOutboxItem } from '@shared/mail/outbox.ts';
import { toLimitOffset, zPage, zPageQuery } from '@shared/pagination/pagination.ts';
import type { Db } from '../../platform/db.ts';
import type { MailPort } from '../../platform/mail.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { findOutboxMessage, listOutbox, requeueFailed, type OutboxScope } from './repository.ts';

type ListRow = Awaited<ReturnType<typeof listOutbox>>['items'][number];
const toItem = (r: ListRow): TOutboxItem => ({
  ...r,
  status: r.status as TOutboxItem['status'],
  errorCode: asMailErrorCode(r.errorCode),
  nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

const outboxScope = (scope: ReturnType<typeof scopeOf>): OutboxScope => ({
  organizationId: scope.orgId,
  userId: scope.userId,
  email: scope.email,
});

/** The outbox: what the product sent or stored, readable by the signed-in user. */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db; mail: MailPort }> = async (app, { db, mail }) => {
  app.get(
    '/api/v1/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: 'Messages of the organization and those addressed to the user, newest first',
        querystring: zPageQuery(),
        response: { 200: zPage(ZOutboxItem) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { items, total } = await listOutbox(db, outboxScope(scope), toLimitOffset(request.query));
      return { items: items.map(toItem), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.get(
    '/api/v1/outbox/:id',
    {
      schema: {
        tags: ['mail'],
        summary: 'One outbox message with its content',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZOutboxMessage },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const row = await findOutboxMessage(db, outboxScope(scope), request.params.id);
      if (!row) throw notFound();
      return {
        ...toItem(row),
        fromAddress: row.fromAddress,
        textBody: row.textBody,
        htmlBody: row.htmlBody,
        headers: row.headers,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Math.floor((a.contentBase64.length * 3) / 4),
        })),
      };
    },
  );

  app.post(
    '/api/v1/outbox/:id/retry',
    {
      schema: {
        tags: ['mail'],
        summary: 'Sends a failed message again (after the mail server or its settings were fixed)',
        params: z.object({ id: z.uuid() }),
        response: { 202: z.object({ id: z.string(), status: z.literal('queued') }) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const id = request.params.id;
      const requeued = await requeueFailed(db, outboxScope(scope), id);
      if (!requeued) {
        const row = await findOutboxMessage(db, outboxScope(scope), id);
        if (!row) throw notFound();
        throw AppError.withParams('INVALID_TRANSITION', { from: row.status, to: 'queued' });
      }
      void mail.dispatchDue().catch((err: unknown) => request.log.error({ err }, 'mail dispatch failed'));
      return reply.status(202).send({ id, status: 'queued' as const });
    },
  );
};
