import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ORIGIN, api, createSignedInUserWithOrg, type SignedInWithOrg } from './test-app.ts';

export type TenancyContext = {
  app: FastifyInstance;
  /** The signed-in super_admin of organization A, with the session cookie. */
  owner: SignedInWithOrg;
  organizationId: string;
  /** Requests as that user (origin and cookie included). */
  client: ReturnType<typeof api>;
};

/**
 * Proves that a resource route is scoped to the active organization: a resource created in
 * organization A answers its own user (so the route and id are real) and answers 404 NOT_FOUND,
 * with no data, to a user of organization B.
 */
export async function expectOtherOrganizationGets404(
  app: FastifyInstance,
  options: {
    path: (id: string) => string;
    createInOrgA: (ctx: TenancyContext) => Promise<string>;
    /** GET by default; the check works for any method that addresses one resource. */
    method?: 'GET' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
  },
) {
  const method = options.method ?? 'GET';
  const owner = await createSignedInUserWithOrg(app);
  const ownerClient = api(app, owner.cookie);
  const id = await options.createInOrgA({
    app,
    owner,
    organizationId: owner.organizationId,
    client: ownerClient,
  });
  const url = options.path(id);

  // Only read back as the owner: a state-changing call would consume the resource.
  if (method === 'GET') {
    const own = await ownerClient.get(url);
    expect(own.statusCode, `the owner reads ${url}`).toBe(200);
  }

  const stranger = await createSignedInUserWithOrg(app);
  expect(stranger.organizationId).not.toBe(owner.organizationId);
  const response = await app.inject({
    method,
    url,
    headers: { origin: ORIGIN, cookie: stranger.cookie },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  expect(response.statusCode, `${method} ${url} from another organization`).toBe(404);
  expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
  return { id, owner, stranger };
}
