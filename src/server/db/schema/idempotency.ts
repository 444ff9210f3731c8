import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.ts';

/**
 * Idempotency keys (issue 18): a create sent with an Idempotency-Key header (the offline queue's operation id) is
 * recorded with its answer, so the same request sent again (its answer was lost) gets that answer instead of a
 * second record. A row without a status is a request still being handled. Kept 7 days, as long as the web's
 * offline queue keeps an operation.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the key was used for ('clients.create'): the same key for another request is refused. */
    scope: text('scope').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
