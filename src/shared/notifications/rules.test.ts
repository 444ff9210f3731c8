import { describe, expect, it } from 'vitest';
import type { TNotification } from '../realtime/messages.ts';
import {
  addNotification,
  applyAutoRead,
  badgeText,
  filterNotifications,
  internalLink,
  markAllRead,
  markRead,
  MAX_NOTIFICATIONS,
  mergeNotifications,
  nextAutoReadIn,
  reconnectDelay,
  relativeTime,
  removeNotification,
  toastDuration,
  unreadCount,
} from './rules.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function n(id: string, over: Partial<TNotification> = {}): TNotification {
  return { id, type: 'info', title: `t${id}`, message: 'm', timestamp: ago(0), read: false, ...over };
}

describe('notification list', () => {
  it('keeps the newest first and at most 50', () => {
    let list: TNotification[] = [];
    for (let i = 0; i < 60; i++) list = addNotification(list, n(String(i)));
    expect(list).toHaveLength(MAX_NOTIFICATIONS);
    expect(list[0]?.id).toBe('59');
    expect(list.at(-1)?.id).toBe('10');
  });

  it('does not duplicate an id delivered twice', () => {
    const list = addNotification(addNotification([], n('a')), n('a', { title: 'again' }));
    expect(list).toHaveLength(1);
    expect(list[0]?.title).toBe('again');
  });

  it('marks one, marks all, removes and counts', () => {
    const list = [n('a'), n('b'), n('c', { read: true })];
    expect(unreadCount(list)).toBe(2);
    expect(unreadCount(markRead(list, 'a'))).toBe(1);
    expect(unreadCount(markAllRead(list))).toBe(0);
    const removed = removeNotification(list, 'b');
    expect(removed.map((x) => x.id)).toEqual(['a', 'c']);
    expect(unreadCount(removed)).toBe(1);
  });
});

describe('mergeNotifications (the stored list at page load)', () => {
  it('puts the stored list and live arrivals together, newest first, without duplicates', () => {
    const live = [n('live', { timestamp: ago(1_000) }), n('both', { timestamp: ago(5_000) })];
    const stored = [n('both', { timestamp: ago(5_000) }), n('away', { timestamp: ago(3_600_000) })];
    expect(mergeNotifications(live, stored).map((x) => x.id)).toEqual(['live', 'both', 'away']);
  });

  it('keeps a read made here, takes the server read state otherwise, and keeps 50', () => {
    const live = [n('a', { read: true }), n('b')];
    const stored = [n('a'), n('b', { read: true })];
    expect(mergeNotifications(live, stored).map((x) => x.read)).toEqual([true, true]);
    const many = Array.from({ length: 60 }, (_, i) => n(String(i), { timestamp: ago(i * 1000) }));
    expect(mergeNotifications([], many)).toHaveLength(MAX_NOTIFICATIONS);
  });
});

describe('badgeText', () => {
  it('is empty at zero, the number up to 99, then 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(250)).toBe('99+');
  });
});

describe('auto-read', () => {
  it('marks unread notifications read once they are 30 s old', () => {
    const list = [n('old', { timestamp: ago(30_000) }), n('new', { timestamp: ago(29_000) })];
    const after = applyAutoRead(list, NOW);
    expect(after.map((x) => x.read)).toEqual([true, false]);
  });

  it('returns the same array when nothing changes', () => {
    const list = [n('new', { timestamp: ago(1_000) })];
    expect(applyAutoRead(list, NOW)).toBe(list);
  });

  it('counts from when this client showed it: one that waited on the server is not read unseen', () => {
    const waited = [n('away', { timestamp: ago(3_600_000) })];
    const shownAt = new Map([['away', NOW - 10_000]]);
    expect(applyAutoRead(waited, NOW, shownAt)).toBe(waited);
    expect(nextAutoReadIn(waited, NOW, shownAt)).toBe(20_000);
    expect(applyAutoRead(waited, NOW + 20_000, shownAt)[0]!.read).toBe(true);
  });

  it('says when the next one is due', () => {
    expect(
      nextAutoReadIn([n('a', { timestamp: ago(10_000) }), n('b', { timestamp: ago(25_000) })], NOW),
    ).toBe(5_000);
    expect(nextAutoReadIn([n('a', { read: true })], NOW)).toBeNull();
  });
});

describe('filters', () => {
  const list = [n('a', { type: 'report' }), n('b', { type: 'schedule', read: true }), n('c')];
  it.each([
    ['all', ['a', 'b', 'c']],
    ['unread', ['a', 'c']],
    ['reports', ['a']],
    ['schedules', ['b']],
  ] as const)('%s', (filter, ids) => {
    expect(filterNotifications(list, filter).map((x) => x.id)).toEqual(ids);
  });
});

describe('toastDuration', () => {
  it('is 4 s, 6 s for a report', () => {
    expect(toastDuration({ type: 'info' })).toBe(4_000);
    expect(toastDuration({ type: 'report' })).toBe(6_000);
  });
});

describe('relativeTime', () => {
  it.each([
    [0, { unit: 'just_now' }],
    [59_000, { unit: 'just_now' }],
    [60_000, { unit: 'minutes', value: 1 }],
    [59 * 60_000, { unit: 'minutes', value: 59 }],
    [60 * 60_000, { unit: 'hours', value: 1 }],
    [23 * 3_600_000, { unit: 'hours', value: 23 }],
    [24 * 3_600_000, { unit: 'days', value: 1 }],
    [10 * 86_400_000, { unit: 'days', value: 10 }],
  ])('%i ms ago', (ms, expected) => {
    expect(relativeTime(ago(ms), NOW)).toEqual(expected);
  });

  it('treats future or unreadable times as just now', () => {
    expect(relativeTime(ago(-5_000), NOW)).toEqual({ unit: 'just_now' });
    expect(relativeTime('garbage', NOW)).toEqual({ unit: 'just_now' });
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(reconnectDelay(5)).toBe(30_000);
    expect(reconnectDelay(20)).toBe(30_000);
  });
});

describe('internalLink', () => {
  it('follows only paths of this site', () => {
    expect(internalLink('/settings')).toBe('/settings');
    expect(internalLink('//evil.example')).toBeNull();
    expect(internalLink('https://evil.example')).toBeNull();
    expect(internalLink('/\\evil.example')).toBeNull();
    expect(internalLink(undefined)).toBeNull();
  });
});
