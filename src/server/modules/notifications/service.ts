import { randomUUID } from 'node:crypto';
import type { TNotification } from '@shared/realtime/messages.ts';
import type { Db } from '../../platform/db.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';
import * as repo from './repository.ts';

export type NewNotification = Pick<TNotification, 'type' | 'title' | 'message'> & {
  data?: TNotification['data'];
};

export type NotifyDeps = { db: Db; hub: RealtimeHub };

function build(input: NewNotification): TNotification {
  return { id: randomUUID(), timestamp: new Date().toISOString(), read: false, ...input };
}

function rowOf(n: TNotification, organizationId: string | null): repo.NewNotificationRow {
  return {
    id: n.id,
    organizationId,
    type: n.type,
    title: n.title,
    message: n.message,
    data: n.data ?? null,
    createdAt: new Date(n.timestamp),
  };
}

/**
 * Notifications are stored first (the 50 most recent per user), so one that arrives while the user is
 * signed out is in the bell at the next page load; then they are pushed to the open sessions.
 */
/** To one user; with `orgId` it belongs to that organization (shown there while the user is a member). */
export async function notifyUser(
  deps: NotifyDeps,
  { userId, orgId, ...input }: { userId: string; orgId?: string } & NewNotification,
) {
  const notification = build(input);
  await repo.insertForUser(deps.db, userId, rowOf(notification, orgId ?? null));
  await deps.hub.publish(topics.userNotifications(userId), { type: 'NOTIFICATION', notification });
  return notification;
}

/** To every member of the organization: one notification id, read and removed by each member alone. */
export async function notifyOrganization(
  deps: NotifyDeps,
  { orgId, ...input }: { orgId: string } & NewNotification,
) {
  const notification = build(input);
  await repo.insertForMembers(deps.db, { ...rowOf(notification, orgId), organizationId: orgId });
  await deps.hub.publish(topics.orgNotifications(orgId), { type: 'NOTIFICATION', notification });
  return notification;
}

export async function listNotifications(
  deps: { db: Db },
  scope: { userId: string; organizationId: string | null },
): Promise<TNotification[]> {
  const rows = await repo.listFor(deps.db, scope.userId, scope.organizationId);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as TNotification['type'],
    title: r.title,
    message: r.message,
    timestamp: r.createdAt.toISOString(),
    read: r.readAt !== null,
    ...(r.data ? { data: r.data } : {}),
  }));
}

/** The unread count of the bell: the same notifications `listNotifications` answers. */
export async function unreadNotificationCount(
  deps: { db: Db },
  scope: { userId: string; organizationId: string | null },
): Promise<number> {
  return repo.countUnread(deps.db, scope.userId, scope.organizationId);
}
