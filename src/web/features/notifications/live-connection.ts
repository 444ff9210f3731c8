import { MAX_RECONNECT_ATTEMPTS } from '@shared/realtime/messages.ts';
import { reconnectDelay } from '@shared/notifications/rules.ts';

/**
 * The live channel's connection as the spec names its states (email-client.md §4 "Real-time connection":
 * disconnected, connected, reconnecting, error) and the steps between them (§9: heartbeat every 30 s, at most 5
 * reconnect attempts with exponential delay from 1 s). Pure: the provider owns the socket and the timers.
 * - `connecting`: the first connection of this page and organization (the spec's disconnected);
 * - `reconnecting`: the connection was lost (or never came up) and attempt `attempt` of 5 is waiting or running;
 * - `failed`: five attempts failed, no more are made (the spec's error: "Unable to reconnect…");
 * - `unauthorized`: the session ended (the server closed with 4401); the sign-in page takes over.
 */
export type LivePhase = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'unauthorized';

export interface LiveConnection {
  phase: LivePhase;
  /** Reconnect attempts made since the connection was last open (0..MAX_RECONNECT_ATTEMPTS). */
  attempt: number;
  /** The connection was open at least once: what happened while it was down must be fetched again. */
  everOpened: boolean;
}

export const INITIAL_LIVE_CONNECTION: LiveConnection = { phase: 'connecting', attempt: 0, everOpened: false };

/** A message the user is told once, on a change of state (spec §8, connection messages). */
export type LiveAnnouncement =
  { kind: 'reconnecting'; attempt: number } | { kind: 'reconnected' } | { kind: 'gave_up' };

export type LiveEvent =
  | { type: 'opened' }
  | { type: 'closed'; code: number }
  /** The browser is back online, or the user asked to retry: a fresh round of attempts starts now. */
  | { type: 'resume' };

export interface LiveStep {
  next: LiveConnection;
  /** Open a new connection after this many ms; null: none. */
  retryInMs: number | null;
  /** Fetch again what the channels' pages show (the connection came back after being open). */
  refetch: boolean;
  announce: LiveAnnouncement | null;
}

/** The server closes a socket whose session ended with this code. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;

export function liveConnectionStep(state: LiveConnection, event: LiveEvent): LiveStep {
  switch (event.type) {
    case 'opened': {
      const wasDown = state.phase === 'reconnecting' || state.phase === 'failed';
      return {
        next: { phase: 'connected', attempt: 0, everOpened: true },
        retryInMs: null,
        refetch: state.everOpened,
        announce: wasDown && state.everOpened ? { kind: 'reconnected' } : null,
      };
    }
    case 'closed': {
      if (event.code === UNAUTHORIZED_CLOSE_CODE) {
        return { next: { ...state, phase: 'unauthorized' }, retryInMs: null, refetch: false, announce: null };
      }
      if (state.phase === 'failed' || state.phase === 'unauthorized') {
        return { next: state, retryInMs: null, refetch: false, announce: null };
      }
      if (state.attempt >= MAX_RECONNECT_ATTEMPTS) {
        return {
          next: { ...state, phase: 'failed' },
          retryInMs: null,
          refetch: false,
          announce: { kind: 'gave_up' },
        };
      }
      const attempt = state.attempt + 1;
      return {
        next: { ...state, phase: 'reconnecting', attempt },
        retryInMs: reconnectDelay(state.attempt),
        refetch: false,
        announce: { kind: 'reconnecting', attempt },
      };
    }
    case 'resume':
      if (state.phase === 'connected' || state.phase === 'unauthorized') {
        return { next: state, retryInMs: null, refetch: false, announce: null };
      }
      return {
        next: { ...state, phase: state.everOpened ? 'reconnecting' : 'connecting', attempt: 0 },
        retryInMs: 0,
        refetch: false,
        announce: null,
      };
  }
}

/**
 * Heartbeats (every 30 s): a socket that has not answered the previous one by the time the next is due is dead
 * even if the browser still calls it open (a dropped network often gives no close for minutes).
 */
export function heartbeatLost(lastSentAt: number | null, lastAnsweredAt: number | null): boolean {
  return lastSentAt !== null && (lastAnsweredAt === null || lastAnsweredAt < lastSentAt);
}

/** The status line's text (catalogue `notifications:live.*`) for a state. */
export function liveStatusText(state: Pick<LiveConnection, 'phase' | 'attempt'>): {
  key: string;
  values: { attempt?: number };
} {
  switch (state.phase) {
    case 'connected':
      return { key: 'notifications:live.connected', values: {} };
    case 'reconnecting':
      return { key: 'notifications:live.reconnecting', values: { attempt: Math.max(1, state.attempt) } };
    case 'failed':
      return { key: 'notifications:live.gaveUp', values: {} };
    case 'connecting':
    case 'unauthorized':
      return { key: 'notifications:live.disconnected', values: {} };
  }
}
