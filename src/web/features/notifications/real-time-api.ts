import { useEffect, useSyncExternalStore } from 'react';
import { REAL_TIME_METRICS, type TServerMessage } from '@shared/realtime/messages.ts';

export type RealTimeData = Extract<TServerMessage, { type: 'REAL_TIME_DATA' }>;

export interface RealTimeState {
  /** The last answer of the live channel, or null before the first one (or after the organization changed). */
  data: RealTimeData | null;
  /** The last request could not be answered (the server said so): `data`, if any, is older than it. */
  failed: boolean;
}

const EMPTY: RealTimeState = { data: null, failed: false };
let state: RealTimeState = EMPTY;
const listeners = new Set<() => void>();
let ask: ((message: string) => void) | null = null;
/** How many mounted components show live figures: the channel asks for them only while one is. */
let watchers = 0;

const REQUEST = JSON.stringify({ type: 'REQUEST_REAL_TIME_DATA', metrics: REAL_TIME_METRICS });

function set(next: RealTimeState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The spec §7 "requests for real-time data" on the live channel the notifications provider keeps open: it
 * attaches its socket here, passes on REAL_TIME_DATA and asks again when the figures change (DASHBOARD_UPDATE,
 * a notification, a reconnection), but only while a page shows them.
 */
export const realTimeChannel = {
  /** An open socket (`send` writes a frame on it): it asks at once if anyone watches. */
  attach(send: (message: string) => void) {
    ask = send;
    if (watchers > 0) send(REQUEST);
  },
  /** A socket closed: if it is the one attached, there is nothing to ask on until the next one opens. */
  detach(send: (message: string) => void) {
    if (ask === send) ask = null;
  },
  /** The figures may have changed: ask again if they are shown. */
  refresh() {
    if (watchers > 0) ask?.(REQUEST);
  },
  receive(message: RealTimeData) {
    set({ data: message, failed: false });
  },
  fail() {
    set({ ...state, failed: true });
  },
  /** Another organization (or none): the old figures are not its. */
  reset() {
    set(EMPTY);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The live figures of the active organization: asked for on mount and whenever they change while shown. */
export function useRealTimeData(): RealTimeState {
  useEffect(() => {
    watchers += 1;
    ask?.(REQUEST);
    return () => {
      watchers -= 1;
    };
  }, []);
  return useSyncExternalStore(subscribe, () => state);
}
