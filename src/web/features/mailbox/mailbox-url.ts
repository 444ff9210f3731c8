import { MAIL_VIEWS } from '@shared/mailbox/contracts.ts';
import { isSimpleEmail } from '@shared/business-profile/profile-rules.ts';
import { isUuid } from '@shared/ids/uuid.ts';

/**
 * The mailbox's state in the URL (spec §2 screen state), so a reload or a shared link opens the same place:
 * where the list looks (a folder id or a view), the open message, the search, the filters, the grouping, and on
 * a phone which pane is in front.
 */
export type MailView = (typeof MAIL_VIEWS)[number];
export type TriState = boolean | null;

export type MailboxState = {
  /** A folder id, or null when a view is shown. */
  folderId: string | null;
  view: MailView;
  messageId: string | null;
  q: string;
  isRead: TriState;
  isStarred: TriState;
  isImportant: TriState;
  hasAttachments: TriState;
  from: string;
  to: string;
  labelId: string | null;
  group: 'conversations' | 'messages';
  /** Phones: the folder pane in front of the list. */
  folders: boolean;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function flag(value: string | null): TriState {
  return value === 'true' ? true : value === 'false' ? false : null;
}

export function stateFromParams(params: URLSearchParams): MailboxState {
  const folder = params.get('folder');
  const view = params.get('view');
  // `message` is the longer name some links use (the client timeline's first version).
  const message = params.get('m') ?? params.get('message');
  const label = params.get('label');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    folderId: folder && isUuid(folder) ? folder : null,
    view: (MAIL_VIEWS as readonly string[]).includes(view ?? '') ? (view as MailView) : 'inbox',
    messageId: message && isUuid(message) ? message : null,
    q: (params.get('q') ?? '').slice(0, 200),
    isRead: flag(params.get('read')),
    isStarred: flag(params.get('starred')),
    isImportant: flag(params.get('important')),
    hasAttachments: flag(params.get('attachments')),
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    labelId: label && isUuid(label) ? label : null,
    group: params.get('group') === 'messages' ? 'messages' : 'conversations',
    folders: params.get('pane') === 'folders',
  };
}

export function paramsFromState(state: MailboxState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.folderId) p.set('folder', state.folderId);
  else if (state.view !== 'inbox') p.set('view', state.view);
  if (state.q.trim()) p.set('q', state.q);
  if (state.isRead !== null) p.set('read', String(state.isRead));
  if (state.isStarred !== null) p.set('starred', String(state.isStarred));
  if (state.isImportant !== null) p.set('important', String(state.isImportant));
  if (state.hasAttachments !== null) p.set('attachments', String(state.hasAttachments));
  if (state.from) p.set('from', state.from);
  if (state.to) p.set('to', state.to);
  if (state.labelId) p.set('label', state.labelId);
  if (state.group === 'messages') p.set('group', 'messages');
  if (state.messageId) p.set('m', state.messageId);
  if (state.folders) p.set('pane', 'folders');
  return p;
}

/** What the list asks the server (GET /mail/messages), without the page: the list's identity. */
export function listQueryOf(state: MailboxState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.folderId) p.set('folderId', state.folderId);
  else p.set('view', state.view);
  if (state.q.trim()) p.set('q', state.q.trim());
  if (state.isRead !== null) p.set('isRead', String(state.isRead));
  if (state.isStarred !== null) p.set('isStarred', String(state.isStarred));
  if (state.isImportant !== null) p.set('isImportant', String(state.isImportant));
  if (state.hasAttachments !== null) p.set('hasAttachments', String(state.hasAttachments));
  if (state.from) p.set('from', state.from);
  if (state.to) p.set('to', state.to);
  if (state.labelId) p.set('labelId', state.labelId);
  p.set('group', state.group);
  return p;
}

/** The list part of the state changed (folder, view, search, filters, grouping): spec §2 clears list and selection. */
export function listChanged(a: MailboxState, b: MailboxState): boolean {
  return listQueryOf(a).toString() !== listQueryOf(b).toString();
}

/**
 * The next state after choosing a folder or view, or changing search or filters: the open message is closed
 * (spec §2) and on a phone the list comes to the front.
 */
export function withList(state: MailboxState, patch: Partial<MailboxState>): MailboxState {
  const next = { ...state, ...patch, folders: false };
  if (listChanged(state, next)) next.messageId = null;
  return next;
}

/** Whether any filter of spec §2 (not the search) is set. */
export function hasFilters(state: MailboxState): boolean {
  return (
    state.isRead !== null ||
    state.isStarred !== null ||
    state.isImportant !== null ||
    state.hasAttachments !== null ||
    !!state.from ||
    !!state.to ||
    !!state.labelId
  );
}

/**
 * A message to write, asked for by a link from another page (issue 16: "a composer opened … from a client, quote
 * or invoice"): `/email?compose=new&recipient=&clientId=&invoiceId=` (or `quoteId=`). The mailbox opens the
 * composer with it filled, then takes these parameters out of the URL so Back does not open it again.
 */
export type ComposeRequest = {
  /** An address to write to, as a link may carry it ('' when there is none). */
  recipient: string;
  clientId: string | null;
  document: { kind: 'invoice' | 'quote'; id: string } | null;
};

const COMPOSE_PARAMS = ['compose', 'recipient', 'clientId', 'invoiceId', 'quoteId'] as const;
const RECIPIENT_MAX = 320;

/** The message a link asks for, or null (no `compose=new`). Ids that are not ids and bad addresses are dropped. */
export function composeRequestOf(params: URLSearchParams): ComposeRequest | null {
  if (params.get('compose') !== 'new') return null;
  const recipient = (params.get('recipient') ?? '').trim();
  const id = (name: string) => {
    const value = params.get(name);
    return value && isUuid(value) ? value : null;
  };
  const invoiceId = id('invoiceId');
  const quoteId = id('quoteId');
  return {
    recipient: recipient.length <= RECIPIENT_MAX && isSimpleEmail(recipient) ? recipient : '',
    clientId: id('clientId'),
    document: invoiceId
      ? { kind: 'invoice', id: invoiceId }
      : quoteId
        ? { kind: 'quote', id: quoteId }
        : null,
  };
}

/** The mailbox's address that opens the composer filled (what other pages link to). */
export function composeHref(request: Partial<ComposeRequest>): string {
  const p = new URLSearchParams({ compose: 'new' });
  if (request.recipient) p.set('recipient', request.recipient);
  if (request.clientId) p.set('clientId', request.clientId);
  if (request.document)
    p.set(request.document.kind === 'invoice' ? 'invoiceId' : 'quoteId', request.document.id);
  return `/email?${p}`;
}

/** The URL's parameters without the request to write (the mailbox's own state left as it is). */
export function withoutCompose(params: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(params);
  for (const name of COMPOSE_PARAMS) p.delete(name);
  return p;
}
