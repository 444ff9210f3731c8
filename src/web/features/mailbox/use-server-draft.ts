import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDraftInput } from '@shared/mailbox/drafts.ts';
import { ApiError } from '@web/app/api.ts';
import { DRAFT_SYNCED_EVENT, type DraftSyncedDetail } from '@web/features/offline/offline-sync.ts';
import { saveDraftOnLeave, useSaveDraft } from './mailbox-api.ts';

/**
 * The composer's draft on the server (issue 16): saved about two seconds after the last change, one save at a time
 * (a change made while one is on its way is saved after it), with the revision the composer last saw; saved once
 * more when the page goes away (keepalive), so closing the tab loses nothing. The state says what is true: saving,
 * saved at a time, or not saved and why (the copy in this browser, local-draft.ts, is then what is left).
 */

export type DraftSaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'failed' }
  /** Saved meanwhile from another window: this one no longer saves over it. */
  | { kind: 'conflict' };

export const DRAFT_SAVE_DELAY_MS = 2_000;

type Mode = 'active' | 'held' | 'done';

export function useServerDraft(options: {
  draftId: string;
  /** The server's revision when the composer opened (0: never saved). */
  initialRevision: number;
  /** What to save; null while there is nothing worth keeping (a message not touched yet). */
  body: Omit<TDraftInput, 'revision'> | null;
  /** The body it opens with is the server's own (a draft opened from the Drafts folder): nothing to save yet. */
  initiallySaved?: boolean;
  delayMs?: number;
}) {
  const { draftId, body } = options;
  const delayMs = options.delayMs ?? DRAFT_SAVE_DELAY_MS;
  const save = useSaveDraft();
  const mutateAsync = save.mutateAsync;
  const [state, setState] = useState<DraftSaveState>({ kind: 'idle' });
  const [revision, setRevision] = useState(options.initialRevision);
  const revisionRef = useRef(options.initialRevision);
  const json = body ? JSON.stringify(body) : null;
  const latest = useRef<{ json: string | null; body: typeof body }>({ json, body });
  latest.current = { json, body };
  const savedJson = useRef<string | null>(options.initiallySaved ? json : null);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const mode = useRef<Mode>('active');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const dirty = () => latest.current.json !== null && latest.current.json !== savedJson.current;

  /** Saves what the composer holds now, after the save on its way; answers whether the server has it. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    const { json: sending, body: current } = latest.current;
    if (!current || sending === null) return true;
    if (sending === savedJson.current) return true;
    if (mode.current === 'done') return false;
    setState({ kind: 'saving' });
    const attempt = mutateAsync({ id: draftId, body: { ...current, revision: revisionRef.current } })
      .then((saved) => {
        revisionRef.current = saved.revision;
        setRevision(saved.revision);
        savedJson.current = sending;
        setState({ kind: 'saved', at: saved.savedAt });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'MAIL_DRAFT_CHANGED') {
          mode.current = 'done';
          setState({ kind: 'conflict' });
        } else if (!(error instanceof ApiError) || error.isNetwork || !navigator.onLine) {
          setState({ kind: 'offline' });
        } else setState({ kind: 'failed' });
        return false;
      });
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      if (inFlight.current === attempt) inFlight.current = null;
    }
  }, [draftId, mutateAsync]);

  // A change is saved once the typing pauses.
  useEffect(() => {
    if (json === null || json === savedJson.current || mode.current !== 'active') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), delayMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [json, delayMs, saveNow]);

  // A save queued offline reached the server (features/offline): the next save builds on its revision.
  useEffect(() => {
    const synced = (event: Event) => {
      const { detail } = event as CustomEvent<DraftSyncedDetail>;
      if (detail.draftId !== draftId || detail.revision <= revisionRef.current) return;
      revisionRef.current = detail.revision;
      setRevision(detail.revision);
      if (mode.current === 'active') setState({ kind: 'saved', at: new Date().toISOString() });
    };
    window.addEventListener(DRAFT_SYNCED_EVENT, synced);
    return () => window.removeEventListener(DRAFT_SYNCED_EVENT, synced);
  }, [draftId]);

  // The page goes away (tab closed, reload) or the composer with it: what is not saved yet leaves with keepalive.
  useEffect(() => {
    const leave = () => {
      const { body: current } = latest.current;
      if (mode.current !== 'active' || !current || !dirty()) return;
      savedJson.current = latest.current.json;
      saveDraftOnLeave(draftId, { ...current, revision: revisionRef.current });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [draftId]);

  return {
    state,
    /** The server's revision this composer last saw (kept with the copy in this browser). */
    revision,
    /** Whether the server ever had this draft (a discard then removes it). */
    saved: () => revisionRef.current > 0,
    /** Saves now what is not saved yet; answers whether the server has it all. */
    flush: saveNow,
    /** No save starts (a send is on its way); answers once the save on its way is over. */
    hold: async () => {
      mode.current = 'held';
      if (timer.current) clearTimeout(timer.current);
      if (inFlight.current) await inFlight.current;
    },
    /** Saves go on (the send was refused: the message is still being written). */
    release: () => {
      if (mode.current !== 'held') return;
      mode.current = 'active';
      if (dirty()) timer.current = setTimeout(() => void saveNow(), delayMs);
    },
    /** Sent or discarded: nothing is saved any more, the page leaving included. */
    finish: () => {
      mode.current = 'done';
      if (timer.current) clearTimeout(timer.current);
    },
  };
}
