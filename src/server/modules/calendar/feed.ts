import {
  eventPagePath,
  type TCalendarFeedCreated,
  type TCalendarFeedStatus,
} from '@shared/calendar/contracts.ts';
import { hasPermission, normalizeRole } from '@shared/auth/permissions.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { icsEventOf, organizerFor, seriesEndDateOf, type DeliveryDeps } from './delivery.ts';
import { buildFeedIcs } from './ics.ts';
import * as repo from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * A private iCalendar subscription per user and organization, for Google Calendar, Outlook and Apple
 * Calendar: `${appUrl}/api/public/calendar/{token}.ics`, the token shown once and stored as its SHA-256.
 * Creating it again rotates the token; revoking deletes it; both make the old URL answer 404. The feed also
 * stops when the user leaves the organization or loses the right to read its events.
 */

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
/** Events that ended more than a year ago are left out of the feed. */
const FEED_PAST_MS = 365 * 86_400_000;

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/public/calendar/${token}.ics`;
}

export async function feedStatus(
  deps: { db: Db },
  input: { orgId: string; userId: string },
): Promise<TCalendarFeedStatus> {
  const row = await repo.findFeed(deps.db, input.orgId, input.userId);
  return {
    active: !!row,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createFeed(
  deps: { db: Db; appUrl: string },
  input: { orgId: string; userId: string },
): Promise<TCalendarFeedCreated> {
  const token = newToken();
  const row = await repo.upsertFeed(deps.db, input.orgId, input.userId, hashToken(token), new Date());
  return { url: feedUrl(deps.appUrl, token), createdAt: row.createdAt.toISOString() };
}

export async function revokeFeed(deps: { db: Db }, input: { orgId: string; userId: string }): Promise<void> {
  await repo.deleteFeed(deps.db, input.orgId, input.userId);
}

/** The .ics behind a subscription URL's last segment ("{token}.ics"); anything unknown → 404. */
export async function publicFeed(deps: DeliveryDeps, file: string): Promise<string> {
  const token = FEED_FILE.exec(file)?.[1];
  const feed = token ? await repo.findFeedByHash(deps.db, hashToken(token)) : undefined;
  if (!feed) throw new AppError('NOT_FOUND');
  const role = await repo.memberRole(deps.db, feed.userId, feed.organizationId);
  if (!role || !hasPermission(normalizeRole(role), 'view_financial_data')) throw new AppError('NOT_FOUND');
  const now = new Date();
  const [rows, organizer] = await Promise.all([
    repo.listEventsEndingAfter(deps.db, feed.organizationId, new Date(now.getTime() - FEED_PAST_MS)),
    organizerFor(deps, { orgId: feed.organizationId, createdBy: null }),
  ]);
  await repo.touchFeed(deps.db, feed.id, now);
  return buildFeedIcs({
    name: organizer.name,
    dtstamp: now,
    organizer,
    events: rows.map((e) => ({
      ...icsEventOf(e),
      seriesEndDate: seriesEndDateOf(e),
      url: `${deps.appUrl}${eventPagePath(e.id)}`,
    })),
  });
}
