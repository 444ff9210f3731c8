import type { TChannel, TClientMessage, TServerMessage } from '@shared/realtime/messages.ts';

/**
 * The channels other features listen to on the notifications provider's one connection to /api/ws (the mailbox's
 * `mail`): a channel is subscribed on the server while it has a listener, subscribed again on each new connection,
 * and unsubscribed when its last listener leaves (the server then stops its work for it, e.g. IMAP IDLE). Every
 * server message goes to every listener; each takes the types it knows.
 */
export type LiveListener = {
  onMessage: (message: TServerMessage) => void;
  /** The connection came back: what happened meanwhile was missed, so fetch again. */
  onReconnect?: () => void;
};

/** `send` writes to the connection when it is open, and drops the message otherwise (opened() catches up). */
export function createLiveChannels(send: (message: TClientMessage) => void) {
  const listeners = new Map<TChannel, Set<LiveListener>>();
  return {
    subscribe(channel: TChannel, listener: LiveListener): () => void {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      if (set.size === 1) send({ type: 'SUBSCRIBE', channel });
      return () => {
        if (!set.delete(listener) || set.size > 0) return;
        listeners.delete(channel);
        send({ type: 'UNSUBSCRIBE', channel });
      };
    },
    /** A connection opened (`reconnected`: not the first of this organization): subscribe what is listened to. */
    opened(reconnected: boolean) {
      for (const [channel, set] of listeners) {
        send({ type: 'SUBSCRIBE', channel });
        if (reconnected) for (const l of set) l.onReconnect?.();
      }
    },
    dispatch(message: TServerMessage) {
      for (const set of listeners.values()) for (const l of set) l.onMessage(message);
    },
  };
}
export type LiveChannels = ReturnType<typeof createLiveChannels>;
