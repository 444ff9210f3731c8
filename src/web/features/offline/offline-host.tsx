import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CloudOff, RefreshCw } from 'lucide-react';
import { isOpen, nextRetryAt, resolveByUser, type OfflineOperation } from '@shared/offline/queue.ts';
import { meQueryKey, useMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { toast } from '@web/ui/toast.ts';
import { persistQueryCache } from './offline-cache.ts';
import { onQueueChange, queueVersion, readQueue, saveOperations, setOfflineScope } from './offline-queue.ts';
import { syncQueue, type DraftPayload } from './offline-sync.ts';

/**
 * Offline work for the whole app (issue 18), loaded after the first screen (providers.tsx): keeps the data of
 * recent screens for offline reading, says when the connection goes and comes back (spec §8's offline toasts),
 * sends the queued changes on reconnection and when a retry is due, asks about drafts changed elsewhere meanwhile,
 * and shows how many changes wait. Mounted while someone is signed in.
 */

const TOAST_MS = { offline: 6000, info: 4000 };

function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
  );
}

export default function OfflineHost() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const online = useOnline();
  const userId = me?.user.id ?? null;
  const orgId = me?.activeOrganizationId ?? null;
  const [waiting, setWaiting] = useState(0);
  const [conflicts, setConflicts] = useState<OfflineOperation<DraftPayload>[]>([]);
  const running = useRef(false);
  const again = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const version = useSyncExternalStore(onQueueChange, queueVersion);

  useEffect(() => persistQueryCache(queryClient), [queryClient]);

  useEffect(() => {
    setOfflineScope(userId && orgId ? { userId, orgId } : null);
  }, [userId, orgId]);

  // The badge's count and the conflicts waiting, from the stored queue.
  useEffect(() => {
    if (!userId || !orgId) return;
    let live = true;
    void readQueue(userId, orgId).then((queue) => {
      if (!live) return;
      setWaiting(queue.filter(isOpen).length);
      setConflicts(
        queue.filter((op) => op.status === 'conflict_pending') as OfflineOperation<DraftPayload>[],
      );
    });
    return () => {
      live = false;
    };
  }, [userId, orgId, version]);

  const sync = useCallback(
    async (announce: boolean) => {
      if (!userId || !orgId || !navigator.onLine) return;
      if (running.current) {
        again.current = true;
        return;
      }
      running.current = true;
      try {
        // One tab sends at a time (several tabs share the stored queue).
        const run = () => syncQueue({ userId, orgId });
        const result = navigator.locks
          ? await navigator.locks.request('gestionale-offline-sync', run)
          : await run();
        if (announce && result.synced + result.failed + result.asking === 0 && result.waiting === 0) {
          toast.dismiss('offline-sync');
        }
        if (result.synced > 0) {
          toast.success(t('common:offline.synced', { count: result.synced }), { id: 'offline-sync' });
        }
        if (result.failed > 0) toast.error(t('common:offline.failed', { count: result.failed }));
        if (result.resolved > 0) {
          toast(t('common:offline.conflictsResolved', { count: result.resolved }), {
            duration: TOAST_MS.info,
          });
        }
        if (result.synced + result.failed + result.resolved > 0) await queryClient.invalidateQueries();
        const queue = await readQueue(userId, orgId);
        const due = nextRetryAt(queue);
        if (retryTimer.current) clearTimeout(retryTimer.current);
        retryTimer.current =
          due === null ? null : setTimeout(() => void sync(false), Math.max(0, due - Date.now()));
      } catch {
        // The store could not be read (private mode, quota): the queue waits for the next reconnection.
      } finally {
        running.current = false;
        if (again.current) {
          again.current = false;
          void sync(false);
        }
      }
    },
    [userId, orgId, queryClient, t],
  );

  // The connection goes and comes back: the spec's toasts, then the queue is sent.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    if (!online) {
      toast(t('common:offline.nowOffline'), { id: 'offline', icon: '⚠️', duration: TOAST_MS.offline });
      return;
    }
    toast.dismiss('offline');
    toast.loading(t('common:offline.restored'), { id: 'offline-sync', duration: TOAST_MS.info });
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void sync(true);
  }, [online, queryClient, sync, t]);

  // Opened with changes left from before (the page was closed offline): sent now.
  useEffect(() => {
    if (online) void sync(false);
    return () => {
      if (retryTimer.current) clearTimeout(retryTimer.current);
    };
    // Once per user and organization: the reconnection effect above covers the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, orgId]);

  const conflict = conflicts[0];
  const answer = async (keep: 'mine' | 'theirs') => {
    if (!conflict) return;
    const next = resolveByUser(conflict, keep);
    const chosen = keep === 'mine' ? { ...next, payload: { ...conflict.payload, overwrite: true } } : next;
    setConflicts((list) => list.slice(1));
    await saveOperations([chosen]);
    if (keep === 'mine') void sync(false);
  };

  return (
    <>
      {(!online || waiting > 0) && (
        <div
          role="status"
          data-testid="offline-status"
          className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-sm text-foreground shadow-(--shadow-pop)"
        >
          {online ? (
            <RefreshCw aria-hidden="true" className="size-4" />
          ) : (
            <CloudOff aria-hidden="true" className="size-4" />
          )}
          {online
            ? t('common:offline.waiting', { count: waiting })
            : waiting > 0
              ? t('common:offline.offlineWaiting', { count: waiting })
              : t('common:offline.offlineBadge')}
        </div>
      )}
      <Dialog open={!!conflict} onOpenChange={(open) => !open && void answer('theirs')}>
        {conflict && (
          <DialogContent
            title={t('common:offline.conflict.title')}
            description={t('common:offline.conflict.description', {
              subject: conflict.payload.body.subject || t('common:offline.conflict.noSubject'),
            })}
            closeLabel={t('common:offline.conflict.keepTheirs')}
          >
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => void answer('theirs')}>
                {t('common:offline.conflict.keepTheirs')}
              </Button>
              <Button onClick={() => void answer('mine')}>{t('common:offline.conflict.keepMine')}</Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
