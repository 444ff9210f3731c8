import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createForeground, FOREGROUND_RECENT_MS, PACE_MAX_MS, registerForeground } from './foreground.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createForeground', () => {
  afterEach(() => vi.useRealTimers());

  it('lets background work on at once when no request is in flight', async () => {
    const foreground = createForeground();
    let passed = false;
    await foreground.giveWay().then(() => (passed = true));
    expect(passed).toBe(true);
  });

  it('holds background work while requests are answered, and lets it on a turn after the last one left', async () => {
    const foreground = createForeground();
    foreground.enter();
    foreground.enter();
    let passed = false;
    const waiting = foreground.giveWay({ maxWaitMs: 10_000 }).then(() => (passed = true));
    foreground.leave();
    await nextTurn();
    expect(passed).toBe(false);
    foreground.leave();
    expect(passed).toBe(false); // not inside the turn that answered the last request
    await nextTurn();
    await waiting;
    expect(passed).toBe(true);
    expect(foreground.inFlight).toBe(0);
  });

  it('never holds background work longer than its limit, so a steady stream of requests cannot starve it', async () => {
    vi.useFakeTimers();
    const foreground = createForeground();
    foreground.enter();
    let passed = false;
    void foreground.giveWay({ maxWaitMs: 250 }).then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toBe(true);
    expect(foreground.inFlight).toBe(1);
  });
});

describe('pacing', () => {
  afterEach(() => vi.useRealTimers());

  it('rests paced work as long as it worked (at most PACE_MAX_MS) while the app is in use, and not after', async () => {
    vi.useFakeTimers();
    const foreground = createForeground(() => Date.now());
    let passed = false;
    // Nobody has used the app: paced work goes on at once.
    await foreground.giveWay({ pacedWorkMs: 40 });
    foreground.enter();
    foreground.leave();
    void foreground.giveWay({ pacedWorkMs: 40 }).then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(39);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toBe(true);

    passed = false;
    void foreground.giveWay({ pacedWorkMs: 5_000 }).then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(PACE_MAX_MS - 1);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(passed).toBe(true);

    // Work that is not paced (new mail) never rests.
    passed = false;
    void foreground.giveWay().then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toBe(true);

    // The app unused for FOREGROUND_RECENT_MS: full speed again.
    await vi.advanceTimersByTimeAsync(FOREGROUND_RECENT_MS);
    passed = false;
    void foreground.giveWay({ pacedWorkMs: 40 }).then(() => (passed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(passed).toBe(true);
  });
});

describe('registerForeground', () => {
  it('counts an API request from its arrival to its answer, and nothing else', async () => {
    const app = Fastify();
    const foreground = createForeground();
    registerForeground(app, foreground);
    let seen = -1;
    app.get('/api/v1/thing', async () => {
      seen = foreground.inFlight;
      return { ok: true };
    });
    app.get('/page', async () => ({ inFlight: foreground.inFlight }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      await fetch(`http://127.0.0.1:${port}/api/v1/thing`);
      expect(seen).toBe(1);
      const page = (await (await fetch(`http://127.0.0.1:${port}/page`)).json()) as { inFlight: number };
      expect(page.inFlight).toBe(0);
      await vi.waitFor(() => expect(foreground.inFlight).toBe(0));
    } finally {
      await app.close();
    }
  });
});
