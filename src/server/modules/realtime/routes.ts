import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { fromNodeHeaders } from 'better-auth/node';
import { parseClientMessage, type TChannel, type TServerMessage } from '@shared/realtime/messages.ts';
import type { Auth } from '../../platform/auth.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';

const ERROR_TEXT = {
  MALFORMED_MESSAGE: 'Message is not valid JSON of a known shape',
  UNKNOWN_MESSAGE: 'Unknown message type',
} as const;

/** The live channel: accepted only with a valid session; clients subscribe to channels. */
export async function realtimeRoutes(app: FastifyInstance, deps: { auth: Auth; hub: RealtimeHub }) {
  app.get('/api/ws', { websocket: true, schema: { hide: true } }, async (socket: WebSocket, request) => {
    const session = await deps.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) {
      socket.close(4401, 'Unauthorized');
      return;
    }
    const userId = session.user.id;
    const orgId = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
    const send = (message: TServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const subscriptions = new Map<TChannel, Array<() => void>>();

    function subscribe(channel: TChannel) {
      if (!subscriptions.has(channel)) {
        const topicList = [
          topics.userNotifications(userId),
          ...(orgId ? [topics.orgNotifications(orgId)] : []),
        ];
        subscriptions.set(
          channel,
          topicList.map((t) => deps.hub.subscribe(t, send)),
        );
      }
      send({ type: 'SUBSCRIBED', channel });
    }
    function unsubscribe(channel: TChannel) {
      subscriptions.get(channel)?.forEach((off) => off());
      subscriptions.delete(channel);
      send({ type: 'UNSUBSCRIBED', channel });
    }

    socket.on('message', (data: Buffer) => {
      const parsed = parseClientMessage(data.toString('utf8').slice(0, 64 * 1024));
      if (!parsed.ok) {
        send({ type: 'ERROR', error: { code: parsed.code, message: ERROR_TEXT[parsed.code] } });
        return;
      }
      const message = parsed.message;
      if (message.type === 'HEARTBEAT') send({ type: 'HEARTBEAT', timestamp: new Date().toISOString() });
      else if (message.type === 'SUBSCRIBE') subscribe(message.channel);
      else unsubscribe(message.channel);
    });
    socket.on('close', () => {
      for (const offs of subscriptions.values()) offs.forEach((off) => off());
      subscriptions.clear();
    });
    send({ type: 'CONNECTED', userId, organizationId: orgId });
  });
}
