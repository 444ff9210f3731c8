// Over 300 lines: the one live connection (channels, heartbeat, reconnects) and the bell it feeds go together.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import {
  HEARTBEAT_INTERVAL_MS,
  type TChannel,
  type TNotification,
  type TServerMessage,
} from '@shared/realtime/messages.ts';
import {
  addNotification,
  applyAutoRead,
  markAllRead,
  markRead,
  mergeNotifications,
  nextAutoReadIn,
  removeNotification,
  toastDuration,
  unreadCount,
} from '@shared/notifications/rules.ts';
import { api } from '@web/app/api.ts';
import { meQueryKey } from '@web/app/session.ts';
import { rememberSessionRevoked } from '@web/features/security/session-revoked.ts';
import { createLiveChannels, type LiveListener } from './live-channels.ts';
import {
  INITIAL_LIVE_CONNECTION,
  heartbeatLost,
  liveConnectionStep,
  type LiveConnection,
  type LiveEvent,
  type LivePhase,
} from './live-connection.ts';
import { announceLiveConnection, dismissLiveConnection } from './live-connection-toast.tsx';
import { NotificationToast } from './notification-toast.tsx';
import { realTimeChannel, type RealTimeData } from './real-time-api.ts';

type Action =
  | { type: 'load'; stored: TNotification[] }
  | { type: 'add'; notification: TNotification }
  | { type: 'read'; id: string }
  | { type: 'readAll' }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'autoRead'; now: number; shownAt: ReadonlyMap<string, number> };

function reducer(list: TNotification[], action: Action): TNotification[] {
  switch (action.type) {
    case 'load':
      return mergeNotifications(list, action.stored);
    case 'add':
      return addNotification(list, action.notification);
    case 'read':
      return markRead(list, action.id);
    case 'readAll':
      return markAllRead(list);
    case 'remove':
      return removeNotification(list, action.id);
    case 'clear':
      return [];
    case 'autoRead':
      return applyAutoRead(list, action.now, action.shownAt);
  }
}

export interface LiveStatus {
  connected: boolean;
  /** Why the channel is down: a failed connection, or no more retries. */
  error: 'connection' | 'gave_up' | 'unauthorized' | null;
  /** The spec's connection state (live-connection.ts) and the reconnect attempt under way (1..5). */
  phase: LivePhase;
  attempt: number;
}

function statusOf(state: LiveConnection): LiveStatus {
  const error =
    state.phase === 'failed'
      ? 'gave_up'
      : state.phase === 'unauthorized'
        ? 'unauthorized'
        : state.phase === 'reconnecting'
          ? 'connection'
          : null;
  return { connected: state.phase === 'connected', error, phase: state.phase, attempt: state.attempt };
}

interface NotificationsValue {
  notifications: TNotification[];
  unread: number;
  status: LiveStatus;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Opens the connection anew (another session or organization): the page's first connection again. */
  reconnect: () => void;
  /** After "Unable to reconnect": five more attempts, the first at once; what was missed is fetched once back. */
  retry: () => void;
  /** Listens to another channel on this one connection (live-channels.ts); answers the way to stop. */
  subscribeLive: (channel: TChannel, listener: LiveListener) => () => void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

function isNotification(value: unknown): value is TNotification {
  const n = value as Partial<TNotification> | null;
  return (
    !!n &&
    typeof n.id === 'string' &&
    typeof n.title === 'string' &&
    typeof n.message === 'string' &&
    typeof n.timestamp === 'string' &&
    typeof n.type === 'string'
  );
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/ws`;
}

/** The server's copy of the bell (a failure leaves the list, the next load tries again); then the live count. */
const persist = (path: string, body?: unknown) =>
  void api(`/api/v1/notifications/${path}`, { method: 'POST', body })
    .then(() => realTimeChannel.refresh())
    .catch(() => undefined);

/**
 * Notifications (spec §3, §4, §9): the stored list is loaded with the page and each time the live channel
 * (re)connects, so what arrived while the user was away or offline is in the bell; the live channel /api/ws
 * adds new ones (subscribe to `notifications`, heartbeat every 30 s, reconnect with exponential backoff up to
 * 5 attempts) with a toast. Reading and removing are kept on the server. The channel is reopened when the
 * active organization changes (its topic changes). The same socket hears `dashboard` (DASHBOARD_UPDATE): the
 * dashboard and reports refetch on it, on a notification and after a reconnect, so nothing is missed. And
 * `reports` (REPORT_STATUS_UPDATE, REPORT_GENERATED): the scheduled reports refetch; the report-ready toast (6 s)
 * is the notification the run sends to the schedule's creator and whoever asked for it. The live figures of
 * `real-time-api.ts` (REQUEST_REAL_TIME_DATA → REAL_TIME_DATA) go over the same socket. Other features listen to
 * their channels on this same socket through subscribeLive (the mailbox: `mail`), never with a socket of their own.
 */
export function NotificationsProvider({
  organizationId,
  children,
}: {
  organizationId: string | null;
  children: ReactNode;
}) {
  const [notifications, dispatch] = useReducer(reducer, []);
  const [status, setStatus] = useState<LiveStatus>(() => statusOf(INITIAL_LIVE_CONNECTION));
  const [generation, setGeneration] = useState(0);
  const queryClient = useQueryClient();
  const queryClientRef = useRef(queryClient);
  /** When each notification was first shown here: auto-read counts its 30 s from then. */
  const shownAt = useRef(new Map<string, number>());
  const socketRef = useRef<WebSocket | null>(null);
  /** Starts a fresh round of attempts on the current connection (the bell's retry, the browser back online). */
  const resumeRef = useRef<() => void>(() => undefined);
  const [live] = useState(() =>
    createLiveChannels((message) => {
      const ws = socketRef.current;
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    }),
  );

  useEffect(() => {
    let socket: WebSocket | null = null;
    let state: LiveConnection = INITIAL_LIVE_CONNECTION;
    let heartbeat: number | undefined;
    let retry: number | undefined;
    let stopped = false;

    const load = () =>
      api<{ items: TNotification[] }>('/api/v1/notifications')
        .then(({ items }) => {
          if (stopped) return;
          for (const n of items) if (!shownAt.current.has(n.id)) shownAt.current.set(n.id, Date.now());
          dispatch({ type: 'load', stored: items });
        })
        .catch(() => undefined);
    // Another organization's list and figures replace these.
    dispatch({ type: 'clear' });
    realTimeChannel.reset();
    void load();
    setStatus(statusOf(state));
    /** The open dashboard and reports refetch (live updates; inactive ones refetch when next shown). */
    const refreshFigures = () => {
      void queryClientRef.current.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClientRef.current.invalidateQueries({ queryKey: ['reports'] });
      realTimeChannel.refresh();
    };
    /** One step of the connection's states: the status shown, the message told, the next attempt planned. */
    const apply = (event: LiveEvent) => {
      const step = liveConnectionStep(state, event);
      state = step.next;
      setStatus(statusOf(state));
      if (step.announce) announceLiveConnection(step.announce);
      window.clearTimeout(retry);
      if (step.retryInMs !== null) retry = window.setTimeout(connect, step.retryInMs);
      return step;
    };

    const connect = () => {
      const ws = new WebSocket(socketUrl());
      socket = ws;
      socketRef.current = ws;
      const sendFrame = (frame: string) => ws.readyState === WebSocket.OPEN && ws.send(frame);
      /** When the last heartbeat went out, and when the server last said anything. */
      let beatSentAt: number | null = null;
      let heardAt: number | null = null;
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'notifications' }));
        ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'dashboard' }));
        // Scheduled reports' runs (the server sends them only to members who may see reports).
        ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'reports' }));
        // Live figures: asked now if a page shows them, and again whenever they change.
        realTimeChannel.attach(sendFrame);
        const { refetch } = apply({ type: 'opened' });
        // The other features' channels (the mailbox's `mail`, `documents`), told when this is a reconnect.
        live.opened(refetch);
        // What arrived while the channel was down is on the server (the first load ran with the page).
        if (refetch) {
          void load();
          refreshFigures();
          void queryClientRef.current.invalidateQueries({ queryKey: ['report-schedules'] });
        }
        heartbeat = window.setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          // No answer to the last heartbeat: the network is gone though the browser has not noticed yet.
          if (heartbeatLost(beatSentAt, heardAt)) {
            ws.onclose = null;
            ws.close(4000, 'Heartbeat lost');
            closed(4000);
            return;
          }
          beatSentAt = Date.now();
          ws.send(JSON.stringify({ type: 'HEARTBEAT' }));
        }, HEARTBEAT_INTERVAL_MS);
      };
      ws.onmessage = (event) => {
        heardAt = Date.now();
        let message: TServerMessage;
        try {
          message = JSON.parse(String(event.data)) as TServerMessage;
        } catch {
          return;
        }
        live.dispatch(message);
        // Ended from another device: the socket closes next (4401) and the sign-in page says why.
        if (message.type === 'SESSION_REVOKED') rememberSessionRevoked();
        if (message.type === 'DASHBOARD_UPDATE') refreshFigures();
        // A closed socket's late answer is another organization's (or an old) one.
        if (message.type === 'REAL_TIME_DATA' && !stopped) realTimeChannel.receive(message as RealTimeData);
        if (message.type === 'ERROR' && message.error?.code === 'SERVICE_UNAVAILABLE') realTimeChannel.fail();
        // A scheduled report started, ended or failed: its schedule's status and file changed.
        if (message.type === 'REPORT_STATUS_UPDATE' || message.type === 'REPORT_GENERATED') {
          void queryClientRef.current.invalidateQueries({ queryKey: ['report-schedules'] });
        }
        if (message.type === 'NOTIFICATION' && isNotification(message.notification)) {
          const notification = message.notification;
          // A client's answer to a quote arrives as a notification: the figures changed too.
          refreshFigures();
          shownAt.current.set(notification.id, Date.now());
          dispatch({ type: 'add', notification });
          toast(() => <NotificationToast notification={notification} />, {
            id: `notification-${notification.id}`,
            duration: toastDuration(notification),
          });
        }
      };
      const closed = (code: number) => {
        window.clearInterval(heartbeat);
        realTimeChannel.detach(sendFrame);
        if (stopped || socket !== ws) return;
        // The session ended: the guard sends the user to /login.
        if (code === 4401) void queryClientRef.current.invalidateQueries({ queryKey: meQueryKey });
        apply({ type: 'closed', code });
      };
      ws.onclose = (event) => closed(event.code);
    };

    // Back online (or a retry asked): a fresh round of attempts, the first at once.
    const onOnline = () => {
      if (socket && socket.readyState !== WebSocket.CLOSED) return;
      apply({ type: 'resume' });
    };
    resumeRef.current = onOnline;

    connect();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      dismissLiveConnection();
      window.removeEventListener('online', onOnline);
      window.clearTimeout(retry);
      window.clearInterval(heartbeat);
      socket?.close(1000);
    };
  }, [organizationId, generation, live]);

  // Unread notifications become read 30 s after they were shown here; the server keeps that.
  useEffect(() => {
    const wait = nextAutoReadIn(notifications, Date.now(), shownAt.current);
    if (wait === null) return;
    const timer = window.setTimeout(() => {
      const now = Date.now();
      const read = applyAutoRead(notifications, now, shownAt.current);
      const ids = read.filter((n, i) => n.read && !notifications[i]!.read).map((n) => n.id);
      dispatch({ type: 'autoRead', now, shownAt: shownAt.current });
      if (ids.length > 0) persist('read', { ids });
    }, wait + 50);
    return () => window.clearTimeout(timer);
  }, [notifications]);

  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);
  const retry = useCallback(() => resumeRef.current(), []);

  const value = useMemo<NotificationsValue>(
    () => ({
      notifications,
      unread: unreadCount(notifications),
      status,
      markRead: (id) => {
        dispatch({ type: 'read', id });
        persist('read', { ids: [id] });
      },
      markAllRead: () => {
        dispatch({ type: 'readAll' });
        persist('read-all');
      },
      remove: (id) => {
        dispatch({ type: 'remove', id });
        persist('remove', { ids: [id] });
      },
      clear: () => {
        dispatch({ type: 'clear' });
        persist('clear');
      },
      reconnect,
      retry,
      subscribeLive: live.subscribe,
    }),
    [notifications, status, reconnect, retry, live],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications outside NotificationsProvider');
  return value;
}
