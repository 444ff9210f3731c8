import { describe, expect, it } from 'vitest';
import {
  INITIAL_LIVE_CONNECTION,
  heartbeatLost,
  liveConnectionStep,
  liveStatusText,
  type LiveConnection,
  type LiveEvent,
  type LiveStep,
} from './live-connection.ts';

/** Runs events from a state; answers every step. */
function run(events: LiveEvent[], from: LiveConnection = INITIAL_LIVE_CONNECTION): LiveStep[] {
  const steps: LiveStep[] = [];
  let state = from;
  for (const event of events) {
    const step = liveConnectionStep(state, event);
    steps.push(step);
    state = step.next;
  }
  return steps;
}
const lost = { type: 'closed', code: 1006 } as const;
const opened = { type: 'opened' } as const;

describe('live connection states (spec §4, §9)', () => {
  it('retries at most 5 times, 1 s then doubling, then gives up and says so', () => {
    const steps = run([opened, lost, lost, lost, lost, lost, lost, lost]);
    expect(steps.slice(1).map((s) => s.retryInMs)).toEqual([1000, 2000, 4000, 8000, 16000, null, null]);
    expect(steps.slice(1, 6).map((s) => s.announce)).toEqual(
      [1, 2, 3, 4, 5].map((attempt) => ({ kind: 'reconnecting', attempt })),
    );
    expect(steps[6]!.announce).toEqual({ kind: 'gave_up' });
    expect(steps[6]!.next.phase).toBe('failed');
    // Once given up, nothing more is announced or tried until the user (or the network) resumes.
    expect(steps[7]!.announce).toBeNull();
  });

  it('announces a reconnection, refetches what was missed, and counts attempts from zero again', () => {
    const steps = run([opened, lost, lost, opened, lost]);
    expect(steps[0]).toMatchObject({ refetch: false, announce: null, next: { phase: 'connected' } });
    expect(steps[3]).toMatchObject({ refetch: true, announce: { kind: 'reconnected' } });
    expect(steps[4]).toMatchObject({ retryInMs: 1000, announce: { kind: 'reconnecting', attempt: 1 } });
  });

  it('a first connection that comes up late is no reconnection: nothing to refetch or announce', () => {
    const steps = run([lost, lost, opened]);
    expect(steps[2]).toMatchObject({ refetch: false, announce: null, next: { phase: 'connected' } });
  });

  it('stops on an ended session (4401)', () => {
    const [, closed] = run([opened, { type: 'closed', code: 4401 }]);
    expect(closed).toMatchObject({ retryInMs: null, announce: null, next: { phase: 'unauthorized' } });
    expect(run([{ type: 'resume' }], closed!.next)[0]!.retryInMs).toBeNull();
  });

  it('resumes a given-up connection at once with five fresh attempts', () => {
    const failed: LiveConnection = { phase: 'failed', attempt: 5, everOpened: true };
    const [resume, again, back] = run([{ type: 'resume' }, lost, opened], failed);
    expect(resume).toMatchObject({ retryInMs: 0, next: { phase: 'reconnecting', attempt: 0 } });
    expect(again).toMatchObject({ retryInMs: 1000, announce: { kind: 'reconnecting', attempt: 1 } });
    expect(back).toMatchObject({ refetch: true, announce: { kind: 'reconnected' } });
    // An open connection needs no resume.
    expect(run([opened, { type: 'resume' }])[1]!.retryInMs).toBeNull();
  });

  it('says the state in the spec’s words', () => {
    expect(liveStatusText({ phase: 'connected', attempt: 0 })).toEqual({
      key: 'notifications:live.connected',
      values: {},
    });
    expect(liveStatusText({ phase: 'reconnecting', attempt: 3 })).toEqual({
      key: 'notifications:live.reconnecting',
      values: { attempt: 3 },
    });
    expect(liveStatusText({ phase: 'failed', attempt: 5 }).key).toBe('notifications:live.gaveUp');
    expect(liveStatusText({ phase: 'connecting', attempt: 0 }).key).toBe('notifications:live.disconnected');
  });

  it('calls a socket dead when the last heartbeat went unanswered', () => {
    expect(heartbeatLost(null, null)).toBe(false);
    expect(heartbeatLost(1000, null)).toBe(true);
    expect(heartbeatLost(1000, 1200)).toBe(false);
    expect(heartbeatLost(31_000, 1200)).toBe(true);
  });
});
