import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TMailboxOverview, TMessage } from '@shared/mailbox/contracts.ts';
import { MAIL_PAGE_SIZE } from '@shared/mailbox/types.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { useNotifications } from '@web/features/notifications/notifications-provider.tsx';
import { mailKeys } from './mailbox-api.ts';
import {
  listAwaitsFolder,
  mapPages,
  newMessageBelongs,
  overviewAfterLive,
  withNewMessage,
  type ListPages,
} from './mailbox-cache.ts';

/**
 * The mail channel (spec §7) while the mailbox is open, on the app's one live connection (the notifications
 * provider's; subscribed to `mail` while the mailbox listens, unsubscribed when it leaves — the server sends it the
 * user's own mail only). email:new/updated/deleted change the loaded lists and the open message, folder:updated
 * the counts, sync:* the accounts' sync state, without a reload. After a reconnect everything is fetched again,
 * so nothing that happened meanwhile is missed.
 */
export function useMailLive(orgId: string | null) {
  const queryClient = useQueryClient();
  const clientRef = useRef(queryClient);
  const { subscribeLive } = useNotifications();

  useEffect(() => {
    if (!orgId) return;
    const qc = clientRef.current;

    const inboxIds = () =>
      new Set(
        (qc.getQueryData<TMailboxOverview>(mailKeys.overview(orgId))?.folders ?? [])
          .filter((f) => f.role === 'inbox')
          .map((f) => f.id),
      );

    const onMessage = (message: TServerMessage) => {
      switch (message.type) {
        case 'email:new': {
          const inbox = inboxIds();
          for (const [key] of qc.getQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) })) {
            const query = String(key[3] ?? '');
            if (newMessageBelongs(query, message.email, inbox))
              qc.setQueryData<ListPages>(key, (data) => withNewMessage(data, message.email));
            else void qc.invalidateQueries({ queryKey: key, exact: true });
          }
          void qc.invalidateQueries({ queryKey: mailKeys.overview(orgId) });
          break;
        }
        case 'email:updated': {
          qc.setQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) }, (data) =>
            mapPages(data, (r) => (r.id === message.emailId ? { ...r, ...message.updates } : r)),
          );
          qc.setQueryData<TMessage>(mailKeys.message(orgId, message.emailId), (m) =>
            m ? { ...m, ...message.updates, ...(message.delivery ? { delivery: message.delivery } : {}) } : m,
          );
          // A move changes which list it belongs to: those lists ask the server.
          if (message.updates.folderId) void qc.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
          break;
        }
        case 'email:deleted':
          qc.setQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) }, (data) =>
            mapPages(data, (r) => (r.id === message.emailId ? null : r)),
          );
          break;
        case 'folder:updated': {
          qc.setQueryData<TMailboxOverview>(mailKeys.overview(orgId), (o) => overviewAfterLive(o, message));
          const known = qc
            .getQueryData<TMailboxOverview>(mailKeys.overview(orgId))
            ?.folders.find((f) => f.id === message.folderId);
          // A new account's folders: the overview asks for them (without cancelling a fetch under way).
          if (!known)
            void qc.invalidateQueries({ queryKey: mailKeys.overview(orgId) }, { cancelRefetch: false });
          const folder = {
            id: message.folderId,
            inbox: known ? known.role === 'inbox' : ('unknown' as const),
          };
          for (const [key, data] of qc.getQueriesData<ListPages>({ queryKey: mailKeys.lists(orgId) })) {
            if (listAwaitsFolder(String(key[3] ?? ''), data, folder, MAIL_PAGE_SIZE))
              void qc.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
          }
          break;
        }
        case 'sync:started':
        case 'sync:progress':
        case 'sync:completed':
        case 'sync:error': {
          qc.setQueryData<TMailboxOverview>(mailKeys.overview(orgId), (o) => overviewAfterLive(o, message));
          const accountId = message.type === 'sync:progress' ? message.account.id : message.accountId;
          const accounts = qc.getQueryData<TMailboxOverview>(mailKeys.overview(orgId))?.accounts;
          // An account added since the overview was loaded (in another tab, or just now): ask for it.
          if (accounts && !accounts.some((a) => a.id === accountId))
            void qc.invalidateQueries({ queryKey: mailKeys.overview(orgId) }, { cancelRefetch: false });
          if (message.type === 'sync:completed' && message.newEmails > 0)
            void qc.invalidateQueries({ queryKey: mailKeys.lists(orgId) });
          break;
        }
        default:
          break;
      }
    };

    return subscribeLive('mail', {
      onMessage,
      onReconnect: () => void qc.invalidateQueries({ queryKey: mailKeys.all(orgId) }),
    });
  }, [orgId, subscribeLive]);
}
