import type { ComposeDraft, DraftFile } from './compose-draft.ts';

/**
 * The message being written, kept in this browser while the composer is open (issue 16: a message is never lost
 * when the tab closes): saved as it changes, offered again when a new message is opened, removed once it is sent or
 * discarded. Its files are kept as references (uploads stay on the server until sent or removed). Per user and
 * organization; only a new message or a reply in progress, one at a time. The server keeps the draft too
 * (use-server-draft.ts): this copy is what is left when the server could not be reached.
 */

export type SavedDraft = { draft: ComposeDraft; savedAt: string };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One slot for a new message (or a forward), one per message being answered. */
export const localDraftKey = (userId: string, orgId: string | null, inReplyToId: string | null = null) =>
  `gestionale.compose.draft.${userId}.${orgId ?? 'none'}.${inReplyToId ?? 'new'}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** Whether anything was written (an empty message is not worth keeping). */
export function hasContent(draft: ComposeDraft): boolean {
  const html = draft.html.replace(/<[^>]*>/g, '').trim();
  return !!(
    draft.to.trim() ||
    draft.cc.trim() ||
    draft.bcc.trim() ||
    draft.subject.trim() ||
    html ||
    draft.attachments.length
  );
}

export function saveLocalDraft(key: string, draft: ComposeDraft, now = new Date(), store = storage()): void {
  if (!store) return;
  try {
    if (!hasContent(draft)) store.removeItem(key);
    else store.setItem(key, JSON.stringify({ draft, savedAt: now.toISOString() } satisfies SavedDraft));
  } catch {
    /* full or unavailable: the composer still holds it */
  }
}

/** The saved draft, or null when there is none or it is not one (an older format, edited by hand). */
export function loadLocalDraft(key: string, store = storage()): SavedDraft | null {
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as { draft?: Partial<ComposeDraft>; savedAt?: unknown };
    const d = value.draft;
    if (!d || !isText(value.savedAt) || ![d.to, d.cc, d.bcc, d.subject, d.html].every(isText)) return null;
    const attachments = Array.isArray(d.attachments)
      ? d.attachments.filter(
          (a: DraftFile) =>
            isText(a?.filename) && (isText(a.uploadId) || isText(a.forwardId) || !!a.document),
        )
      : [];
    return {
      savedAt: value.savedAt,
      draft: {
        accountId: isText(d.accountId) ? d.accountId : null,
        to: d.to!,
        cc: d.cc!,
        bcc: d.bcc!,
        subject: d.subject!,
        html: d.html!,
        inReplyToId: isText(d.inReplyToId) ? d.inReplyToId : null,
        attachments,
        // Its draft on the server, so that the saves go on changing that one.
        ...(isText(d.draftId) ? { draftId: d.draftId } : {}),
        ...(typeof d.serverRevision === 'number' ? { serverRevision: d.serverRevision } : {}),
      },
    };
  } catch {
    return null;
  }
}

export function clearLocalDraft(key: string, store = storage()): void {
  try {
    store?.removeItem(key);
  } catch {
    /* nothing to clear */
  }
}
