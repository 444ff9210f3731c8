import { z } from 'zod';
import type { TMailAccountState, TMessageSummary } from '../mailbox/contracts.ts';
import type { TMailDelivery } from '../mail/outbox.ts';

/**
 * Live channel contract (`/api/ws`). Clients subscribe to channels; the server pushes messages
 * (email-client spec §7: NOTIFICATION, HEARTBEAT). Channels of later features join CHANNELS. `reports` (the spec's
 * report_notifications and schedule_notifications) carries the runs of scheduled reports, to members who may see
 * reports. `mail` carries the spec's mail channel messages (§7 email, email:sync) of the user's own mail only.
 */
export const CHANNELS = ['notifications', 'dashboard', 'reports', 'mail', 'documents'] as const;
export const ZChannel = z.enum(CHANNELS);
export type TChannel = z.infer<typeof ZChannel>;

/** The areas whose changes make the dashboard and reports stale. */
export const DASHBOARD_AREAS = ['invoices', 'quotes', 'transactions', 'inventory', 'clients'] as const;
export type DashboardArea = (typeof DASHBOARD_AREAS)[number];

export const HEARTBEAT_INTERVAL_MS = 30_000;
export const MAX_RECONNECT_ATTEMPTS = 5;

export const ZNotification = z.object({
  id: z.string(),
  type: z.enum(['info', 'success', 'warning', 'error', 'report', 'schedule']),
  title: z.string(),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  data: z.object({ url: z.string().optional(), action: z.string().optional() }).optional(),
});
export type TNotification = z.infer<typeof ZNotification>;

/**
 * The live figures a client may ask for with REQUEST_REAL_TIME_DATA (spec §7 "requests for real-time data"):
 * few and cheap, each one aggregate over the rows the lists show. The business figures need view_analytics;
 * the unread notifications are the member's own.
 */
export const REAL_TIME_METRICS = [
  'invoicedToday',
  'collectedToday',
  'outstanding',
  'overdue',
  'unreadNotifications',
] as const;
export const ZRealTimeMetric = z.enum(REAL_TIME_METRICS);
export type TRealTimeMetric = z.infer<typeof ZRealTimeMetric>;
/** The metrics that are business figures: they need view_analytics. */
export const REAL_TIME_FIGURE_METRICS: readonly TRealTimeMetric[] = [
  'invoicedToday',
  'collectedToday',
  'outstanding',
  'overdue',
];

/** The answer's figures, one key per metric asked and allowed; amounts in integer cents. */
export type TRealTimeFigures = {
  /** Issued today (organization's time zone), credit notes subtracted. */
  invoicedToday?: { cents: number };
  /** Payments recorded on invoices with today's date. */
  collectedToday?: { cents: number };
  /** Left to collect on issued invoices. */
  outstanding?: { cents: number };
  /** Issued invoices past their due date and not fully paid. */
  overdue?: { cents: number; count: number };
  unreadNotifications?: { count: number };
};

export const ZClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SUBSCRIBE'), channel: ZChannel }),
  z.object({ type: z.literal('UNSUBSCRIBE'), channel: ZChannel }),
  z.object({ type: z.literal('HEARTBEAT') }),
  z.object({
    type: z.literal('REQUEST_REAL_TIME_DATA'),
    // Each metric once; the answer has no order.
    metrics: z
      .array(ZRealTimeMetric)
      .min(1)
      .max(REAL_TIME_METRICS.length)
      .transform((metrics) => [...new Set(metrics)]),
  }),
]);
const CLIENT_MESSAGE_TYPES = ['SUBSCRIBE', 'UNSUBSCRIBE', 'HEARTBEAT', 'REQUEST_REAL_TIME_DATA'];
export type TClientMessage = z.infer<typeof ZClientMessage>;

export type TServerMessage =
  | { type: 'CONNECTED'; userId: string; organizationId: string | null }
  | { type: 'SUBSCRIBED'; channel: TChannel }
  | { type: 'UNSUBSCRIBED'; channel: TChannel }
  | { type: 'HEARTBEAT'; timestamp: string }
  | { type: 'NOTIFICATION'; notification: TNotification }
  /**
   * The answer to REQUEST_REAL_TIME_DATA (spec §7 realTimeData): the figures of the socket's organization as of
   * `timestamp` (`date`: today in the organization's time zone, null without an organization). A metric the
   * member may not see (or that needs an organization the socket has none of) is in `denied`, never a zero.
   */
  | {
      type: 'REAL_TIME_DATA';
      organizationId: string | null;
      date: string | null;
      figures: TRealTimeFigures;
      denied: TRealTimeMetric[];
      timestamp: string;
    }
  /** Business data of the organization changed (invoices, payments, quotes, ledger, stock): figures are stale. */
  | { type: 'DASHBOARD_UPDATE'; areas: DashboardArea[]; timestamp: string }
  /** A scheduled report's run started, ended or failed (spec §7 reportStatusUpdate). */
  | {
      type: 'REPORT_STATUS_UPDATE';
      scheduleId: string;
      status: 'running' | 'done' | 'failed';
      error?: string;
      timestamp: string;
    }
  /** A scheduled report's file is ready to download (spec §7 reportGenerated). */
  | { type: 'REPORT_GENERATED'; scheduleId: string; fileName: string; url: string; timestamp: string }
  /** A document's text is being read (OCR progress 0..100) or its reading ended (documents channel). */
  | {
      type: 'DOCUMENT_READING';
      documentId: string;
      status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled' | 'not_needed';
      progress: number;
      timestamp: string;
    }
  /** Mail channel (spec §7), to the mail's owner in the organization it belongs to. */
  | { type: 'email:new'; email: TMessageSummary }
  | {
      type: 'email:updated';
      emailId: string;
      updates: Partial<TMessageSummary>;
      /** Mail sent from the app: its new delivery state (queued again, sent, failed with the reason). */
      delivery?: TMailDelivery;
    }
  | { type: 'email:deleted'; emailId: string }
  | { type: 'folder:updated'; folderId: string; updates: { unreadCount?: number; totalCount?: number } }
  | { type: 'sync:started'; accountId: string; timestamp: string }
  | { type: 'sync:progress'; account: TMailAccountState }
  | { type: 'sync:completed'; accountId: string; timestamp: string; newEmails: number }
  | { type: 'sync:error'; accountId: string; error: string; timestamp: string }
  /** The session was revoked or signed out: the socket closes right after. */
  | { type: 'SESSION_REVOKED' }
  /** Server-internal: the user left or was removed from the organization; its topics are dropped at once. */
  | { type: 'MEMBERSHIP_ENDED'; organizationId: string }
  /** A refused frame, or a request for real-time data that could not be answered now (SERVICE_UNAVAILABLE). */
  | {
      type: 'ERROR';
      error: { code: 'MALFORMED_MESSAGE' | 'UNKNOWN_MESSAGE' | 'SERVICE_UNAVAILABLE'; message: string };
    };

/** Parses one client frame; never throws. */
export function parseClientMessage(
  raw: string,
): { ok: true; message: TClientMessage } | { ok: false; code: 'MALFORMED_MESSAGE' | 'UNKNOWN_MESSAGE' } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, code: 'MALFORMED_MESSAGE' };
  }
  const parsed = ZClientMessage.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = (value as { type?: unknown } | null)?.type;
  return {
    ok: false,
    code:
      typeof type === 'string' && !CLIENT_MESSAGE_TYPES.includes(type)
        ? 'UNKNOWN_MESSAGE'
        : 'MALFORMED_MESSAGE',
  };
}
