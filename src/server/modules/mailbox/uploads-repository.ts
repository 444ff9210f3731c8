import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mailDrafts, mailUploads } from '../../db/schema/mailbox.ts';
import type { MailScope } from './folders-repository.ts';

/** The files uploaded for the composer (mail_uploads): recorded when uploaded, removed when sent or dropped. */

export async function insertUpload(db: DbOrTx, scope: MailScope, upload: { id: string; size: number }) {
  await db.insert(mailUploads).values({
    id: upload.id,
    organizationId: scope.orgId,
    userId: scope.userId,
    size: upload.size,
  });
}

export async function deleteUploads(db: DbOrTx, scope: MailScope, ids: string[]) {
  for (const id of ids) {
    await db
      .delete(mailUploads)
      .where(
        and(
          eq(mailUploads.organizationId, scope.orgId),
          eq(mailUploads.userId, scope.userId),
          eq(mailUploads.id, id),
        ),
      );
  }
}

/**
 * Takes out, at most `limit` at a time, the uploads made before `before` that no draft of their owner still names:
 * files of a composer closed without sending. The DELETE … RETURNING claims them, so two app instances never
 * sweep the same one.
 */
export async function takeAbandonedUploads(db: DbOrTx, before: Date, limit: number) {
  const u = mailUploads;
  const abandoned = db
    .select({ id: u.id })
    .from(u)
    .where(
      and(
        lt(u.createdAt, before),
        sql`not exists (select 1 from ${mailDrafts} d where d.organization_id = ${u.organizationId} and d.user_id = ${u.userId} and d.content -> 'attachments' @> jsonb_build_array(jsonb_build_object('uploadId', ${u.id}::text)))`,
      ),
    )
    .limit(limit);
  return db
    .delete(u)
    .where(sql`${u.id} in (${abandoned})`)
    .returning({ id: u.id, orgId: u.organizationId, userId: u.userId });
}
