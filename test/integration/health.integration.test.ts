import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_STATES, healthScore, isUsable, overallState } from '@shared/health/health-score.ts';
import { DATABASES, createTestApp, type TestApp } from '../helpers/test-app.ts';

type Health = {
  status: string;
  score: number;
  usable: boolean;
  checkedAt: string;
  subsystems: Record<
    'database' | 'storage' | 'mail',
    { status: (typeof HEALTH_STATES)[number]; detail?: string }
  >;
};

describe.each(DATABASES)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health answers 200 with database, storage and mail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Health;
    expect(Object.keys(body.subsystems).sort()).toEqual(['database', 'mail', 'storage']);
    for (const subsystem of Object.values(body.subsystems)) expect(HEALTH_STATES).toContain(subsystem.status);
    expect(HEALTH_STATES).toContain(body.status);
    expect(body.subsystems.database.status).toBe('healthy');
    // No SMTP server configured: mail goes to the outbox, which the spec counts as degraded.
    expect(body.subsystems.mail).toEqual({ status: 'degraded', detail: 'outbox: no SMTP server configured' });
    expect(['healthy', 'degraded']).toContain(body.subsystems.storage.status);
    expect(body.score).toBeGreaterThanOrEqual(0);
    expect(body.score).toBeLessThanOrEqual(1);
    const states = {
      database: body.subsystems.database.status,
      storage: body.subsystems.storage.status,
      mail: body.subsystems.mail.status,
    };
    expect(body.score).toBe(healthScore(states));
    expect(body.status).toBe(overallState(states));
    expect(body.usable).toBe(true);
    expect(isUsable(states)).toBe(true);
    expect(new Date(body.checkedAt).toString()).not.toBe('Invalid Date');
  });

  it('HEAD /api/health answers 200 without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('needs no session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'x=y' } });
    expect(response.statusCode).toBe(200);
  });
});

describe.each(DATABASES)('health with the database down on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    await t.app.services.database.close();
  });
  afterAll(async () => {
    // The app closes the database again on close; that second close is expected to fail.
    await t?.close({ tolerateAppCloseError: true });
  });

  it('GET answers 503 with the database unhealthy and the system not usable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    const body = response.json() as Health;
    expect(body.subsystems.database).toEqual({ status: 'unhealthy', detail: 'database did not answer' });
    expect(body.subsystems.mail.status).toBe('unknown');
    expect(body.status).toBe('unhealthy');
    expect(body.usable).toBe(false);
    expect(body.score).toBeLessThan(0.7);
  });

  it('HEAD answers 503', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/health' });
    expect(response.statusCode).toBe(503);
  });
});
