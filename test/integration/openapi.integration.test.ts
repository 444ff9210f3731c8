import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from '../helpers/test-app.ts';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Routes of the app as `METHOD /path`, read from Fastify's own route tree
 * (`printRoutes({ commonPrefix: false })`): each line is a path segment under its parent,
 * four characters of indentation per level, followed by `(METHODS)`.
 */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(full);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push(`${method} ${full}`);
    }
  }
  return routes;
}

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type OpenApi = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

describe.each(DATABASES)('OpenAPI on %s', (kind) => {
  let t: TestApp;
  let doc: OpenApi;
  let v1Routes: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    v1Routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter((r) => {
      const [method, url] = r.split(' ') as [string, string];
      return url.startsWith('/api/v1') && (HTTP_METHODS as readonly string[]).includes(method);
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    doc = response.json() as OpenApi;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the route tree', () => {
    // Guards the parser: these routes exist since the platform issue.
    expect(v1Routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/me',
        'POST /api/v1/organizations',
        'PUT /api/v1/organizations/active',
        'GET /api/v1/organization/members',
        'GET /api/v1/outbox',
        'GET /api/v1/outbox/:id',
        'POST /api/v1/notifications/test',
        'GET /api/v1/public/config',
      ]),
    );
  });

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBeTruthy();
  });

  it('documents every /api/v1 route with a response schema', () => {
    const missing: string[] = [];
    const withoutResponse: string[] = [];
    for (const route of v1Routes) {
      const [method, url] = route.split(' ') as [string, string];
      const openApiPath = url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(route);
        continue;
      }
      // A JSON schema for a 2xx answer, or a documented 204 No Content (deletes).
      const documented = Object.entries(operation.responses ?? {}).some(
        ([status, r]) =>
          status === '204' ||
          (/^2\d\d$/.test(status) && r.content?.['application/json']?.schema !== undefined),
      );
      if (!documented) withoutResponse.push(route);
    }
    expect(missing, 'routes missing from /api/openapi.json').toEqual([]);
    expect(withoutResponse, 'routes without a 2xx JSON response schema or a 204').toEqual([]);
  });

  it('documents path parameters and JSON request bodies', () => {
    for (const route of v1Routes) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      for (const name of [...url.matchAll(/:(\w+)/g)].map((m) => m[1])) {
        expect(operation?.parameters, route).toEqual(
          expect.arrayContaining([expect.objectContaining({ in: 'path', name })]),
        );
      }
    }
    const create = doc.paths['/api/v1/organizations']?.post;
    expect(create?.requestBody?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    const active = doc.paths['/api/v1/organizations/active']?.put;
    expect(active?.requestBody?.content?.['application/json']?.schema).toMatchObject({
      properties: { organizationId: { type: 'string' } },
    });
    const list = doc.paths['/api/v1/outbox']?.get;
    expect(list?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:page', 'query:pageSize']),
    );
  });

  it('hides the internal routes', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth') || p === '/api/ws')).toEqual([]);
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('/api/docs serves the reference page', async () => {
    let url = '/api/docs';
    let response = await t.app.inject({ method: 'GET', url });
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      url = new URL(String(response.headers.location), `http://localhost${url}`).pathname;
      response = await t.app.inject({ method: 'GET', url });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
    expect(response.body).toContain('/api/openapi.json');
  });
});
