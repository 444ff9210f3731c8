import type { TNotification } from '../realtime/messages.ts';

/**
 * Notification rules (core-app spec §4, §9). The server keeps the 50 most recent per user (so one that
 * arrives while the user is away waits in the bell); the client holds the same list and applies the rules.
 */
export const MAX_NOTIFICATIONS = 50;
export const AUTO_READ_AFTER_MS = 30_000;
export const NOTIFICATION_TOAST_MS = 4_000;
export const REPORT_READY_TOAST_MS = 6_000;

export const NOTIFICATION_FILTERS = ['all', 'unread', 'reports', 'schedules'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Newest first, no duplicate ids, at most 50. */
export function addNotification(list: readonly TNotification[], n: TNotification): TNotification[] {
  return [n, ...list.filter((x) => x.id !== n.id)].slice(0, MAX_NOTIFICATIONS);
}

/**
 * The list as the server keeps it, merged with what arrived live meanwhile: newest first, no duplicates, at
 * most 50. The server's read state wins for the notifications it knows, unless the client read it already.
 */
export function mergeNotifications(
  list: readonly TNotification[],
  stored: readonly TNotification[],
): TNotification[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  const merged = stored.map((n) => (byId.get(n.id)?.read ? { ...n, read: true } : n));
  const known = new Set(stored.map((n) => n.id));
  const liveOnly = list.filter((n) => !known.has(n.id));
  return [...merged, ...liveOnly]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, MAX_NOTIFICATIONS);
}

export function markRead(list: readonly TNotification[], id: string): TNotification[] {
  return list.map((n) => (n.id === id && !n.read ? { ...n, read: true } : n));
}

export function markAllRead(list: readonly TNotification[]): TNotification[] {
  return list.map((n) => (n.read ? n : { ...n, read: true }));
}

export function removeNotification(list: readonly TNotification[], id: string): TNotification[] {
  return list.filter((n) => n.id !== id);
}

export function unreadCount(list: readonly TNotification[]): number {
  return list.reduce((sum, n) => sum + (n.read ? 0 : 1), 0);
}

/** What the bell's badge reads: nothing at 0, "99+" above 99. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/**
 * When this client showed each notification (ms). A notification counts its 30 s from the later of its
 * timestamp and that moment, so one that waited on the server while the user was away is not read unseen.
 */
export type ShownAt = ReadonlyMap<string, number>;

function ageMs(n: TNotification, now: number, shownAt?: ShownAt): number {
  const t = Math.max(Date.parse(n.timestamp), shownAt?.get(n.id) ?? -Infinity);
  return Number.isNaN(t) ? Infinity : now - t;
}

/** Unread notifications become read once they are 30 s old. Returns the same array when nothing changes. */
export function applyAutoRead(list: TNotification[], now: number, shownAt?: ShownAt): TNotification[] {
  const due = (n: TNotification) => !n.read && ageMs(n, now, shownAt) >= AUTO_READ_AFTER_MS;
  if (!list.some(due)) return list;
  return list.map((n) => (due(n) ? { ...n, read: true } : n));
}

/** Milliseconds until the next unread notification turns 30 s old; null when none is waiting. */
export function nextAutoReadIn(
  list: readonly TNotification[],
  now: number,
  shownAt?: ShownAt,
): number | null {
  let next: number | null = null;
  for (const n of list) {
    if (n.read) continue;
    const wait = Math.max(0, AUTO_READ_AFTER_MS - ageMs(n, now, shownAt));
    next = next === null ? wait : Math.min(next, wait);
  }
  return next;
}

export function filterNotifications(
  list: readonly TNotification[],
  filter: NotificationFilter,
): TNotification[] {
  switch (filter) {
    case 'unread':
      return list.filter((n) => !n.read);
    case 'reports':
      return list.filter((n) => n.type === 'report');
    case 'schedules':
      return list.filter((n) => n.type === 'schedule');
    default:
      return [...list];
  }
}

export function toastDuration(n: Pick<TNotification, 'type'>): number {
  return n.type === 'report' ? REPORT_READY_TOAST_MS : NOTIFICATION_TOAST_MS;
}

export type RelativeTime =
  | { unit: 'just_now' }
  | { unit: 'minutes'; value: number }
  | { unit: 'hours'; value: number }
  | { unit: 'days'; value: number };

/** Relative time buckets: just now (< 1 min), minutes, hours, days. */
export function relativeTime(timestamp: string, now: number): RelativeTime {
  const t = Date.parse(timestamp);
  const diff = Number.isNaN(t) ? 0 : Math.max(0, now - t);
  const minutes = Math.floor(diff / 60_000);
  if (minutes < 1) return { unit: 'just_now' };
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours };
  return { unit: 'days', value: Math.floor(hours / 24) };
}

/** Live channel reconnection (spec §7 real-time socket): 1 s, 2 s, 4 s, 8 s, 16 s, then give up. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt), RECONNECT_MAX_MS);
}

/** A notification link the app may follow: a path of this site only. */
export function internalLink(url: string | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  return url;
}
