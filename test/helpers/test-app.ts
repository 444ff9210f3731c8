import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '@server/app.ts';
import { loadConfig, testDatabaseUrl, type AppConfig } from '@server/platform/config.ts';
import { addMember, createOrganizationFor, createUser } from '@server/seed/factories.ts';
import { TEST_DB_TEMPLATE_DIR } from './db-template.ts';
import type { Role } from '@shared/auth/permissions.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every integration file runs once per entry: in-memory PGlite always, PostgreSQL when configured. */
export const DATABASES: DatabaseKind[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'Correct-horse-42';

export type TestApp = {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app, drops the PostgreSQL database and removes the data folder. */
  close(options?: { tolerateAppCloseError?: boolean }): Promise<void>;
};

/**
 * PostgreSQL runs get a database of their own, created from TEST_DATABASE_URL's server and dropped
 * afterwards, so files can run in parallel and migrations run exactly as in production.
 */
async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  options: {
    /** The app reaches PostgreSQL through this address instead (a proxy the test can cut). */
    databaseUrlVia?: (url: string) => string;
    /** The app's log goes here instead of nowhere. */
    logStream?: DestinationStream;
    /**
     * PostgreSQL only: the app uses this database (another test app's `config.databaseUrl`) instead of a new one,
     * and leaves it in place on close; a second app instance on the same data.
     */
    sharedDatabaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEMO_DATA: 'false',
    APP_URL: ORIGIN,
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gestionale-test-'));
  const shared = kind === 'postgres' ? options.sharedDatabaseUrl : undefined;
  // A shared database is created and dropped by the app that made it.
  const serverUrl = kind === 'postgres' && !shared ? testDatabaseUrl() : undefined;
  if (kind === 'postgres' && !serverUrl && !shared) throw new Error('TEST_DATABASE_URL is not set');
  const database = `t_${randomBytes(6).toString('hex')}`;
  if (serverUrl) await adminQuery(serverUrl, `create database ${database}`);
  const directUrl = shared ?? (serverUrl ? withDatabase(serverUrl, database) : undefined);
  const databaseUrl = directUrl && options.databaseUrlVia ? options.databaseUrlVia(directUrl) : directUrl;
  const dropDatabase = async () => {
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
  };

  const config: AppConfig = {
    ...base,
    dataDir,
    // Tests sign many users up from one address; the rate-limit file sets its own limit.
    authRateLimit: { max: 10_000, windowMs: 60_000 },
    ...(kind === 'pglite'
      ? { inMemoryDatabase: true, databaseUrl: undefined, dbTemplateDir: TEST_DB_TEMPLATE_DIR }
      : { inMemoryDatabase: false, databaseUrl }),
    ...overrides,
  };

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { logStream: options.logStream });
  } catch (err) {
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }

  let closed = false;
  return {
    app,
    config,
    async close(options = {}) {
      if (closed) return;
      closed = true;
      let failure: unknown;
      try {
        await app.close();
      } catch (err) {
        if (!options.tolerateAppCloseError) failure = err;
      }
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (failure) throw failure;
    },
  };
}

/** `name=value` pairs of every Set-Cookie of a response, joined for a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0]!.trim())
    .filter((pair) => pair.length > 0 && !pair.endsWith('='))
    .join('; ');
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

export type SignedIn = { cookie: string; user: { id: string; name: string; email: string } };

export async function signUp(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
  const body = {
    name: input.name ?? 'Test User',
    email: input.email ?? uniqueEmail(),
    password: input.password ?? PASSWORD,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: body,
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error('sign-up answered without a session cookie');
  const { user } = response.json() as { user: SignedIn['user'] };
  return { cookie, user };
}

export function signInRequest(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<SignedIn> {
  const response = await signInRequest(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error('sign-in answered without a session cookie');
  const { user } = response.json() as { user: SignedIn['user'] };
  return { cookie, user };
}

type Headers = Record<string, string>;

/** Requests as a signed-in browser would send them: always with the Origin and the session cookie. */
export function api(app: FastifyInstance, cookie: string) {
  const headers = (extra: Headers = {}) => ({ origin: ORIGIN, cookie, ...extra });
  return {
    get: (url: string, extra?: Headers) => app.inject({ method: 'GET', url, headers: headers(extra) }),
    post: (url: string, body?: unknown, extra?: Headers) =>
      app.inject({
        method: 'POST',
        url,
        headers: headers(extra),
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    put: (url: string, body?: unknown, extra?: Headers) =>
      app.inject({
        method: 'PUT',
        url,
        headers: headers(extra),
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    del: (url: string, extra?: Headers) => app.inject({ method: 'DELETE', url, headers: headers(extra) }),
  };
}

export type SignedInWithOrg = SignedIn & {
  organizationId: string;
  role: Role;
  /** The creator of the organization (the signed-in user itself for super_admin). */
  ownerId: string;
};

/**
 * A signed-in user whose session has an active organization. super_admin (the default) creates it
 * through the API; any other role joins an organization created for a fresh owner, then signs in.
 */
export async function createSignedInUserWithOrg(
  app: FastifyInstance,
  options: { role?: Role; organizationName?: string; name?: string } = {},
): Promise<SignedInWithOrg> {
  const role = options.role ?? 'super_admin';
  const organizationName = options.organizationName ?? `Org ${randomUUID().slice(0, 8)}`;
  if (role === 'super_admin') {
    const signed = await signUp(app, { name: options.name ?? 'Owner User' });
    const response = await api(app, signed.cookie).post('/api/v1/organizations', { name: organizationName });
    if (response.statusCode !== 201) {
      throw new Error(`organization not created: ${response.statusCode} ${response.body}`);
    }
    const { id } = response.json() as { id: string };
    return { ...signed, organizationId: id, role, ownerId: signed.user.id };
  }
  const auth = app.services.auth;
  const owner = await createUser(auth, {
    name: 'Owner User',
    email: uniqueEmail('owner'),
    password: PASSWORD,
  });
  const org = await createOrganizationFor(auth, { userId: owner.id, name: organizationName });
  const email = uniqueEmail(role);
  const created = await createUser(auth, { name: options.name ?? `A ${role}`, email, password: PASSWORD });
  await addMember(auth, { userId: created.id, organizationId: org.id, role });
  const signed = await signIn(app, email);
  return { ...signed, organizationId: org.id, role, ownerId: owner.id };
}
