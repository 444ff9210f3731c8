import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { MAX_NOTIFICATIONS } from '@shared/notifications/rules.ts';
import type { TNotification } from '@shared/realtime/messages.ts';
import { member } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { DbOrTx } from '../../db/database.ts';

export type NewNotificationRow = {
  id: string;
  organizationId: string | null;
  type: TNotification['type'];
  title: string;
  message: string;
  data: TNotification['data'] | null;
  createdAt: Date;
};

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** One row for one user. */
export async function insertForUser(db: DbOrTx, userId: string, n: NewNotificationRow) {
  await db.insert(notifications).values({ ...n, userId });
  await keepLatest(db, [userId]);
}

/** One row per member of the organization, all with the notification's id. Answers the members' ids. */
export async function insertForMembers(db: DbOrTx, n: NewNotificationRow & { organizationId: string }) {
  const rows = await db.execute<{ user_id: string }>(sql`
    insert into ${notifications} (id, user_id, organization_id, type, title, message, data, created_at)
    select ${n.id}, ${member.userId}, ${n.organizationId}, ${n.type}, ${n.title}, ${n.message},
           ${n.data ? JSON.stringify(n.data) : null}::jsonb, ${n.createdAt.toISOString()}::timestamptz
    from ${member} where ${member.organizationId} = ${n.organizationId}
    returning user_id`);
  // node-postgres and PGlite both answer `{ rows }`.
  const userIds = (rows as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
  await keepLatest(db, userIds);
  return userIds;
}

/** Keeps the 50 most recent notifications of each user. */
async function keepLatest(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return;
  await db.execute(sql`
    delete from ${notifications} n
    using (
      select id, user_id, row_number() over (partition by user_id order by created_at desc, id desc) as rank
      from ${notifications}
      where user_id in ${userIds}
    ) ranked
    where n.id = ranked.id and n.user_id = ranked.user_id and ranked.rank > ${MAX_NOTIFICATIONS}`);
}

/**
 * What one user sees in one organization: that organization's notifications (while a member) and the
 * user's own (no organization); newest first, at most 50.
 */
function visible(userId: string, organizationId: string | null) {
  const own = isNull(notifications.organizationId);
  if (!organizationId) return and(eq(notifications.userId, userId), own);
  const memberOf = sql`exists (select 1 from ${member} where ${member.userId} = ${userId} and ${member.organizationId} = ${organizationId})`;
  return and(
    eq(notifications.userId, userId),
    or(own, and(eq(notifications.organizationId, organizationId), memberOf)),
  );
}

export async function listFor(db: DbOrTx, userId: string, organizationId: string | null) {
  return db
    .select(columns)
    .from(notifications)
    .where(visible(userId, organizationId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(MAX_NOTIFICATIONS);
}

export async function markRead(
  db: DbOrTx,
  userId: string,
  organizationId: string | null,
  ids: string[] | 'all',
) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        visible(userId, organizationId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    );
}

export async function remove(
  db: DbOrTx,
  userId: string,
  organizationId: string | null,
  ids: string[] | 'all',
) {
  await db
    .delete(notifications)
    .where(and(visible(userId, organizationId), ids === 'all' ? undefined : inArray(notifications.id, ids)));
}

/** How many of the notifications the user sees in the organization are unread (the bell's badge). */
export async function countUnread(db: DbOrTx, userId: string, organizationId: string | null) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(visible(userId, organizationId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}
