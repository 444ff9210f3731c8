import { z } from 'zod';
import type { TMailDelivery } from '../mail/outbox.ts';
import type { TPecState } from './pec.ts';
import { zPage, zPageQuery } from '../pagination/pagination.ts';
import {
  MAIL_FOLDER_ROLES,
  MAIL_PAGE_SIZE,
  MAIL_SYNC_STATUSES,
  type TMailAddress,
  type TMailProgress,
  type TMailSecurityAnalysis,
  type TRelatedDocument,
} from './types.ts';

/**
 * The mailbox's API contracts (issue 15), shared by the server routes (src/server/modules/mailbox) and the web
 * (src/web/features/mailbox). Accounts have their own file (accounts.ts). All paths are under /api/v1/mail.
 */

/** A folder of an account (accountId set) or of the local mailbox (accountId null). */
export const ZMailFolder = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  name: z.string(),
  path: z.string(),
  role: z.enum(MAIL_FOLDER_ROLES).nullable(),
  parentId: z.string().nullable(),
  color: z.string().nullable(),
  unreadCount: z.number().int(),
  totalCount: z.number().int(),
});
export type TMailFolder = z.infer<typeof ZMailFolder>;

export const ZMailLabel = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TMailLabel = z.infer<typeof ZMailLabel>;

/** What the mailbox shows of an account: its address and sync state (the full account is in accounts.ts). */
export const ZMailAccountState = z.object({
  id: z.string(),
  emailAddress: z.string(),
  displayName: z.string().nullable(),
  /** Put under what the user writes from this account (issue 16). */
  signatureHtml: z.string().nullable(),
  isPec: z.boolean(),
  syncStatus: z.enum(MAIL_SYNC_STATUSES),
  syncErrorCode: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  syncProgress: z.custom<TMailProgress>().nullable(),
  /** Changes made here that the server has not taken yet (the write-back queue): shown, never hidden. */
  pendingChanges: z.number().int(),
  /** Changes the server refused too many times: given up until the user asks for a sync again. */
  failedChanges: z.number().int(),
});
export type TMailAccountState = z.infer<typeof ZMailAccountState>;

/** GET /mail/folders: everything the folder pane needs in one answer. */
export type TMailboxOverview = {
  accounts: TMailAccountState[];
  folders: TMailFolder[];
  labels: TMailLabel[];
  /** The organization's time zone: a scheduled send's day and time are chosen and shown in it. */
  timeZone: string;
};

/**
 * Where a list looks: a folder id, or a view over all the user's accounts: the unified Inbox, Starred, or
 * everywhere (search). Spec §2: the default is the Inbox.
 */
export const MAIL_VIEWS = ['inbox', 'starred', 'scheduled', 'all'] as const;

const zFlag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A real calendar day, YYYY-MM-DD, in years the date helpers handle ("2026-02-30" is refused, never a 500). */
const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'transactions.errors.dateInvalid')
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    const year = Number(v.slice(0, 4));
    return (
      !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && year >= 1900 && year <= 2999
    );
  }, 'transactions.errors.dateInvalid');

/** GET /mail/messages: spec §2 filters (isRead, isStarred, isImportant, hasAttachments, dateRange, labels). */
export const ZMessageListQuery = zPageQuery(MAIL_PAGE_SIZE, MAIL_PAGE_SIZE).extend({
  folderId: z.string().uuid().optional(),
  view: z.enum(MAIL_VIEWS).optional(),
  q: z.string().trim().max(200).optional(),
  isRead: zFlag.optional(),
  isStarred: zFlag.optional(),
  isImportant: zFlag.optional(),
  hasAttachments: zFlag.optional(),
  from: zDate.optional(),
  to: zDate.optional(),
  labelId: z.string().uuid().optional(),
  clientId: z.string().uuid().optional(),
  /** conversations: one row per thread (its newest message, with the count); messages: every message. */
  group: z.enum(['conversations', 'messages']).default('conversations'),
  /**
   * false: no total (the mailbox's list only asks whether more follows, `hasMore`): counting up to
   * SEARCH_COUNT_CAP matches costs the database more than the page itself.
   */
  count: zFlag.optional(),
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

export type TMessageSummary = {
  id: string;
  accountId: string | null;
  folderId: string;
  threadId: string;
  subject: string;
  snippet: string;
  from: TMailAddress | null;
  to: TMailAddress[];
  receivedAt: string;
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  isConfidential: boolean;
  isDraft: boolean;
  hasAttachments: boolean;
  /** Certified mail (PEC): the original of a provider's envelope. */
  isCertified: boolean;
  labelIds: string[];
  clientId: string | null;
  /** Messages in the conversation (1 in the messages view). */
  threadCount: number;
  /** With a search: subject and snippet with the matched words between \u0002 and \u0003 (never HTML). */
  highlight?: { subject: string; snippet: string };
  /** The risk band when the analysis found something (shown as a marker in the list). */
  risk: TMailSecurityAnalysis['recommendation'] | null;
};
export const ZMessagePage = zPage(z.custom<TMessageSummary>()).extend({
  total: z.number().int().optional(),
  totalCapped: z.boolean().optional(),
  hasMore: z.boolean(),
});
export type TMessagePage = {
  items: TMessageSummary[];
  /** Absent when the list was asked without a count (`count=false`). */
  total?: number;
  page: number;
  pageSize: number;
  /** Another page follows this one. */
  hasMore: boolean;
  /**
   * A list stops counting at SEARCH_COUNT_CAP rows (an exact count of a large folder or search is slow): when
   * true, total is the cap and the list says "more than {total}"; a full page means there may be a next one.
   */
  totalCapped?: boolean;
};
/** The most rows a list counts (TMessagePage.totalCapped). */
export const SEARCH_COUNT_CAP = 1000;

export type TMailAttachment = {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  isInline: boolean;
  contentId: string | null;
};

/** An .ics invitation found in the message, shown as an event card. */
export type TMailInvitation = {
  summary: string;
  start: string | null;
  end: string | null;
  location: string | null;
  organizer: string | null;
  method: string | null;
};

/** GET /mail/messages/:id: the whole message (html already sanitized by the server). */
export type TMessage = TMessageSummary & {
  cc: TMailAddress[];
  bcc: TMailAddress[];
  replyTo: TMailAddress[];
  sentAt: string | null;
  html: string | null;
  text: string | null;
  hasRemoteImages: boolean;
  attachments: TMailAttachment[];
  invitations: TMailInvitation[];
  relatedDocuments: TRelatedDocument[];
  securityAnalysis: TMailSecurityAnalysis | null;
  /** Mail sent from this app: where it is (kept, queued, sending, sent, failed with the reason); else null. */
  delivery: TMailDelivery | null;
  /** Mail sent from a PEC account, or with PEC receipts: its legal status and the receipts. */
  pec: TPecState | null;
  client: { id: string; name: string } | null;
  clientLink: 'auto' | 'manual' | 'unlinked' | null;
  folderName: string;
  accountAddress: string | null;
};

/** GET /mail/threads/:threadId (a thread id, or the id of one of its messages): the conversation, oldest first. */
export type TMailThread = { threadId: string; messages: TMessage[] };

/** POST /mail/messages/actions: spec §4 actions on one or many messages ("Updating n emails…"). */
export const MESSAGE_ACTIONS = [
  'read',
  'unread',
  'star',
  'unstar',
  'important',
  'unimportant',
  'confidential',
  'unconfidential',
  'label',
  'unlabel',
  'move',
  'trash',
  'delete',
] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
export const MAX_BULK_MESSAGES = 500;

export const ZMessageActionInput = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(MAX_BULK_MESSAGES),
    action: z.enum(MESSAGE_ACTIONS),
    folderId: z.string().uuid().optional(),
    labelId: z.string().uuid().optional(),
    /** Each id names its conversation (a row of the conversation view): the action applies to its messages. */
    conversations: z.boolean().optional(),
  })
  .refine((v) => v.action !== 'move' || v.folderId, { path: ['folderId'], message: 'mailbox.folderRequired' })
  .refine((v) => !['label', 'unlabel'].includes(v.action) || v.labelId, {
    path: ['labelId'],
    message: 'mailbox.labelRequired',
  });
export type TMessageActionInput = z.infer<typeof ZMessageActionInput>;
export type TMessageActionResult = { updated: number };

/** PUT /mail/messages/:id/client: link to a client by hand, or unlink (null). */
export const ZMessageClientInput = z.object({ clientId: z.string().uuid().nullable() });

export const ZFolderInput = z.object({
  name: z.string().trim().min(1, 'mailbox.nameRequired').max(100),
  parentId: z.string().uuid().nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'mailbox.colorInvalid')
    .nullable()
    .optional(),
  /** Which account the folder is made on (its IMAP server); null or absent: the local mailbox. */
  accountId: z.string().uuid().nullable().optional(),
});
export const ZLabelInput = z.object({
  name: z.string().trim().min(1, 'mailbox.nameRequired').max(50),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'mailbox.colorInvalid'),
});
