import { describe, expect, it } from 'vitest';
import type { TClientMessage, TServerMessage } from '@shared/realtime/messages.ts';
import { createLiveChannels } from './live-channels.ts';

describe('createLiveChannels: other channels on the one connection', () => {
  const setup = () => {
    const sent: TClientMessage[] = [];
    return { sent, live: createLiveChannels((m) => sent.push(m)) };
  };
  const progress: TServerMessage = { type: 'folder:updated', folderId: 'f', updates: { unreadCount: 1 } };

  it('subscribes a channel at its first listener, and unsubscribes at its last leaving', () => {
    const { sent, live } = setup();
    const a: TServerMessage[] = [];
    const b: TServerMessage[] = [];
    const offA = live.subscribe('mail', { onMessage: (m) => a.push(m) });
    const offB = live.subscribe('mail', { onMessage: (m) => b.push(m) });
    expect(sent).toEqual([{ type: 'SUBSCRIBE', channel: 'mail' }]);
    live.dispatch(progress);
    expect([a, b]).toEqual([[progress], [progress]]);
    offA();
    offA();
    expect(sent).toHaveLength(1);
    offB();
    expect(sent.at(-1)).toEqual({ type: 'UNSUBSCRIBE', channel: 'mail' });
    live.dispatch(progress);
    expect(b).toHaveLength(1);
  });

  it('subscribes again on each connection, and tells the listeners of a reconnect', () => {
    const { sent, live } = setup();
    let reconnects = 0;
    live.subscribe('mail', { onMessage: () => undefined, onReconnect: () => reconnects++ });
    sent.length = 0;
    live.opened(false);
    expect(sent).toEqual([{ type: 'SUBSCRIBE', channel: 'mail' }]);
    expect(reconnects).toBe(0);
    live.opened(true);
    expect(sent).toHaveLength(2);
    expect(reconnects).toBe(1);
  });
});
