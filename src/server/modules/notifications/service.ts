import { randomUUID } from 'node:crypto';
import type { TNotification } from '@shared/realtime/messages.ts';
import { topics, type RealtimeHub } from '../../platform/realtime.ts';

export type NewNotification = Pick<TNotification, 'type' | 'title' | 'message'> & {
  data?: TNotification['data'];
};

/** Pushes a notification to one user's open sessions (spec: notifications live in the client, max 50). */
export async function notifyUser(hub: RealtimeHub, userId: string, input: NewNotification) {
  const notification: TNotification = {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    read: false,
    ...input,
  };
  await hub.publish(topics.userNotifications(userId), { type: 'NOTIFICATION', notification });
  return notification;
}

export async function notifyOrganization(hub: RealtimeHub, orgId: string, input: NewNotification) {
  const notification: TNotification = {
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    read: false,
    ...input,
  };
  await hub.publish(topics.orgNotifications(orgId), { type: 'NOTIFICATION', notification });
  return notification;
}
