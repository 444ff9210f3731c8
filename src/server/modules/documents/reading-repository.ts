import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { documents } from '../../db/schema/documents.ts';

/** Claims, progress and outcomes of the reading job (reading-jobs.ts) on the documents' own rows. */

export type Claimed = {
  id: string;
  organizationId: string;
  fileKey: string;
  fileName: string;
  createdBy: string | null;
};

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

export async function claimNext(db: Db, leaseSeconds: number, maxAttempts: number): Promise<Claimed | null> {
  // Interrupted too often (the instance died while reading it each time): give up with a reason.
  await db.execute(sql`
    update documents set reading_status = 'failed', reading_error = 'READING_INTERRUPTED', reading_lease_until = null
    where reading_status = 'running' and reading_lease_until < now() and reading_attempts >= ${maxAttempts}`);
  const result = await db.execute(sql`
    update documents set reading_status = 'running', reading_progress = 0, reading_error = null,
      reading_attempts = reading_attempts + 1,
      reading_lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id = (
      select id from documents
      where deleted_at is null and (
        (reading_status = 'pending' and (reading_lease_until is null or reading_lease_until < now()))
        or (reading_status = 'running' and reading_lease_until < now() and reading_attempts < ${maxAttempts}))
      order by created_at limit 1 for update skip locked)
    returning id, organization_id as "organizationId", file_key as "fileKey", file_name as "fileName",
      created_by as "createdBy"`);
  return rowsOf<Claimed>(result)[0] ?? null;
}

/** Writes the progress; answers false when the reading was cancelled (or the document deleted) meanwhile. */
export async function recordProgress(db: Db, id: string, progress: number): Promise<boolean> {
  const result = await db.execute(sql`
    update documents set reading_progress = ${progress}
    where id = ${id} and reading_status = 'running' and deleted_at is null returning id`);
  return rowsOf(result).length > 0;
}

/** The reading ended without text: the reason is kept for the screen; a cancelled reading stays cancelled. */
export async function markReadingFailed(db: Db, id: string, code: string): Promise<void> {
  await db
    .update(documents)
    .set({ readingStatus: 'failed', readingError: code, readingLeaseUntil: null })
    .where(and(eq(documents.id, id), eq(documents.readingStatus, 'running')));
}
