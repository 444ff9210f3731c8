import type { FastifyInstance } from 'fastify';
import { DASHBOARD_AREAS, type DashboardArea } from '@shared/realtime/messages.ts';
import { topics, type RealtimeHub } from './realtime.ts';

/** Changes of one organization within this window go out as one DASHBOARD_UPDATE (an import is one message). */
export const ANNOUNCE_DELAY_MS = 300;

const AREA_OF_PATH = new RegExp(`^/api/v1/(${DASHBOARD_AREAS.join('|')})(?:[/?]|$)`);

/**
 * Tells the open dashboards and reports of an organization that its business data changed: after every
 * successful write under /api/v1/{invoices,quotes,transactions,inventory,clients} by a member, one
 * DASHBOARD_UPDATE on the organization's dashboard topic (email-client.md §7, issue 14 "Live"). The message
 * carries no figure: each client refetches what it shows, with its own permissions.
 */
export function registerChangeAnnouncer(app: FastifyInstance, hub: RealtimeHub) {
  const pending = new Map<string, { areas: Set<DashboardArea>; timer: NodeJS.Timeout }>();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
    const orgId = request.org?.id;
    const area = AREA_OF_PATH.exec(request.url)?.[1] as DashboardArea | undefined;
    if (!orgId || !area) return;
    const entry = pending.get(orgId);
    if (entry) {
      entry.areas.add(area);
      return;
    }
    const timer = setTimeout(() => {
      const areas = [...(pending.get(orgId)?.areas ?? [area])];
      pending.delete(orgId);
      void hub.publish(topics.orgDashboard(orgId), {
        type: 'DASHBOARD_UPDATE',
        areas,
        timestamp: new Date().toISOString(),
      });
    }, ANNOUNCE_DELAY_MS);
    timer.unref();
    pending.set(orgId, { areas: new Set([area]), timer });
  });
  app.addHook('onClose', async () => {
    for (const { timer } of pending.values()) clearTimeout(timer);
    pending.clear();
  });
}
