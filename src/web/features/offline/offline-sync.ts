import type { TClientInput } from '@shared/clients/contracts.ts';
import type { TEventInput } from '@shared/calendar/contracts.ts';
import type { TMessage, TMessageActionInput } from '@shared/mailbox/contracts.ts';
import type { TDraft, TDraftInput, TDraftSaved } from '@shared/mailbox/drafts.ts';
import {
  decideMessage,
  dueOperations,
  markCompleted,
  markConflict,
  markFailed,
  markSkipped,
  summarize,
  type MessageState,
  type OfflineOperation,
  type SyncSummary,
} from '@shared/offline/queue.ts';
import { api, ApiError, isRetryable } from '@web/app/api.ts';
import { readQueue, saveOperations } from './offline-queue.ts';

/**
 * Sends the queued operations when the connection returns (issue 18), oldest first, one at a time, each with its
 * id as the Idempotency-Key. A mail action is first compared with the messages as the server has them now (spec
 * §9: read status, the server's stands; starred, folder and delete, the client's; labels, merged); a draft saved
 * meanwhile elsewhere waits for the user (content: they choose, skipped when they do not).
 */

/** What the queue keeps for each kind of operation. */
export interface MailActionPayload {
  input: TMessageActionInput;
}
export type MailActionBase = Record<string, MessageState>;
export interface DraftPayload {
  draftId: string;
  body: TDraftInput;
  /** The user chose their version over a newer one on the server: it is saved over the server's revision. */
  overwrite?: boolean;
}

const idempotent = (id: string) => ({ 'Idempotency-Key': id });

/** A draft's operation went through: an open composer takes the new revision (use-server-draft.ts). */
export const DRAFT_SYNCED_EVENT = 'gestionale:draft-synced';
export type DraftSyncedDetail = { draftId: string; revision: number };

type Outcome = { op: OfflineOperation; resolved: number };

async function sendMailAction(op: OfflineOperation): Promise<Outcome> {
  const { input } = op.payload as MailActionPayload;
  const base = (op.base ?? null) as MailActionBase | null;
  let ids = input.ids;
  let resolved = 0;
  let serverWon = false;
  if (base && !input.conversations) {
    ids = [];
    for (const id of input.ids) {
      let server: TMessage;
      try {
        server = await api<TMessage>(`/api/v1/mail/messages/${encodeURIComponent(id)}`);
      } catch (error) {
        // Gone from the server meanwhile: nothing left to change on it.
        if (error instanceof ApiError && error.status === 404) continue;
        throw error;
      }
      const seen = base[id];
      if (!seen) {
        ids.push(id);
        continue;
      }
      const decision = decideMessage(input.action, seen, server);
      if (decision.conflict) resolved += 1;
      if (decision.send) ids.push(id);
      else serverWon = true;
    }
  }
  if (ids.length === 0) return { op: serverWon ? markSkipped(op) : markCompleted(op), resolved };
  try {
    await api(`/api/v1/mail/messages/actions`, {
      method: 'POST',
      body: { ...input, ids },
      headers: idempotent(op.id),
    });
  } catch (error) {
    // A permanent delete sent again after its answer was lost finds the messages gone.
    if (!(input.action === 'delete' && error instanceof ApiError && error.status === 404)) throw error;
  }
  return { op: markCompleted(op), resolved };
}

async function sendDraft(op: OfflineOperation): Promise<Outcome> {
  const { draftId, body, overwrite } = op.payload as DraftPayload;
  const url = `/api/v1/mail/drafts/${encodeURIComponent(draftId)}`;
  let revision = body.revision ?? 0;
  if (overwrite) revision = (await api<TDraft>(url)).revision;
  try {
    const saved = await api<TDraftSaved>(url, { method: 'PUT', body: { ...body, revision } });
    window.dispatchEvent(
      new CustomEvent<DraftSyncedDetail>(DRAFT_SYNCED_EVENT, {
        detail: { draftId, revision: saved.revision },
      }),
    );
    return { op: markCompleted(op), resolved: 0 };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'MAIL_DRAFT_CHANGED')
      return { op: markConflict(op), resolved: 0 };
    throw error;
  }
}

async function sendCreate(op: OfflineOperation, path: string): Promise<Outcome> {
  await api(path, { method: 'POST', body: op.payload, headers: idempotent(op.id) });
  return { op: markCompleted(op), resolved: 0 };
}

function sendOne(op: OfflineOperation): Promise<Outcome> {
  switch (op.kind) {
    case 'mail.action':
      return sendMailAction(op);
    case 'mail.draft':
      return sendDraft(op);
    case 'client.create':
      return sendCreate(op as OfflineOperation<TClientInput>, '/api/v1/clients');
    case 'event.create':
      return sendCreate(op as OfflineOperation<TEventInput>, '/api/v1/events');
  }
}

export interface SyncRun extends SyncSummary {
  /** Operations still to send later (retry_pending) or that stopped the run (the connection went again). */
  waiting: number;
  /** Drafts the user must decide on. */
  conflicts: OfflineOperation<DraftPayload>[];
}

/**
 * One pass over the due operations of this user and organization. Stops at the first request that does not reach
 * the server (still offline) and at a 401 (the session ended: the operations wait for the next sign-in).
 */
export async function syncQueue(scope: { userId: string; orgId: string }): Promise<SyncRun> {
  const before = await readQueue(scope.userId, scope.orgId);
  const after = new Map(before.map((op) => [op.id, op]));
  let resolved = 0;
  for (const op of dueOperations(before, Date.now())) {
    let next: OfflineOperation;
    try {
      const outcome = await sendOne(op);
      next = outcome.op;
      resolved += outcome.resolved;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 0 || status === 401) break;
      const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
      next = markFailed(op, { code, retryable: isRetryable(error) }, Date.now());
    }
    after.set(op.id, next);
    await saveOperations([next]);
  }
  const list = [...after.values()];
  return {
    ...summarize(before, list, resolved),
    waiting: list.filter((op) => op.status === 'retry_pending' || op.status === 'pending').length,
    conflicts: list.filter((op) => op.status === 'conflict_pending') as OfflineOperation<DraftPayload>[],
  };
}
