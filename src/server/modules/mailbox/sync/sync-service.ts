import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './sync-repository.ts';

/** What the sync routes need of the job runner (sync-jobs.ts). */
export type SyncControl = { wake(): void; abort(accountId: string): boolean };
export type SyncRouteDeps = { db: Db; sync: SyncControl };

/** "Sync now": the account is due at once and the runner is woken. Another user's account is not found. */
export async function requestAccountSync(deps: SyncRouteDeps, input: repo.Scope & { accountId: string }) {
  const found = await repo.requestSync(deps.db, input, input.accountId);
  if (!found) throw new AppError('NOT_FOUND');
  deps.sync.wake();
}

/**
 * Stops the account's running sync: its lease is taken away (the instance running it stops at its next batch) and
 * a run on this instance is aborted at once. Spec §5: "No sync interval found" when none runs.
 */
export async function stopAccountSync(deps: SyncRouteDeps, input: repo.Scope & { accountId: string }) {
  if (!(await repo.ownsAccount(deps.db, input, input.accountId))) throw new AppError('NOT_FOUND');
  const revoked = await repo.revokeLease(deps.db, input, input.accountId);
  const aborted = deps.sync.abort(input.accountId);
  if (!revoked && !aborted) throw new AppError('MAIL_SYNC_NOT_RUNNING');
}
