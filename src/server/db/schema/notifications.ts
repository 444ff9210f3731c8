import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/**
 * Notifications kept on the server, so one that arrives while the user is signed out waits in the bell.
 * A notification to an organization is one id with a row per member (each reads or removes it alone);
 * at most the 50 most recent rows are kept per user.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The organization it belongs to; null for the user's own notices, shown in every organization. */
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<{ url?: string; action?: string }>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.userId] }),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);
