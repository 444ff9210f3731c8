import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { fromNodeHeaders } from 'better-auth/node';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { catalogueText } from '@shared/i18n/texts.ts';
import { hasAllPermissions, hasPermission, type Role } from '@shared/auth/permissions.ts';
import {
  parseClientMessage,
  REAL_TIME_FIGURE_METRICS,
  type TChannel,
  type TRealTimeMetric,
  type TServerMessage,
} from '@shared/realtime/messages.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { resolveMembership } from '../../platform/request-context.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import { AppError } from '../../platform/errors.ts';
import { unreadNotificationCount } from '../notifications/index.ts';
import { realTimeFigures } from '../reports/index.ts';

/**
 * The live channel: accepted only with a valid session from a trusted origin; clients subscribe to
 * channels. Frames that arrive while the session is being looked up are handled in order once it is known.
 * REQUEST_REAL_TIME_DATA is answered with REAL_TIME_DATA: the figures of the socket's organization that the
 * member's role (read again for each request) lets it see; one request per socket runs at a time, and those
 * that arrive meanwhile are answered together once it ends.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; hub: RealtimeHub; trustedOrigins: string[] },
) {
  const trusted = new Set(deps.trustedOrigins);
  app.get(
    '/api/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Browsers always send Origin on a WebSocket upgrade; another origin must not ride the cookie.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && !trusted.has(origin)) throw new AppError('ORIGIN_REJECTED');
      },
    },
    (socket: WebSocket, request) => {
      const send = (message: TServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const subscriptions = new Map<TChannel, Array<() => void>>();
      // Refusals of a frame are worded in the language of the upgrade request, as the API's errors are.
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      let scope: { userId: string; orgId: string | null; role: Role | null } | null = null;
      const controls: Array<() => void> = [];
      let closed = false;

      function attach(channel: TChannel) {
        if (!scope) return;
        const { userId, orgId, role } = scope;
        // Scheduled reports' runs reach only the members who may see reports (core-app.md §2).
        const seesReports = !!role && hasAllPermissions(role, ['view_analytics', 'access_reports']);
        const seesDocuments = !!role && hasAllPermissions(role, ['view_financial_data']);
        const topicList =
          channel === 'dashboard'
            ? orgId
              ? [topics.orgDashboard(orgId)]
              : []
            : channel === 'reports'
              ? orgId && seesReports
                ? [topics.orgReports(orgId)]
                : []
              : channel === 'mail'
                ? orgId
                  ? [topics.userMail(orgId, userId)]
                  : []
                : channel === 'documents'
                  ? orgId && seesDocuments
                    ? [topics.orgDocuments(orgId)]
                    : []
                  : [topics.userNotifications(userId), ...(orgId ? [topics.orgNotifications(orgId)] : [])];
        subscriptions.set(
          channel,
          topicList.map((t) => deps.hub.subscribe(t, send)),
        );
      }
      /** SUBSCRIBED once the topics hear every app instance (Redis confirmed them), so nothing after it is lost. */
      async function subscribe(channel: TChannel) {
        if (!subscriptions.has(channel)) attach(channel);
        await deps.hub.subscribed();
        send({ type: 'SUBSCRIBED', channel });
      }
      /** A removed member's open socket stops hearing the organization at once, not on its next connection. */
      function dropOrganization(organizationId: string) {
        if (!scope || scope.orgId !== organizationId) return;
        scope = { ...scope, orgId: null, role: null };
        for (const [channel, offs] of [...subscriptions]) {
          offs.forEach((off) => off());
          attach(channel);
        }
      }
      function unsubscribe(channel: TChannel) {
        subscriptions.get(channel)?.forEach((off) => off());
        subscriptions.delete(channel);
        send({ type: 'UNSUBSCRIBED', channel });
      }
      /** Metrics asked while a request is running: answered by one more run once it ends. */
      let waiting: Set<TRealTimeMetric> | null = null;
      let running = false;
      async function answerRealTimeData(metrics: readonly TRealTimeMetric[]) {
        if (!scope) return;
        const { userId, orgId } = scope;
        // The role may have changed since the socket opened: the figures follow the role of now.
        const role = orgId ? await resolveMembership(deps.db, userId, orgId) : null;
        const organizationId = role ? orgId : null;
        const seesFigures = !!role && hasPermission(role, 'view_analytics');
        const allowed = metrics.filter((m) => seesFigures || !REAL_TIME_FIGURE_METRICS.includes(m));
        const figureMetrics = allowed.filter((m) => REAL_TIME_FIGURE_METRICS.includes(m));
        const [business, unread] = await Promise.all([
          organizationId && figureMetrics.length > 0
            ? realTimeFigures(deps, { orgId: organizationId, metrics: figureMetrics })
            : null,
          allowed.includes('unreadNotifications')
            ? unreadNotificationCount(deps, { userId, organizationId })
            : null,
        ]);
        send({
          type: 'REAL_TIME_DATA',
          organizationId,
          date: business?.date ?? null,
          figures: {
            ...business?.figures,
            ...(unread === null ? {} : { unreadNotifications: { count: unread } }),
          },
          denied: metrics.filter((m) => !allowed.includes(m)),
          timestamp: new Date().toISOString(),
        });
      }
      function requestRealTimeData(metrics: readonly TRealTimeMetric[]) {
        if (running) {
          waiting ??= new Set();
          metrics.forEach((m) => waiting!.add(m));
          return;
        }
        running = true;
        void answerRealTimeData(metrics)
          .catch(() => {
            const text = catalogueText('common', 'apiErrors.SERVICE_UNAVAILABLE', locale);
            send({ type: 'ERROR', error: { code: 'SERVICE_UNAVAILABLE', message: text } });
          })
          .finally(() => {
            running = false;
            const next = waiting;
            waiting = null;
            if (next && !closed) requestRealTimeData([...next]);
          });
      }
      async function handle(raw: string) {
        const parsed = parseClientMessage(raw.slice(0, 64 * 1024));
        if (!parsed.ok) {
          const text = catalogueText('common', `apiErrors.${parsed.code}`, locale);
          send({ type: 'ERROR', error: { code: parsed.code, message: text } });
          return;
        }
        const message = parsed.message;
        if (message.type === 'HEARTBEAT') send({ type: 'HEARTBEAT', timestamp: new Date().toISOString() });
        else if (message.type === 'SUBSCRIBE') await subscribe(message.channel);
        else if (message.type === 'UNSUBSCRIBE') unsubscribe(message.channel);
        else requestRealTimeData(message.metrics);
      }

      // Listen at once; frames wait on the session lookup so none is lost and order is kept.
      const ready = deps.auth.api
        .getSession({ headers: fromNodeHeaders(request.headers) })
        .then(async (session) => {
          if (!session) {
            socket.close(4401, 'Unauthorized');
            return false;
          }
          const activeOrgId =
            (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
          // A session may still name an organization the user was removed from: no topic of it then.
          const role = activeOrgId ? await resolveMembership(deps.db, session.user.id, activeOrgId) : null;
          const stillMember = role !== null;
          // The socket may have closed during the lookups: then nothing is subscribed.
          if (closed) return false;
          scope = { userId: session.user.id, orgId: stillMember ? activeOrgId : null, role };
          // A revoked session loses its live channel at once, not on its next request.
          controls.push(
            deps.hub.subscribe(topics.session(session.session.id), (message) => {
              if (message.type !== 'SESSION_REVOKED') return;
              send(message);
              socket.close(4401, 'Session revoked');
            }),
            deps.hub.subscribe(topics.membership(session.user.id), (message) => {
              if (message.type === 'MEMBERSHIP_ENDED') dropOrganization(message.organizationId);
            }),
          );
          await deps.hub.subscribed();
          if (closed) return false;
          send({ type: 'CONNECTED', userId: scope.userId, organizationId: scope.orgId });
          return true;
        })
        .catch(() => {
          socket.close(1011, 'Session lookup failed');
          return false;
        });
      let queue = ready;
      socket.on('message', (data: Buffer) => {
        const raw = data.toString('utf8');
        queue = queue.then(async (ok) => {
          if (ok) await handle(raw);
          return ok;
        });
      });
      socket.on('close', () => {
        closed = true;
        controls.forEach((off) => off());
        for (const offs of subscriptions.values()) offs.forEach((off) => off());
        subscriptions.clear();
      });
    },
  );
}
