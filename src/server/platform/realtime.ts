import type { TServerMessage } from '@shared/realtime/messages.ts';

/**
 * Fan-out of live messages to topics: in-process (one app instance), or through Redis pub/sub when REDIS_URL is set
 * (several instances; realtime-redis.ts). Subscribers and watchers are always this instance's own.
 */
export type RealtimeHub = {
  publish(topic: string, message: TServerMessage): Promise<void>;
  /** Returns the function that removes the subscription. */
  subscribe(topic: string, listener: (message: TServerMessage) => void): () => void;
  /**
   * Tells when a topic gets its first subscriber (active) or loses its last one, and at once of the topics active
   * now; returns the function that stops it. The mail sync keeps IMAP IDLE open while its owner listens.
   */
  watchTopics(listener: (topic: string, active: boolean) => void): () => void;
  /**
   * Resolves once the subscriptions made so far also hear the other instances (at once in process; with Redis,
   * when it confirmed them, waiting a bounded time). The live channel says SUBSCRIBED only then.
   */
  subscribed(): Promise<void>;
  close(): Promise<void>;
};

export const topics = {
  userNotifications: (userId: string) => `notifications:user:${userId}`,
  orgNotifications: (orgId: string) => `notifications:org:${orgId}`,
  /** Control messages of one session (SESSION_REVOKED closes its live sockets). */
  session: (sessionId: string) => `session:${sessionId}`,
  /** Control messages of one user's memberships (MEMBERSHIP_ENDED drops an organization's topics). */
  membership: (userId: string) => `membership:${userId}`,
  /** DASHBOARD_UPDATE of one organization. */
  orgDashboard: (orgId: string) => `dashboard:org:${orgId}`,
  /** REPORT_STATUS_UPDATE and REPORT_GENERATED of one organization's scheduled reports. */
  orgReports: (orgId: string) => `reports:org:${orgId}`,
  /** DOCUMENT_READING of one organization's documents (reading and OCR progress). */
  orgDocuments: (orgId: string) => `documents:org:${orgId}`,
  /** The mail channel of one user in one organization: mail is never shared with other members. */
  userMail: (orgId: string, userId: string) => `mail:org:${orgId}:user:${userId}`,
};

/** The owner of a topics.userMail topic, or null for any other topic. */
export function userMailTopicOwner(topic: string): { orgId: string; userId: string } | null {
  const match = /^mail:org:([^:]+):user:([^:]+)$/.exec(topic);
  return match ? { orgId: match[1]!, userId: match[2]! } : null;
}

export function createInProcessHub(): RealtimeHub {
  const listeners = new Map<string, Set<(message: TServerMessage) => void>>();
  const watchers = new Set<(topic: string, active: boolean) => void>();
  const tell = (topic: string, active: boolean) => {
    for (const watcher of watchers) {
      try {
        watcher(topic, active);
      } catch {
        // a watcher's failure is its own
      }
    }
  };
  return {
    async publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) {
        try {
          listener(message);
        } catch {
          // one broken socket must not stop the others
        }
      }
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      const first = !set;
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      if (first) tell(topic, true);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        set.delete(listener);
        if (set.size === 0 && listeners.get(topic) === set) {
          listeners.delete(topic);
          tell(topic, false);
        }
      };
    },
    watchTopics(watcher) {
      watchers.add(watcher);
      for (const topic of listeners.keys()) watcher(topic, true);
      return () => {
        watchers.delete(watcher);
      };
    },
    async subscribed() {},
    async close() {
      listeners.clear();
      watchers.clear();
    },
  };
}
