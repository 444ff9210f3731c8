import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAttendee,
  ZAttendeeList,
  ZCalendarFeedCreated,
  ZCalendarFeedStatus,
  ZCalendarOptions,
  ZCheckIn,
  ZComment,
  ZCommentInput,
  ZCommentList,
  ZEvent,
  ZEventInput,
  ZEventListQuery,
  ZEventMove,
  ZEventOccurrenceList,
  ZInvitation,
  ZInvitationInput,
  ZInvitationList,
  ZInvitationPatch,
  ZPublicInvitation,
  ZRsvpSubmission,
} from '@shared/calendar/contracts.ts';
import type { Db } from '../../platform/db.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency.ts';
import { scopeOf, userOf } from '../../platform/request-context.ts';
import {
  addComment,
  checkIn,
  deleteComment,
  listAttendees,
  listComments,
  undoCheckIn,
} from './attendance.ts';
import { createFeed, feedStatus, publicFeed, revokeFeed } from './feed.ts';
import {
  calendarOptions,
  cancelInvitation,
  createEvent,
  createInvitation,
  deleteEvent,
  getEvent,
  getPublicInvitation,
  listEvents,
  listInvitations,
  moveEvent,
  patchInvitation,
  recordRsvpForGuest,
  resendInvitation,
  respondToInvitation,
  updateEvent,
} from './service.ts';

export type CalendarRoutesOptions = {
  db: Db;
  mail: MailPort;
  hub: RealtimeHub;
  /** Base of the guests' links: `${appUrl}/rsvp/{token}`; of subscriptions: `${appUrl}/api/public/calendar/…`. */
  appUrl: string;
  /** The mail port's From: the iCalendar ORGANIZER when the business profile has no e-mail. */
  mailFrom: string;
  /** Per IP and route on the public routes (no session): the same limit as sign-in. */
  publicRateLimit: { max: number; windowMs: number };
};

const ZIdParams = z.object({ id: z.string().max(64) });
const ZInvitationParams = z.object({ id: z.string().max(64), invitationId: z.string().max(64) });
const ZAttendeeParams = z.object({ id: z.string().max(64), attendeeId: z.string().max(64) });
const ZCommentParams = z.object({ id: z.string().max(64), commentId: z.string().max(64) });
const ZTokenParams = z.object({ token: z.string().max(128) });
const ZFeedParams = z.object({ file: z.string().max(128) });
const ZIcsFile = z.string().meta({ format: 'binary', description: 'iCalendar (text/calendar)' });

/**
 * /api/v1/events and /api/v1/calendar/*: the organization's calendar, invitations, attendees, comments and the
 * user's subscription URL. Reading needs view_financial_data, writing manage_financial_data, like the other
 * business areas (events carry client data). /api/public/rsvp/{token} (the guest's answer page) and
 * /api/public/calendar/{token}.ics (the subscription) work without a session and are rate limited.
 */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, options) => {
  const read = { permissions: ['view_financial_data'] } as const;
  const write = { permissions: ['manage_financial_data'] } as const;
  const tags = ['calendar'];
  const publicConfig = {
    access: 'public',
    rateLimit: { max: options.publicRateLimit.max, timeWindow: options.publicRateLimit.windowMs },
  } as const;
  const deps = {
    db: options.db,
    mail: options.mail,
    hub: options.hub,
    appUrl: options.appUrl,
    mailFrom: options.mailFrom,
  };
  const withLog = (log: typeof app.log) => ({ ...deps, log });

  app.get(
    '/api/v1/calendar/options',
    {
      config: read,
      schema: {
        tags,
        summary:
          "The organization's time zone, defaults, guest limits and whether SMS invitations are available",
        response: { 200: ZCalendarOptions },
      },
    },
    async (request) => calendarOptions(deps, { orgId: scopeOf(request).orgId }),
  );

  app.get(
    '/api/v1/events',
    {
      config: read,
      schema: {
        tags,
        summary: 'Occurrences between two dates (inclusive, at most 400 days), recurring events expanded',
        querystring: ZEventListQuery,
        response: { 200: ZEventOccurrenceList },
      },
    },
    async (request) => listEvents(deps, { orgId: scopeOf(request).orgId, query: request.query }),
  );

  app.post(
    '/api/v1/events',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an event; an Idempotency-Key header makes a repeat answer the first event',
        body: ZEventInput,
        response: { 201: ZEvent },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      // Sent again with the same Idempotency-Key (the offline queue's replay), it answers the first event.
      const answer = await idempotent(
        deps.db,
        { orgId, userId, kind: 'events.create', key: idempotencyKeyOf(request) },
        async () => ({
          status: 201,
          body: await createEvent(withLog(request.log), { orgId, userId, input: request.body }),
        }),
      );
      return reply.status(201).send(answer.body);
    },
  );

  app.get(
    '/api/v1/events/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One event with its stats (404 EVENT_NOT_FOUND)',
        params: ZIdParams,
        response: { 200: ZEvent },
      },
    },
    async (request) => getEvent(deps, { orgId: scopeOf(request).orgId, id: request.params.id }),
  );

  app.put(
    '/api/v1/events/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Replace an event; guests get an update (.ics with a higher SEQUENCE) when what they see changed',
        params: ZIdParams,
        body: ZEventInput,
        response: { 200: ZEvent },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return updateEvent(withLog(request.log), { orgId, userId, id: request.params.id, input: request.body });
    },
  );

  app.post(
    '/api/v1/events/:id/move',
    {
      config: write,
      schema: {
        tags,
        summary: 'Move an event to another day or time, keeping its duration; guests get an update',
        params: ZIdParams,
        body: ZEventMove,
        response: { 200: ZEvent },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return moveEvent(withLog(request.log), { orgId, userId, id: request.params.id, move: request.body });
    },
  );

  app.delete(
    '/api/v1/events/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an event; every guest gets a cancellation (METHOD:CANCEL)',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      await deleteEvent(withLog(request.log), { orgId, userId, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // ─── Invitations ─────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/v1/events/:id/invitations',
    {
      config: read,
      schema: {
        tags,
        summary: 'The invitations of an event, oldest first, with response rate and total guests',
        params: ZIdParams,
        response: { 200: ZInvitationList },
      },
    },
    async (request) => listInvitations(deps, { orgId: scopeOf(request).orgId, eventId: request.params.id }),
  );

  app.post(
    '/api/v1/events/:id/invitations',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Invite a client or any address: e-mail with one-click answers, the .ics (METHOD:REQUEST) and a check-in QR code',
        params: ZIdParams,
        body: ZInvitationInput,
        response: { 201: ZInvitation },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const invitation = await createInvitation(withLog(request.log), {
        orgId,
        userId,
        eventId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(invitation);
    },
  );

  app.patch(
    '/api/v1/events/:id/invitations/:invitationId',
    {
      config: write,
      schema: {
        tags,
        summary: "Change an invitation's reminders flag, name or phone",
        params: ZInvitationParams,
        body: ZInvitationPatch,
        response: { 200: ZInvitation },
      },
    },
    async (request) =>
      patchInvitation(deps, {
        orgId: scopeOf(request).orgId,
        eventId: request.params.id,
        id: request.params.invitationId,
        patch: request.body,
      }),
  );

  app.post(
    '/api/v1/events/:id/invitations/:invitationId/resend',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send the invitation again with a new link (the earlier links stop working)',
        params: ZInvitationParams,
        response: { 200: ZInvitation },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return resendInvitation(withLog(request.log), {
        orgId,
        userId,
        eventId: request.params.id,
        id: request.params.invitationId,
      });
    },
  );

  app.post(
    '/api/v1/events/:id/invitations/:invitationId/rsvp',
    {
      config: write,
      schema: {
        tags,
        summary: 'Record an answer the guest gave another way (phone, in person)',
        params: ZInvitationParams,
        body: ZRsvpSubmission,
        response: { 200: ZInvitation },
      },
    },
    async (request) =>
      recordRsvpForGuest(deps, {
        orgId: scopeOf(request).orgId,
        eventId: request.params.id,
        id: request.params.invitationId,
        submission: request.body,
      }),
  );

  app.delete(
    '/api/v1/events/:id/invitations/:invitationId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Cancel an invitation: the guest gets METHOD:CANCEL and the link stops working',
        params: ZInvitationParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      await cancelInvitation(withLog(request.log), {
        orgId,
        userId,
        eventId: request.params.id,
        id: request.params.invitationId,
      });
      return reply.status(204).send(null);
    },
  );

  // ─── Attendees and comments ──────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/v1/events/:id/attendees',
    {
      config: read,
      schema: {
        tags,
        summary: 'Attendees (guests who accepted), in order of creation',
        params: ZIdParams,
        response: { 200: ZAttendeeList },
      },
    },
    async (request) => listAttendees(deps, { orgId: scopeOf(request).orgId, eventId: request.params.id }),
  );

  app.post(
    '/api/v1/events/:id/check-in',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Check a guest in by invitation id or by the scanned QR code (the RSVP link); 409 CHECK_IN_FAILED unless accepted',
        params: ZIdParams,
        body: ZCheckIn,
        response: { 200: ZAttendee },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return checkIn(deps, { orgId, userId, eventId: request.params.id, body: request.body });
    },
  );

  app.delete(
    '/api/v1/events/:id/attendees/:attendeeId/check-in',
    {
      config: write,
      schema: {
        tags,
        summary: 'Undo a check-in',
        params: ZAttendeeParams,
        response: { 200: ZAttendee },
      },
    },
    async (request) =>
      undoCheckIn(deps, {
        orgId: scopeOf(request).orgId,
        eventId: request.params.id,
        attendeeId: request.params.attendeeId,
      }),
  );

  app.get(
    '/api/v1/events/:id/comments',
    {
      config: read,
      schema: {
        tags,
        summary:
          "Comments, oldest first: public ones and the caller's private ones; replies name their parent",
        params: ZIdParams,
        response: { 200: ZCommentList },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return listComments(deps, { orgId, userId, eventId: request.params.id });
    },
  );

  app.post(
    '/api/v1/events/:id/comments',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a comment or a reply (422 COMMENT_ADD_FAILED when the parent is not on this event)',
        params: ZIdParams,
        body: ZCommentInput,
        response: { 201: ZComment },
      },
    },
    async (request, reply) => {
      const { orgId } = scopeOf(request);
      const user = userOf(request);
      const comment = await addComment(deps, {
        orgId,
        author: { id: user.id, name: user.name, email: user.email },
        eventId: request.params.id,
        comment: request.body,
      });
      return reply.status(201).send(comment);
    },
  );

  app.delete(
    '/api/v1/events/:id/comments/:commentId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a comment with its replies',
        params: ZCommentParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      await deleteComment(deps, {
        orgId,
        userId,
        eventId: request.params.id,
        id: request.params.commentId,
      });
      return reply.status(204).send(null);
    },
  );

  // ─── Subscription ────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/v1/calendar/feed',
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether the caller has a subscription URL (the URL itself is shown only when created)',
        response: { 200: ZCalendarFeedStatus },
      },
    },
    async (request) => {
      const { orgId, userId } = scopeOf(request);
      return feedStatus(deps, { orgId, userId });
    },
  );

  app.post(
    '/api/v1/calendar/feed',
    {
      config: read,
      schema: {
        tags,
        summary: 'Create the caller’s private iCalendar URL, or replace it (the previous URL stops working)',
        response: { 201: ZCalendarFeedCreated },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      return reply.status(201).send(await createFeed(deps, { orgId, userId }));
    },
  );

  app.delete(
    '/api/v1/calendar/feed',
    {
      config: read,
      schema: { tags, summary: 'Revoke the caller’s iCalendar URL', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      await revokeFeed(deps, { orgId, userId });
      return reply.status(204).send(null);
    },
  );

  // ─── Public ──────────────────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/public/rsvp/:token',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: 'The invitation behind a guest’s link (404 INVITATION_NOT_FOUND when unknown or expired)',
        params: ZTokenParams,
        response: { 200: ZPublicInvitation },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPublicInvitation(withLog(request.log), request.params.token);
    },
  );

  app.post(
    '/api/public/rsvp/:token',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary:
          'The guest answers or changes the answer; the host is e-mailed and the organization notified',
        params: ZTokenParams,
        body: ZRsvpSubmission,
        response: { 200: ZPublicInvitation },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return respondToInvitation(withLog(request.log), {
        token: request.params.token,
        submission: request.body,
      });
    },
  );

  app.get(
    '/api/public/calendar/:file',
    {
      config: publicConfig,
      schema: {
        tags,
        security: [],
        summary: 'A user’s calendar subscription: {token}.ics (404 when revoked)',
        params: ZFeedParams,
        response: { 200: ZIcsFile },
      },
    },
    async (request, reply) => {
      const ics = await publicFeed(deps, request.params.file);
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="calendar.ics"')
          .header('cache-control', 'private, no-cache')
          // Buffers bypass the serializer; the schema only documents the file.
          .send(Buffer.from(ics, 'utf8') as unknown as string)
      );
    },
  );
};
