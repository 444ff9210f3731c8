import { Redis } from 'ioredis';

/**
 * The monitor's Redis check (REDIS_URL): one small connection of its own that answers PING, opened on the first
 * check and kept, so the live hub's connections are never borrowed or disturbed. Errors are not logged here (the hub
 * logs the outage once, without the URL); the check reports them as a state.
 */
export function createRedisProbe(url: string) {
  let client: Redis | null = null;
  const open = () => {
    const c = new Redis(url, {
      connectionName: 'gestionale-health',
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnection is left to the next check.
      retryStrategy: () => null,
    });
    c.on('error', () => undefined);
    return c;
  };
  return {
    async ping(): Promise<void> {
      if (!client || client.status === 'end') {
        client?.disconnect();
        client = open();
      }
      if (client.status === 'wait') await client.connect();
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error('unexpected PING answer');
    },
    async close() {
      const c = client;
      client = null;
      if (!c) return;
      await (c.status === 'ready' ? c.quit().then(() => undefined) : Promise.resolve(c.disconnect())).catch(
        () => c.disconnect(),
      );
    },
  };
}
export type RedisProbe = ReturnType<typeof createRedisProbe>;
