// Over 300 lines: the page holds the mailbox's state (URL, selection, cursor) and the keyboard map that spans
// its three panes; each pane is its own file.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Keyboard, MailPlus, PenSquare } from 'lucide-react';
import type { TMessage, TMessageActionInput, TMessageSummary } from '@shared/mailbox/contracts.ts';
import { DEFAULT_TIME_ZONE } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { loadLocalDraft, localDraftKey } from './local-draft.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { LoadError } from '@web/ui/load-error.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { useMediaQuery } from '@web/ui/use-media-query.ts';
import {
  draftFrom,
  draftFromServer,
  emptyDraft,
  type ComposeDraft,
  type ComposeMode,
} from './compose-draft.ts';
import { useComposeFromUrl } from './compose-prefill.ts';
import { FolderDialogs } from './folder-dialogs.tsx';
import { ACCOUNTS_SETTINGS, FolderPane, useFolderName, type FolderEdit } from './folder-pane.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import {
  mailKeys,
  useMailboxOverview,
  useMessageAction,
  useMessageList,
  useOpenDraft,
  usePrefetchList,
  usePrefetchMessage,
} from './mailbox-api.ts';
import { addressText } from './mailbox-format.ts';
import { listQueryOf, paramsFromState, stateFromParams, withList, type MailboxState } from './mailbox-url.ts';
import { ListEmpty, ListSkeleton, MessageList } from './message-list.tsx';
import { SandboxWarmer } from './message-parts.tsx';
import { MessageView } from './message-view.tsx';
import { commandFor, type MailCommand } from './shortcuts.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { useMailLive } from './use-mail-live.ts';
import { ProviderIssuesNotice } from '@web/features/mail/mail-delivery.tsx';

const NONE: ReadonlySet<string> = new Set();
/** The composer and its editor (TipTap) load when first wanted; the pointer on "New message" fetches them ahead. */
const Composer = lazy(() => import('./composer.tsx').then((m) => ({ default: m.Composer })));
const loadComposer = () => void import('./composer.tsx');
/** How long a change of folder, search, filter or message waits for its content before the page shows it loading. */
const CHANGE_WAIT_MS = 120;

/**
 * /email: the mailbox (issue 15). Three panes on a wide screen (folders | list | message), one at a time on a
 * phone with back navigation. Where the list looks, the open message, the search and the filters are in the URL;
 * choosing another folder or changing the search or the filters clears the list and the selection (spec §2).
 */
export function MailboxPage() {
  const { t } = useTranslation(['mailbox', 'navigation', 'common']);
  useDocumentTitle(t('navigation:routes.email'));
  const me = useSignedInMe();
  const orgId = me.activeOrganizationId;
  const [params, setParams] = useSearchParams();
  const urlState = useMemo(() => stateFromParams(params), [params]);
  // A change is drawn from the page's own state first and written to the URL after that frame is painted: a
  // URL change renders the whole app (routes, shell) again, which would hold the new list or message back.
  // `from` ties it to the URL it was made on: if the URL changes first (back/forward), the URL is the truth.
  const [ahead, setAhead] = useState<{ from: string; state: MailboxState; push: boolean } | null>(null);
  const paramsKey = params.toString();
  const state = ahead && ahead.from === paramsKey ? ahead.state : urlState;
  // The URL as the browser has it now: a change written to it is there at once, before React renders it, and a
  // change made in that moment (a key pressed right after) must build on it, not on the URL before.
  const go = useCallback(
    (next: MailboxState, push = false) =>
      setAhead({ from: new URLSearchParams(window.location.search).toString(), state: next, push }),
    [],
  );
  /** Changes that wait for their content (showWhenInCache) are numbered: only the latest shows. */
  const changeSeq = useRef(0);
  /** A change with nothing to fetch first: at once, and any change still waiting is dropped. */
  const goNow = useCallback(
    (next: MailboxState, push = false) => {
      changeSeq.current++;
      go(next, push);
    },
    [go],
  );
  useEffect(() => {
    if (!ahead || ahead.from !== paramsKey) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        // One render: the URL takes the change as the page's own copy is dropped (a later back to the URL the
        // change was made on must show that URL, not the change).
        setParams(paramsFromState(ahead.state), { replace: !ahead.push });
        setAhead(null);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // Only a new change reschedules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ahead]);
  const wide = useMediaQuery('(min-width: 1024px)');
  const folderName = useFolderName();

  const overview = useMailboxOverview(orgId);
  const listQuery = listQueryOf(state).toString();
  const list = useMessageList(orgId, listQuery);
  useMailLive(orgId);
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const folders = useMemo(() => overview.data?.folders ?? [], [overview.data]);
  const labels = useMemo(() => overview.data?.labels ?? [], [overview.data]);

  // Selection and keyboard cursor belong to one list: another list starts with none (spec §2).
  const [selection, setSelection] = useState({ query: listQuery, ids: NONE });
  const selected = selection.query === listQuery ? selection.ids : NONE;
  const [cursorState, setCursorState] = useState({ query: listQuery, index: -1 });
  const openIndex = state.messageId ? rows.findIndex((r) => r.id === state.messageId) : -1;
  const cursor = openIndex >= 0 ? openIndex : cursorState.query === listQuery ? cursorState.index : -1;
  const setCursor = (index: number) => setCursorState({ query: listQuery, index });

  const [edit, setEdit] = useState<FolderEdit | null>(null);
  const [help, setHelp] = useState(false);
  const [composing, setComposing] = useState<{
    key: number;
    draft: ComposeDraft;
    /** When the message was written before (kept in this browser), if it was restored. */
    restoredAt?: string | null;
  } | null>(null);
  /** Opens the composer, with the message kept in this browser for the same slot if there is one. */
  const openComposer = (fresh: ComposeDraft) => {
    const saved = loadLocalDraft(localDraftKey(me.user.id, orgId, fresh.inReplyToId));
    setComposing({ key: Date.now(), draft: saved?.draft ?? fresh, restoredAt: saved?.savedAt ?? null });
  };
  const queryClient = useQueryClient();
  const searchRef = useRef<HTMLInputElement>(null);

  // The message under the keyboard cursor is fetched ahead, as a row under the pointer is; with a message open,
  // the next one (j).
  const prefetchMessage = usePrefetchMessage(orgId);
  const prefetchList = usePrefetchList(orgId);
  const prefetchListOf = (patch: Partial<MailboxState>) =>
    prefetchList(listQueryOf(withList(state, patch)).toString());
  const aheadId = rows[state.messageId ? cursor + 1 : cursor]?.id;
  useEffect(() => {
    if (aheadId) prefetchMessage(aheadId);
  }, [aheadId, prefetchMessage]);

  const action = useMessageAction(orgId);
  const mutate = action.mutate;
  const stateRef = useRef(state);
  stateRef.current = state;

  /** An action on list rows: in the conversation view a row stands for its whole conversation (server side). */
  const act = useCallback(
    (input: TMessageActionInput, rowsAreConversations = true) => {
      const leaves = input.action === 'move' || input.action === 'trash' || input.action === 'delete';
      const current = stateRef.current;
      if (leaves && current.messageId && input.ids.includes(current.messageId))
        goNow({ ...current, messageId: null });
      if (input.ids.length > 1) setSelection({ query: listQuery, ids: NONE });
      const conversations = rowsAreConversations && current.group === 'conversations';
      mutate(conversations ? { ...input, conversations } : input);
    },
    [mutate, goNow, listQuery],
  );
  /** An action on the open message: that message only. */
  const actOnOpen = useCallback(
    (input: Omit<TMessageActionInput, 'ids'> & { ids?: string[] }) => {
      const id = stateRef.current.messageId;
      if (!input.ids && !id) return;
      act({ ...input, ids: input.ids ?? [id!] } as TMessageActionInput, false);
    },
    [act],
  );

  // The new list's (or message's) request leaves with the click or the Enter, and the page changes when the answer
  // is in the cache (or after CHANGE_WAIT_MS, the old rows dimmed or the message loading until it comes): one
  // render with the content, instead of a first render (and the URL's, after it) that delays it. Only the latest
  // change shows.
  const showWhenInCache = (inCache: Promise<unknown>, next: MailboxState, push = false) => {
    const seq = ++changeSeq.current;
    void Promise.race([inCache, new Promise((resolve) => setTimeout(resolve, CHANGE_WAIT_MS))]).then(() => {
      if (seq === changeSeq.current) go(next, push);
    });
  };
  const change = (patch: Partial<MailboxState>) => {
    const next = withList(state, patch);
    // The search box's pause timer after an Enter asks for the same list: nothing to navigate to.
    if (paramsFromState(next).toString() === paramsFromState(state).toString()) return;
    showWhenInCache(prefetchList(listQueryOf(next).toString()), next);
  };
  const openDraft = useOpenDraft();
  /** A message of a Drafts folder opens in the composer, to go on writing it (issue 16); any other in the reader. */
  const open = (id: string) => {
    const row = rows.find((r) => r.id === id);
    const folder = row ? folders.find((f) => f.id === row.folderId) : undefined;
    if (folder?.role === 'drafts') {
      loadComposer();
      openDraft.mutate(id, {
        onSuccess: (draft) => setComposing({ key: Date.now(), draft: draftFromServer(draft) }),
        onError: (error) => toast.error(apiErrorMessage(error, t)),
      });
      return;
    }
    showWhenInCache(prefetchMessage(id), { ...state, messageId: id, folders: false }, true);
  };
  const back = () => goNow({ ...state, messageId: null });

  const archive = (row: TMessageSummary) => {
    const target = folders.find((f) => f.accountId === row.accountId && f.role === 'archive');
    if (target && target.id !== row.folderId) act({ ids: [row.id], action: 'move', folderId: target.id });
    else toast(t('mailbox:shortcuts.noArchive'));
  };

  // Writing (issue 16): from the account of the message or folder on screen, else the first account.
  const accounts = overview.data?.accounts ?? [];
  const senderAccount = (accountId: string | null | undefined) =>
    accountId ??
    (state.folderId ? folders.find((f) => f.id === state.folderId)?.accountId : null) ??
    accounts[0]?.id ??
    null;
  const signatureOf = (accountId: string | null) =>
    accounts.find((a) => a.id === accountId)?.signatureHtml ?? null;
  const compose = () => {
    loadComposer();
    const accountId = senderAccount(null);
    openComposer(emptyDraft(accountId, signatureOf(accountId)));
  };
  // A link from a client, an invoice or a quote (?compose=new…, compose-prefill.ts): "New message", filled.
  useComposeFromUrl(orgId, !overview.isPending, (prefill) => {
    loadComposer();
    const accountId = senderAccount(null);
    openComposer(prefill(emptyDraft(accountId, signatureOf(accountId))));
  });
  const respond = (mode: ComposeMode, message: TMessage) => {
    loadComposer();
    const intro = t('mailbox:compose.intro', {
      date: formatDateTime(message.receivedAt, localeOf(currentLanguage()), 'full'),
      sender: addressText(message.from) || t('mailbox:unknownSender'),
    });
    const ownAddresses = [me.user.email, ...accounts.map((a) => a.emailAddress)];
    const accountId = senderAccount(message.accountId);
    const draft = draftFrom(message, mode, {
      accountId,
      ownAddresses,
      intro,
      signatureHtml: signatureOf(accountId),
    });
    openComposer(draft);
  };
  const respondToOpen = (mode: ComposeMode) => {
    const message = state.messageId
      ? queryClient.getQueryData<TMessage>(mailKeys.message(orgId, state.messageId))
      : undefined;
    if (message) respond(mode, message);
  };

  const run = (command: MailCommand) => {
    // The rows of the list before, while the new one loads, are not there to act on.
    const listFree = ['search', 'help', 'back', 'compose', 'reply', 'replyAll', 'forward'];
    if (list.isPlaceholderData && !listFree.includes(command)) return;
    const row = rows[cursor];
    switch (command) {
      case 'next':
      case 'previous': {
        const next = Math.min(rows.length - 1, Math.max(0, cursor + (command === 'next' ? 1 : -1)));
        if (rows[next]) {
          if (state.messageId) open(rows[next].id);
          else setCursor(next);
        }
        break;
      }
      case 'open':
        if (row) open(row.id);
        break;
      case 'archive':
        if (row) archive(row);
        break;
      case 'trash':
        if (row) act({ ids: [row.id], action: 'trash' });
        break;
      case 'star':
        if (row) act({ ids: [row.id], action: row.isStarred ? 'unstar' : 'star' });
        break;
      case 'back':
        if (state.messageId) back();
        else if (row?.isRead) act({ ids: [row.id], action: 'unread' });
        break;
      case 'search':
        searchRef.current?.focus();
        break;
      case 'help':
        setHelp(true);
        break;
      case 'compose':
        compose();
        break;
      case 'reply':
      case 'replyAll':
      case 'forward':
        respondToOpen(command);
        break;
    }
  };
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      const command = commandFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        target: target as unknown as { tagName?: string; isContentEditable?: boolean; type?: string },
      });
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The folder pane's callbacks keep their identity (its memo holds) and call the latest change.
  const latest = useRef({ change, prefetchListOf });
  latest.current = { change, prefetchListOf };
  const folderHandlers = useMemo(
    () => ({
      onView: (view: MailboxState['view']) => latest.current.change({ folderId: null, view }),
      onFolder: (folderId: string) => latest.current.change({ folderId }),
      onLabel: (labelId: string | null) => latest.current.change({ labelId }),
      onPrefetch: (patch: Partial<MailboxState>) => latest.current.prefetchListOf(patch),
    }),
    [],
  );

  const currentFolder = state.folderId ? folders.find((f) => f.id === state.folderId) : null;
  const label = state.labelId ? labels.find((l) => l.id === state.labelId) : null;
  const listTitle = [
    currentFolder ? folderName(currentFolder) : t(`mailbox:views.${state.view}`),
    label?.name,
  ]
    .filter(Boolean)
    .join(' · ');

  // Phones: one pane at a time.
  const showFolders = wide || state.folders;
  const showMessage = wide || (!state.folders && !!state.messageId);
  const showList = wide || (!state.folders && !state.messageId);
  const noAccounts = overview.data && overview.data.accounts.length === 0;

  return (
    <div className="flex flex-col gap-3 lg:h-[calc(100dvh-var(--spacing-topbar)-4rem)] lg:min-h-[30rem]">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">
          {t('navigation:routes.email')}
        </h1>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={() => setHelp(true)}>
            <Keyboard aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">{t('mailbox:shortcuts.button')}</span>
          </Button>
          <Button size="sm" onClick={compose} onPointerEnter={loadComposer} onFocus={loadComposer}>
            <PenSquare aria-hidden="true" className="size-4" />
            {t('mailbox:compose.new')}
          </Button>
        </div>
      </div>
      {noAccounts ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-border bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground sm:flex-row sm:items-center">
          <MailPlus aria-hidden="true" className="size-5 shrink-0 max-sm:hidden" />
          <p className="min-w-0 flex-1">
            <span className="sm:hidden">{t('mailbox:connect.short')}</span>
            <span className="max-sm:hidden">{t('mailbox:connect.text')}</span>
          </p>
          <Link to={ACCOUNTS_SETTINGS} className={buttonClasses('primary', 'sm')}>
            {t('mailbox:connect.button')}
          </Link>
        </div>
      ) : null}
      <ProviderIssuesNotice />
      <div className="flex h-[calc(100dvh-var(--spacing-topbar)-2rem)] min-h-[24rem] overflow-hidden rounded-lg border border-border bg-surface lg:h-auto lg:min-h-0 lg:flex-1">
        {showFolders ? (
          <aside
            className={cn(
              'min-h-0 overflow-y-auto',
              wide ? 'w-60 shrink-0 border-r border-border' : 'flex-1',
            )}
          >
            {overview.isPending ? (
              <SkeletonRows rows={5} label={t('common:loading')} />
            ) : overview.isError ? (
              <LoadError title={t('mailbox:errors.folders')} onRetry={() => void overview.refetch()}>
                <p>{apiErrorMessage(overview.error, t)}</p>
              </LoadError>
            ) : (
              <FolderPane
                overview={overview.data}
                folderId={state.folderId}
                view={state.view}
                labelId={state.labelId}
                onEdit={setEdit}
                {...folderHandlers}
              />
            )}
          </aside>
        ) : null}
        {showList ? (
          <section
            aria-label={t('mailbox:panes.list')}
            className={cn(
              'flex min-h-0 flex-col',
              wide ? 'w-[24rem] shrink-0 border-r border-border' : 'flex-1',
            )}
          >
            <ListToolbar
              state={state}
              title={listTitle}
              labels={labels}
              searchRef={searchRef}
              onChange={change}
              onPrefetch={prefetchListOf}
              onFolders={wide ? null : () => goNow({ ...state, folders: true }, true)}
            />
            {list.isPending ? (
              <ListSkeleton />
            ) : list.isError ? (
              <LoadError title={t('mailbox:errors.list')} onRetry={() => void list.refetch()}>
                <p>{apiErrorMessage(list.error, t)}</p>
              </LoadError>
            ) : rows.length === 0 ? (
              <ListEmpty searching={!!state.q} />
            ) : (
              <MessageList
                rows={rows}
                hasMore={list.hasNextPage}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                onPrefetchMore={list.prefetchNext}
                onPrefetch={prefetchMessage}
                stale={list.isPlaceholderData}
                openId={state.messageId}
                cursor={cursor}
                selected={selected}
                onSelect={(id, on) => {
                  const ids = new Set(selected);
                  if (on) ids.add(id);
                  else ids.delete(id);
                  setSelection({ query: listQuery, ids });
                }}
                onSelectAll={(on) =>
                  setSelection({ query: listQuery, ids: on ? new Set(rows.map((r) => r.id)) : NONE })
                }
                onOpen={(row, index) => {
                  setCursor(index);
                  open(row.id);
                }}
                labels={labels}
                folders={folders}
                actions={{
                  onAction: (ids, a) => act({ ids, action: a }),
                  onMove: (ids, folderId) => act({ ids, action: 'move', folderId }),
                  onLabel: (ids, labelId, on) => act({ ids, action: on ? 'label' : 'unlabel', labelId }),
                }}
              />
            )}
          </section>
        ) : null}
        {showMessage ? (
          <section aria-label={t('mailbox:panes.message')} className="flex min-h-0 min-w-0 flex-1 flex-col">
            {state.messageId ? (
              <MessageView
                key={state.messageId}
                orgId={orgId}
                id={state.messageId}
                conversations={state.group === 'conversations'}
                folders={folders}
                labels={labels}
                onBack={back}
                onOpen={open}
                act={actOnOpen}
                onRespond={respond}
              />
            ) : (
              <p className="m-auto p-6 text-sm text-muted-foreground">{t('mailbox:panes.noMessage')}</p>
            )}
          </section>
        ) : null}
      </div>
      <FolderDialogs
        orgId={orgId}
        edit={edit}
        folders={folders}
        onClose={() => setEdit(null)}
        onFolderDeleted={(id) => {
          // Spec §2: removing the folder on screen returns to the Inbox.
          if (state.folderId === id) change({ folderId: null, view: 'inbox' });
        }}
      />
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
      {composing ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-overlay">
              <Spinner label={t('common:loading')} />
            </div>
          }
        >
          <Composer
            key={composing.key}
            orgId={orgId}
            draft={composing.draft}
            draftKey={localDraftKey(me.user.id, orgId, composing.draft.inReplyToId)}
            restoredAt={composing.restoredAt ?? null}
            accounts={accounts}
            timeZone={overview.data?.timeZone ?? DEFAULT_TIME_ZONE}
            onClose={() => setComposing(null)}
            onReopen={(draft) => setComposing({ key: Date.now(), draft })}
          />
        </Suspense>
      ) : null}
      <SandboxWarmer />
    </div>
  );
}
