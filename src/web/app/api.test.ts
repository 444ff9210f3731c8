import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, EARLY_RESPONSE_MAX_AGE_MS, setStepUpHandler } from './api.ts';

const stepUpRequired = () =>
  new Response(
    JSON.stringify({
      error: {
        code: 'STEP_UP_REQUIRED',
        message: 'Confirm your identity to continue',
        details: { action: 'change_role', preset: 'strict', maxAgeMinutes: 10, twoFactor: true },
      },
    }),
    { status: 403, headers: { 'content-type': 'application/json' } },
  );
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('api() and step-up', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('document', { documentElement: { lang: 'it' } });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the registered handler with the details, then sends the request once more', async () => {
    fetchMock.mockResolvedValueOnce(stepUpRequired()).mockResolvedValueOnce(ok({ done: true }));
    const handler = vi.fn(async () => true);
    const off = setStepUpHandler(handler);
    await expect(api('/api/v1/x', { method: 'PUT', body: { role: 'admin' } })).resolves.toEqual({
      done: true,
    });
    off();
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ action: 'change_role', twoFactor: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'PUT', body: '{"role":"admin"}' });
  });

  it('gives the STEP_UP_REQUIRED error back when the user cancels, without resending', async () => {
    fetchMock.mockResolvedValueOnce(stepUpRequired());
    const off = setStepUpHandler(async () => false);
    const failure = await api('/api/v1/x').catch((e: unknown) => e);
    off();
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second refusal is the caller’s error', async () => {
    fetchMock.mockResolvedValueOnce(stepUpRequired()).mockResolvedValueOnce(stepUpRequired());
    const handler = vi.fn(async () => true);
    const off = setStepUpHandler(handler);
    await expect(api('/api/v1/x')).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' });
    off();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one dialog between requests refused at the same moment', async () => {
    fetchMock
      .mockResolvedValueOnce(stepUpRequired())
      .mockResolvedValueOnce(stepUpRequired())
      .mockImplementation(async () => ok({ done: true }));
    let confirm: (value: boolean) => void = () => {};
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    const off = setStepUpHandler(handler);
    try {
      const both = Promise.all([api('/api/v1/a'), api('/api/v1/b')]);
      await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
      await new Promise((r) => setTimeout(r, 0));
      confirm(true);
      await expect(both).resolves.toEqual([{ done: true }, { done: true }]);
    } finally {
      off();
    }
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('without a handler the refusal is thrown as it is', async () => {
    fetchMock.mockResolvedValueOnce(stepUpRequired());
    await expect(api('/api/v1/x')).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' });
  });
});

describe('api() and the answers index.html asked for early', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const holder = globalThis as { __earlyResponses?: Record<string, Promise<Response>> };
  beforeEach(() => {
    vi.stubGlobal('document', { documentElement: { lang: 'it' } });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    delete holder.__earlyResponses;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes the early answer of the same GET once, then asks the server', async () => {
    holder.__earlyResponses = { '/api/v1/session': Promise.resolve(ok({ me: 'early' })) };
    fetchMock.mockResolvedValue(ok({ me: 'fetched' }));
    expect(await api('/api/v1/session')).toEqual({ me: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/api/v1/session')).toEqual({ me: 'fetched' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops them all on any other request (a sign-out, a sign-in) and after the first seconds', async () => {
    fetchMock.mockImplementation(async () => ok({ me: 'fetched' }));
    holder.__earlyResponses = { '/api/v1/session': Promise.resolve(ok({ me: 'early' })) };
    await api('/api/auth/sign-out', { method: 'POST', body: {} });
    expect(await api('/api/v1/session')).toEqual({ me: 'fetched' });

    holder.__earlyResponses = { '/api/v1/session': Promise.resolve(ok({ me: 'early' })) };
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_RESPONSE_MAX_AGE_MS + 1);
    expect(await api('/api/v1/session')).toEqual({ me: 'fetched' });
    expect(holder.__earlyResponses).toBeUndefined();
  });
});
