import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '@server/platform/config.ts';
import { api, createSignedInUserWithOrg, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 12 §5 and §6: with PostgreSQL unreachable the API answers 503 with Retry-After (never 500), recovers when
 * the server is back, and the log of the outage holds no session token and no query parameter.
 * The app reaches the real server through a TCP proxy the test cuts, as a network failure or a restart would.
 */
function createCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
        server = null;
      }),
  };
}

const serverUrl = testDatabaseUrl();

describe.runIf(serverUrl)('PostgreSQL unreachable', () => {
  const target = new URL(serverUrl ?? 'postgres://localhost');
  const proxy = createCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const log: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    await proxy.open();
    t = await createTestApp(
      'postgres',
      { logLevel: 'info' },
      {
        databaseUrlVia: (url) => {
          const via = new URL(url);
          via.hostname = '127.0.0.1';
          via.port = String(proxy.port);
          return via.toString();
        },
        logStream: { write: (line: string) => void log.push(line) },
      },
    );
  });
  afterAll(async () => {
    await proxy.open();
    await t?.close({ tolerateAppCloseError: true });
  });

  it('answers 503 with Retry-After while it is down, logs no token, and recovers', async () => {
    const owner = await createSignedInUserWithOrg(t.app);
    const client = api(t.app, owner.cookie);
    expect((await client.get('/api/v1/clients')).statusCode).toBe(200);
    const sessionToken = decodeURIComponent(owner.cookie.match(/session_token=([^;.]+)/)![1]!);
    expect(sessionToken.length).toBeGreaterThan(16);

    await proxy.cut();
    log.length = 0;
    for (const url of ['/api/v1/clients', '/api/v1/me', '/api/v1/invoices?q=rossi']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toMatch(/^\d+$/);
      expect(response.json(), url).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
      });
    }
    const created = await client.post('/api/v1/clients', { type: 'person', fullName: 'Offline Client' });
    expect(created.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    const written = log.join('');
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain(sessionToken);
    expect(written).not.toContain(owner.user.email);
    expect(written).not.toMatch(/params: (?!\[redacted\])/);

    await proxy.open();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await client.get('/api/v1/clients')).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
