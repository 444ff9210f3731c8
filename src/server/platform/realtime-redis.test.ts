import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { createRedisHub, type RedisConnection } from './realtime-redis.ts';

/** A Redis server in memory: connections that record their commands and hear what others PUBLISH. */
function fakeRedis() {
  const connections: FakeConnection[] = [];
  class FakeConnection extends EventEmitter {
    status = 'ready';
    commands: string[] = [];
    channels = new Set<string>();
    constructor(readonly role: string) {
      super();
      connections.push(this);
    }
    async subscribe(channel: string) {
      this.commands.push(`SUBSCRIBE ${channel}`);
      this.channels.add(channel);
    }
    async unsubscribe(channel: string) {
      this.commands.push(`UNSUBSCRIBE ${channel}`);
      this.channels.delete(channel);
    }
    async publish(channel: string, message: string) {
      if (this.status !== 'ready') throw new Error('Connection is closed.');
      this.commands.push(`PUBLISH ${channel}`);
      for (const c of connections) if (c.channels.has(channel)) c.emit('message', channel, message);
    }
    async quit() {
      this.commands.push('QUIT');
      this.status = 'end';
    }
    disconnect() {
      this.status = 'end';
    }
    /** The connection drops and comes back: Redis forgot its subscriptions. */
    reconnect() {
      this.channels.clear();
      this.status = 'reconnecting';
      this.emit('close');
      this.status = 'ready';
      this.emit('ready');
    }
  }
  return {
    connections,
    connect: (_url: string, role: 'publisher' | 'subscriber') =>
      new FakeConnection(role) as FakeConnection & RedisConnection,
  };
}

function fakeLog() {
  return { warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    info: ReturnType<typeof vi.fn>;
  };
}

const heartbeat = (n: number): TServerMessage => ({ type: 'HEARTBEAT', timestamp: String(n) });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Redis hub', () => {
  it('subscribes a topic on its first local listener and unsubscribes it when the last leaves', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub('redis://x', fakeLog(), { channelPrefix: 'p:', connect: redis.connect });
    const subscriber = redis.connections.find((c) => c.role === 'subscriber')!;
    const offA = hub.subscribe('t1', () => {});
    const offB = hub.subscribe('t1', () => {});
    const offC = hub.subscribe('t2', () => {});
    offA();
    expect(subscriber.commands).toEqual(['SUBSCRIBE p:t1', 'SUBSCRIBE p:t2']);
    offB();
    offB(); // twice is once
    offC();
    expect(subscriber.commands.slice(2)).toEqual(['UNSUBSCRIBE p:t1', 'UNSUBSCRIBE p:t2']);
    // The topic watch stays this instance's own.
    const seen: string[] = [];
    hub.watchTopics((topic, active) => seen.push(`${topic}:${active}`));
    hub.subscribe('t3', () => {});
    expect(seen).toEqual(['t3:true']);
    await hub.close();
    expect(redis.connections.every((c) => c.commands.at(-1) === 'QUIT')).toBe(true);
  });

  it('delivers another instance’s messages to local listeners, its own once, and nothing after unsubscribe', async () => {
    const redis = fakeRedis();
    const a = createRedisHub('redis://x', fakeLog(), { channelPrefix: 'p:', connect: redis.connect });
    const b = createRedisHub('redis://x', fakeLog(), { channelPrefix: 'p:', connect: redis.connect });
    const heardA: TServerMessage[] = [];
    const heardB: TServerMessage[] = [];
    const offA = a.subscribe('t', (m) => heardA.push(m));
    b.subscribe('t', (m) => heardB.push(m));
    await b.publish('t', heartbeat(1));
    await tick();
    expect(heardA).toEqual([heartbeat(1)]);
    expect(heardB).toEqual([heartbeat(1)]); // delivered locally, not again from Redis
    offA();
    await b.publish('t', heartbeat(2));
    await tick();
    expect(heardA).toHaveLength(1);
    // Another prefix is another deployment: it hears nothing.
    const other = createRedisHub('redis://x', fakeLog(), { channelPrefix: 'q:', connect: redis.connect });
    const heardOther: TServerMessage[] = [];
    other.subscribe('t', (m) => heardOther.push(m));
    await b.publish('t', heartbeat(3));
    await tick();
    expect(heardOther).toEqual([]);
  });

  it('resubscribes the active topics after a reconnection', async () => {
    const redis = fakeRedis();
    const hub = createRedisHub('redis://x', fakeLog(), { channelPrefix: 'p:', connect: redis.connect });
    const subscriber = redis.connections.find((c) => c.role === 'subscriber')!;
    subscriber.emit('ready'); // the first connection
    hub.subscribe('t1', () => {});
    hub.subscribe('t2', () => {})();
    subscriber.commands = [];
    subscriber.reconnect();
    expect(subscriber.commands).toEqual(['SUBSCRIBE p:t1']);
    expect([...subscriber.channels]).toEqual(['p:t1']);
  });

  it('delivers locally while Redis is down, logs the outage once without the password, and again once back', async () => {
    const redis = fakeRedis();
    const log = fakeLog();
    const hub = createRedisHub('redis://user:s3cret-pass@host:6379', log, { connect: redis.connect });
    const publisher = redis.connections.find((c) => c.role === 'publisher')!;
    const heard: TServerMessage[] = [];
    hub.subscribe('t', (m) => heard.push(m));
    publisher.emit('error', new Error('connect ECONNREFUSED with s3cret-pass'));
    publisher.status = 'reconnecting';
    await hub.publish('t', heartbeat(1));
    await hub.publish('t', heartbeat(2));
    expect(heard).toEqual([heartbeat(1), heartbeat(2)]);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('s3cret-pass');
    publisher.status = 'ready';
    publisher.emit('ready');
    expect(log.info).toHaveBeenCalledTimes(1);
    await hub.publish('t', heartbeat(3));
    expect(publisher.commands).toEqual(['PUBLISH gestionale:live:t']);
  });
});
