import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { createInProcessHub, type RealtimeHub } from './realtime.ts';

/** The part of an ioredis connection the hub uses (a fake in the unit test). */
export type RedisConnection = {
  readonly status: string;
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  publish(channel: string, message: string): Promise<unknown>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'ready' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
};

export type RedisHubOptions = {
  /** Every channel's name starts with it: deployments (or test files) sharing one Redis do not hear each other. */
  channelPrefix?: string;
  /** Opens a connection; ioredis by default (the unit test passes fakes). */
  connect?: (url: string, role: 'publisher' | 'subscriber') => RedisConnection;
  /** The longest subscribed() waits for Redis to confirm subscriptions. */
  subscribeWaitMs?: number;
};

export const DEFAULT_CHANNEL_PREFIX = 'gestionale:live:';

/** What travels on a channel: the message and the instance that raised it (which delivered it already). */
type Envelope = { from: string; message: TServerMessage };

function connectIoredis(url: string, role: 'publisher' | 'subscriber'): RedisConnection {
  return new Redis(url, {
    connectionName: `gestionale-live-${role}`,
    // A publish while Redis is away fails at once (delivered locally, logged), never queued to arrive stale;
    // the subscriber's SUBSCRIBE/UNSUBSCRIBE wait for the connection, in order.
    enableOfflineQueue: role === 'subscriber',
    // The hub subscribes again itself on every 'ready' from its own list of active topics.
    autoResubscribe: false,
    maxRetriesPerRequest: role === 'publisher' ? 1 : null,
  });
}

/**
 * The live channel's fan-out across app instances through Redis pub/sub (DESIGN.md §5, issue 18). Each instance
 * keeps its own sockets' listeners (an in-process hub: subscribe and watchTopics stay local, so the mail IDLE
 * watcher still sees only this instance's sockets) and SUBSCRIBEs to one Redis channel per topic while the topic
 * has a local listener, UNSUBSCRIBE when the last one leaves. A publish is delivered to the local listeners at
 * once and PUBLISHed with this instance's id; every instance delivers what it hears from the others and skips its
 * own. So one instance keeps working when Redis is down (the outage is logged once, the URL never), publishing
 * never waits on Redis, and on reconnection the active topics are subscribed again.
 */
export function createRedisHub(
  url: string,
  log: FastifyBaseLogger,
  options: RedisHubOptions = {},
): RealtimeHub {
  const prefix = options.channelPrefix ?? DEFAULT_CHANNEL_PREFIX;
  const connect = options.connect ?? connectIoredis;
  const waitMs = options.subscribeWaitMs ?? 1000;
  const instance = randomUUID();
  const local = createInProcessHub();
  const publisher = connect(url, 'publisher');
  const subscriber = connect(url, 'subscriber');
  const active = new Set<string>();
  /** SUBSCRIBEs not yet confirmed by Redis. */
  const pending = new Set<Promise<unknown>>();
  const password = safePassword(url);
  let down = false;
  let closed = false;

  /** An error's words without the URL's password (ioredis does not put it there; this makes sure). */
  const describe = (err: unknown) => {
    const text = err instanceof Error ? err.message : String(err);
    return password ? text.split(password).join('***') : text;
  };
  const lost = (err: unknown, what: string) => {
    if (down || closed) return;
    down = true;
    log.warn(
      { redisError: describe(err) },
      `Redis unreachable (${what}): live updates reach this instance's sockets only until it is back`,
    );
  };
  const back = () => {
    if (!down || closed) return;
    if (publisher.status !== 'ready' || subscriber.status !== 'ready') return;
    down = false;
    log.info('Redis reachable again: live updates reach every instance');
  };

  const channelOf = (topic: string) => prefix + topic;
  const send = (command: 'subscribe' | 'unsubscribe', topic: string) => {
    const done = subscriber[command](channelOf(topic)).catch((err: unknown) => lost(err, command));
    if (command === 'subscribe') {
      pending.add(done);
      void done.finally(() => pending.delete(done));
    }
  };

  const unwatch = local.watchTopics((topic, isActive) => {
    if (closed) return;
    if (isActive) active.add(topic);
    else active.delete(topic);
    send(isActive ? 'subscribe' : 'unsubscribe', topic);
  });

  subscriber.on('message', (channel, raw) => {
    if (closed || !channel.startsWith(prefix)) return;
    const topic = channel.slice(prefix.length);
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (!envelope || typeof envelope !== 'object' || envelope.from === instance || !envelope.message) return;
    // A message for a topic that just lost its last listener has no one to reach: the local hub drops it.
    void local.publish(topic, envelope.message);
  });
  let subscriberReadyBefore = false;
  subscriber.on('ready', () => {
    // After a reconnection the connection has no subscription left: the active topics are subscribed again.
    if (subscriberReadyBefore) for (const topic of active) send('subscribe', topic);
    subscriberReadyBefore = true;
    back();
  });
  publisher.on('ready', back);
  for (const [connection, role] of [
    [publisher, 'publisher'],
    [subscriber, 'subscriber'],
  ] as const) {
    connection.on('error', (err) => lost(err, role));
    connection.on('close', () => lost(new Error('connection closed'), role));
  }

  return {
    async publish(topic, message) {
      await local.publish(topic, message);
      if (closed) return;
      if (publisher.status !== 'ready') {
        lost(new Error(`connection ${publisher.status}`), 'publish');
        return;
      }
      const envelope: Envelope = { from: instance, message };
      // Not awaited: a request that raised an event never waits on Redis.
      publisher
        .publish(channelOf(topic), JSON.stringify(envelope))
        .catch((err: unknown) => lost(err, 'publish'));
    },
    subscribe: local.subscribe,
    watchTopics: local.watchTopics,
    async subscribed() {
      if (subscriber.status !== 'ready' || pending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...pending]),
        new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
    },
    async close() {
      if (closed) return;
      closed = true;
      unwatch();
      await local.close();
      await Promise.all(
        [publisher, subscriber].map((c) =>
          // QUIT needs a connection; without one there is nothing to end politely.
          c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : Promise.resolve(c.disconnect()),
        ),
      );
    },
  };
}

/** The URL's password (decoded), or null: to keep it out of logged errors. */
function safePassword(url: string): string | null {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password.length >= 3 ? password : null;
  } catch {
    return null;
  }
}
