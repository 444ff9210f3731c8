// Over 300 lines: the message, its action bar, header and conversation list are one screen.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertOctagon,
  ArrowLeft,
  Forward,
  Lock,
  Mail,
  MailOpen,
  Reply,
  ReplyAll,
  ShieldCheck,
  Star,
  Trash2,
} from 'lucide-react';
import type { TMailFolder, TMailLabel, TMessage, TMessageActionInput } from '@shared/mailbox/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { Badge } from '@web/ui/badge.tsx';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import type { ComposeMode } from './compose-draft.ts';
import { useMessage, useThread } from './mailbox-api.ts';
import { DeliveryState, PecState } from './message-status.tsx';
import { addressText, listDate, senderName } from './mailbox-format.ts';
import { useFolderName } from './folder-pane.tsx';
import { LabelMenu, MoveMenu } from './message-menus.tsx';
import { Attachments, BusinessLinks, InvitationCard, MessageBody, SecurityBanner } from './message-parts.tsx';

type Act = (input: Omit<TMessageActionInput, 'ids'> & { ids?: string[] }) => void;
type Respond = (mode: ComposeMode, message: TMessage) => void;

/**
 * The open message: the conversation's other messages collapsed above, the header (from, to, cc, date, account),
 * the actions (spec §4), the security banner, business links, the body, invitations and attachments. Opening an
 * unread message marks it read (through the action, optimistically).
 */
export function MessageView({
  orgId,
  id,
  conversations,
  folders,
  labels,
  onBack,
  onOpen,
  act,
  onRespond,
}: {
  orgId: string | null;
  id: string;
  conversations: boolean;
  folders: TMailFolder[];
  labels: TMailLabel[];
  onBack: () => void;
  onOpen: (id: string) => void;
  act: Act;
  onRespond: Respond;
}) {
  const { t } = useTranslation(['mailbox', 'common']);
  const query = useMessage(orgId, id);
  const message = query.data;
  const thread = useThread(orgId, message?.id ?? null, conversations && (message?.threadCount ?? 1) > 1);
  const marked = useRef(new Set<string>());
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (message && !message.isRead && !marked.current.has(message.id)) {
      marked.current.add(message.id);
      act({ ids: [message.id], action: 'read' });
    }
  }, [message, act]);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [message?.id]);

  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center p-8">
        <Spinner label={t('common:loading')} />
      </div>
    );
  }
  if (query.isError || !message) {
    return (
      <div className="flex-1">
        <BackBar onBack={onBack} />
        <LoadError title={t('mailbox:errors.retrieve')} onRetry={() => void query.refetch()}>
          <p>{query.error ? apiErrorMessage(query.error, t) : null}</p>
        </LoadError>
      </div>
    );
  }

  const others = (thread.data ?? []).filter((m) => m.id !== message.id);
  return (
    <article aria-labelledby="mail-subject" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <MessageActions
        message={message}
        folders={folders}
        labels={labels}
        onBack={onBack}
        act={act}
        onRespond={onRespond}
      />
      <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto p-4">
        <div className="grid min-w-0 grid-cols-1 gap-4 [&>*]:min-w-0">
          {others.length > 0 ? <ThreadList others={others} onOpen={onOpen} /> : null}
          <Header message={message} folders={folders} headingRef={headingRef} />
          {message.delivery ? <DeliveryState orgId={orgId} message={message} onGone={onBack} /> : null}
          {message.pec ? (
            <PecState
              pec={message.pec}
              recipients={[...message.to, ...message.cc, ...message.bcc].map((a) => a.address)}
              onOpen={onOpen}
            />
          ) : null}
          <SecurityBanner message={message} />
          <BusinessLinks orgId={orgId} message={message} />
          {message.invitations.map((inv, i) => (
            <InvitationCard key={i} invitation={inv} />
          ))}
          <MessageBody key={message.id} message={message} />
          <Attachments attachments={message.attachments.filter((a) => !a.isInline || !message.html)} />
        </div>
      </div>
    </article>
  );
}

function BackBar({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation(['mailbox']);
  return (
    <Button variant="ghost" size="sm" onClick={onBack} className="m-2">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('mailbox:panes.backToList')}
    </Button>
  );
}

function Toggle({
  pressed,
  label,
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(pressed && 'text-primary')}
    >
      {children}
    </Button>
  );
}

function MessageActions({
  message,
  folders,
  labels,
  onBack,
  act,
  onRespond,
}: {
  message: TMessage;
  folders: TMailFolder[];
  labels: TMailLabel[];
  onBack: () => void;
  act: Act;
  onRespond: Respond;
}) {
  const { t } = useTranslation(['mailbox']);
  const responses = [
    { mode: 'reply', icon: Reply },
    { mode: 'replyAll', icon: ReplyAll },
    { mode: 'forward', icon: Forward },
  ] as const;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const inTrash = folders.find((f) => f.id === message.folderId)?.role === 'trash';
  return (
    <div
      role="toolbar"
      aria-label={t('mailbox:actions.label')}
      className="flex flex-wrap items-center gap-0.5 border-b border-border p-2"
    >
      <Button variant="ghost" size="sm" onClick={onBack} title={t('mailbox:panes.backToList')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        <span className="lg:sr-only">{t('mailbox:panes.backToList')}</span>
      </Button>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      {responses.map(({ mode, icon: Icon }) => (
        <Button
          key={mode}
          variant="ghost"
          size="icon-sm"
          aria-label={t(`mailbox:compose.${mode}`)}
          title={t(`mailbox:compose.${mode}`)}
          onClick={() => onRespond(mode, message)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={message.isRead ? t('mailbox:actions.markUnread') : t('mailbox:actions.markRead')}
        title={message.isRead ? t('mailbox:actions.markUnread') : t('mailbox:actions.markRead')}
        onClick={() => act({ action: message.isRead ? 'unread' : 'read' })}
      >
        {message.isRead ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
      </Button>
      <Toggle
        pressed={message.isStarred}
        label={t('mailbox:actions.starred')}
        onClick={() => act({ action: message.isStarred ? 'unstar' : 'star' })}
      >
        <Star aria-hidden="true" className={cn(message.isStarred && 'fill-current')} />
      </Toggle>
      <Toggle
        pressed={message.isImportant}
        label={t('mailbox:actions.important')}
        onClick={() => act({ action: message.isImportant ? 'unimportant' : 'important' })}
      >
        <AlertOctagon aria-hidden="true" />
      </Toggle>
      <Toggle
        pressed={message.isConfidential}
        label={t('mailbox:actions.confidential')}
        onClick={() => act({ action: message.isConfidential ? 'unconfidential' : 'confidential' })}
      >
        <Lock aria-hidden="true" />
      </Toggle>
      <LabelMenu
        labels={labels}
        rows={[message]}
        onToggle={(labelId, on) => act({ action: on ? 'label' : 'unlabel', labelId })}
      />
      <MoveMenu folders={folders} rows={[message]} onMove={(folderId) => act({ action: 'move', folderId })} />
      {inTrash ? null : (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('mailbox:actions.trash')}
          title={t('mailbox:actions.trash')}
          onClick={() => act({ action: 'trash' })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
      <Button variant="ghost" size="sm" className="text-danger" onClick={() => setConfirmDelete(true)}>
        {t('mailbox:actions.deleteForever')}
      </Button>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('mailbox:actions.deleteTitle')}
        description={t('mailbox:actions.deleteText')}
        confirmLabel={t('mailbox:actions.deleteForever')}
        danger
        onConfirm={() => {
          setConfirmDelete(false);
          act({ action: 'delete' });
        }}
      />
    </div>
  );
}

function Header({
  message,
  folders,
  headingRef,
}: {
  message: TMessage;
  folders: TMailFolder[];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  const folderName = useFolderName();
  const folder = folders.find((f) => f.id === message.folderId);
  const list = (xs: TMessage['to']) => xs.map(addressText).join(', ');
  return (
    <header className="grid gap-2">
      <h2
        id="mail-subject"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold [overflow-wrap:anywhere] text-foreground outline-none"
      >
        {message.subject || t('mailbox:noSubject')}
      </h2>
      {message.isCertified ? (
        <p
          className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
          data-testid="mail-certified"
        >
          <Badge tone="success">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            {t('mailbox:certified.badge')}
          </Badge>
          {t('mailbox:certified.explain')}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">{t('mailbox:header.from')}</dt>
        <dd className="min-w-0 font-medium [overflow-wrap:anywhere] text-foreground">
          {addressText(message.from) || t('mailbox:unknownSender')}
        </dd>
        {message.to.length > 0 ? (
          <>
            <dt className="text-muted-foreground">{t('mailbox:header.to')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{list(message.to)}</dd>
          </>
        ) : null}
        {message.cc.length > 0 ? (
          <>
            <dt className="text-muted-foreground">{t('mailbox:header.cc')}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{list(message.cc)}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('mailbox:header.date')}</dt>
        <dd>
          <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt, locale, 'full')}</time>
        </dd>
        <dt className="text-muted-foreground">{t('mailbox:header.account')}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]">
          {message.accountAddress ?? t('mailbox:localMailbox')} ·{' '}
          {folder ? folderName(folder) : message.folderName}
        </dd>
      </dl>
    </header>
  );
}

function ThreadList({
  others,
  onOpen,
}: {
  others: { id: string; from: TMessage['from']; receivedAt: string; snippet: string }[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  return (
    <section aria-label={t('mailbox:thread.label', { count: others.length })}>
      <ul className="grid gap-1">
        {others.map((m) => (
          <li key={m.id}>
            <button
              type="button"
              onClick={() => onOpen(m.id)}
              className="flex w-full items-center gap-2 rounded-md border border-border px-3 py-2 text-left text-sm hover:bg-surface-muted"
            >
              <span className="shrink-0 font-medium text-foreground">
                {senderName(m.from) || t('mailbox:unknownSender')}
              </span>
              <span className="min-w-0 flex-1 truncate text-muted-foreground">{m.snippet}</span>
              <time dateTime={m.receivedAt} className="shrink-0 text-xs text-muted-foreground">
                {listDate(m.receivedAt, locale)}
              </time>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
