import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import {
  Bell,
  BellOff,
  Mail,
  MessageSquare,
  MoreHorizontal,
  PhoneCall,
  Send,
  UserPlus,
  XCircle,
} from 'lucide-react';
import type { TCalendarOptions, TInvitation } from '@shared/calendar/contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { ConfirmDialog } from '@web/features/invoicing/document-view.tsx';
import { RsvpAnswerFields } from '@web/features/rsvp/rsvp-answer-fields.tsx';
import { initialAnswer, submissionOf, type RsvpAnswer } from '@web/features/rsvp/rsvp-form.ts';
import {
  useCancelInvitation,
  useInvitations,
  usePatchInvitation,
  useRecordRsvp,
  useResendInvitation,
} from './calendar-api.ts';
import {
  calendarErrorMessage,
  fetchFailedMessage,
  RsvpStatusBadge,
  useCalendarPermissions,
  useLocale,
} from './calendar-ui.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { useMailWrittenToast } from '@web/features/mail/mail-delivery.tsx';

type Open = { kind: 'invite' } | { kind: 'answer' | 'resend' | 'cancel'; invitation: TInvitation };

/**
 * The event's invitations: invitee, method, status, response time, guests and notes, with invite, record an
 * answer received by phone, send again (a new link) and cancel (the guest gets a cancellation).
 */
export function InvitationsCard({
  eventId,
  options,
  canInvite,
}: {
  eventId: string;
  options: TCalendarOptions | undefined;
  /** False once the event is over. */
  canInvite: boolean;
}) {
  const { t } = useTranslation(['calendar', 'common', 'buttons']);
  const mailToast = useMailWrittenToast();
  const { orgId, canManage } = useCalendarPermissions();
  const list = useInvitations(orgId, eventId);
  const resend = useResendInvitation(orgId, eventId);
  const cancel = useCancelInvitation(orgId, eventId);
  const patch = usePatchInvitation(orgId, eventId);
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const fail = (error: unknown) => toast.error(calendarErrorMessage(error, t));

  const inviteButton =
    canManage && canInvite ? (
      <Button onClick={() => setOpen({ kind: 'invite' })} className="w-full sm:w-auto">
        <UserPlus aria-hidden="true" className="size-4" />
        {t('calendar:invite.open')}
      </Button>
    ) : null;

  const items = list.data?.items ?? [];
  return (
    <Card>
      <CardHeader
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t('calendar:invitations.title')}
        description={t('calendar:invitations.description')}
        action={items.length > 0 ? inviteButton : null}
      />
      {list.isPending ? (
        <SkeletonRows aside={false} rows={3} label={t('common:loading')} />
      ) : list.isError ? (
        <div className="p-5">
          <Alert tone="error">
            <p>{fetchFailedMessage('calendar.errors.fetchInvitationsFailed', list.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          headingLevel="h3"
          icon={<UserPlus aria-hidden="true" />}
          title={t('calendar:invitations.empty')}
          description={canManage ? t('calendar:invitations.emptyText') : undefined}
          action={inviteButton}
        />
      ) : (
        <InvitationList
          items={items}
          canManage={canManage}
          onAction={(kind, invitation) => setOpen({ kind, invitation })}
          onToggleReminders={(invitation) =>
            patch.mutate(
              { id: invitation.id, patch: { sendReminders: !invitation.sendReminders } },
              {
                onSuccess: (updated) =>
                  toast.success(
                    updated.sendReminders
                      ? t('calendar:invitations.remindersOn')
                      : t('calendar:invitations.remindersOff'),
                  ),
                onError: fail,
              },
            )
          }
        />
      )}

      <Dialog
        open={open?.kind === 'invite' || open?.kind === 'answer'}
        onOpenChange={(next) => (next ? null : close())}
      >
        {open?.kind === 'invite' ? <InviteDialog eventId={eventId} options={options} onDone={close} /> : null}
        {open?.kind === 'answer' ? (
          <RecordAnswerDialog eventId={eventId} invitation={open.invitation} onDone={close} />
        ) : null}
      </Dialog>
      {open?.kind === 'resend' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : close())}
          title={t('calendar:invitations.resendTitle')}
          description={t('calendar:invitations.resendText', { email: open.invitation.inviteeEmail })}
          confirmLabel={t('calendar:invitations.resend')}
          loading={resend.isPending}
          onConfirm={() =>
            resend.mutate(open.invitation.id, {
              onSuccess: () => {
                mailToast(
                  open.invitation.inviteeEmail,
                  t('calendar:invitations.resent', { email: open.invitation.inviteeEmail }),
                );
                close();
              },
              onError: fail,
            })
          }
        />
      ) : null}
      {open?.kind === 'cancel' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? null : close())}
          title={t('calendar:invitations.cancelTitle')}
          description={t('calendar:invitations.cancelText', { email: open.invitation.inviteeEmail })}
          confirmLabel={t('calendar:invitations.cancel')}
          danger
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(open.invitation.id, {
              onSuccess: () => {
                toast.success(t('calendar:invitations.cancelled', { email: open.invitation.inviteeEmail }));
                close();
              },
              onError: fail,
            })
          }
        />
      ) : null}
    </Card>
  );
}

function InvitationList({
  items,
  canManage,
  onAction,
  onToggleReminders,
}: {
  items: TInvitation[];
  canManage: boolean;
  onAction: (kind: 'answer' | 'resend' | 'cancel', invitation: TInvitation) => void;
  onToggleReminders: (invitation: TInvitation) => void;
}) {
  const { t } = useTranslation(['calendar']);
  const locale = useLocale();
  const name = (i: TInvitation) => i.inviteeName ?? i.inviteeEmail;

  const actions = (i: TInvitation) =>
    canManage ? (
      <Menu>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('calendar:invitations.actionsFor', { name: name(i) })}
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </Button>
        </MenuTrigger>
        <MenuContent>
          <MenuItem onSelect={() => onAction('answer', i)}>
            <PhoneCall aria-hidden="true" />
            {t('calendar:invitations.recordAnswer')}
          </MenuItem>
          <MenuItem onSelect={() => onAction('resend', i)}>
            <Send aria-hidden="true" />
            {t('calendar:invitations.resend')}
          </MenuItem>
          <MenuItem onSelect={() => onToggleReminders(i)}>
            {i.sendReminders ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
            {i.sendReminders
              ? t('calendar:invitations.stopReminders')
              : t('calendar:invitations.startReminders')}
          </MenuItem>
          <MenuItem onSelect={() => onAction('cancel', i)} className="text-danger">
            <XCircle aria-hidden="true" />
            {t('calendar:invitations.cancel')}
          </MenuItem>
        </MenuContent>
      </Menu>
    ) : null;

  const notes = (i: TInvitation) => {
    const rows: [string, string][] = [];
    if (i.rsvpResponseMessage) rows.push([t('calendar:invitations.messageLabel'), i.rsvpResponseMessage]);
    if (i.dietaryRestrictions) rows.push([t('calendar:invitations.dietary'), i.dietaryRestrictions]);
    if (i.specialRequests) rows.push([t('calendar:invitations.special'), i.specialRequests]);
    if (rows.length === 0) return <span className="text-muted-foreground">—</span>;
    return (
      <dl className="grid gap-1">
        {rows.map(([label, text]) => (
          <div key={label} className="min-w-0">
            <dt className="inline text-muted-foreground">{label}: </dt>
            <dd className="inline break-words whitespace-pre-wrap text-foreground">{text}</dd>
          </div>
        ))}
      </dl>
    );
  };

  const invitee = (i: TInvitation) => (
    <div className="min-w-0">
      <p className="truncate font-medium text-foreground">{name(i)}</p>
      {i.inviteeName ? <p className="truncate text-xs text-muted-foreground">{i.inviteeEmail}</p> : null}
      {i.inviteePhone ? <p className="truncate text-xs text-muted-foreground">{i.inviteePhone}</p> : null}
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          {i.invitationMethod === 'sms' ? (
            <MessageSquare aria-hidden="true" className="size-3" />
          ) : (
            <Mail aria-hidden="true" className="size-3" />
          )}
          {t(`calendar:methods.${i.invitationMethod}`)}
        </span>
        <span>{i.language.toUpperCase()}</span>
        {i.sendReminders ? null : <span>{t('calendar:invitations.noReminders')}</span>}
      </p>
    </div>
  );

  const responded = (i: TInvitation) =>
    i.rsvpRespondedAt ? (
      <time dateTime={i.rsvpRespondedAt}>{formatDateTime(i.rsvpRespondedAt, locale)}</time>
    ) : (
      <span className="text-muted-foreground">—</span>
    );

  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm" data-testid="invitations-table">
          <caption className="sr-only">{t('calendar:invitations.title')}</caption>
          <thead className="border-b border-border bg-surface-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-5 py-2.5 font-medium">
                {t('calendar:invitations.invitee')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('calendar:invitations.status')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('calendar:invitations.respondedAt')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('calendar:invitations.guests')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('calendar:invitations.notes')}
              </th>
              {canManage ? (
                <th scope="col" className="px-3 py-2.5">
                  <span className="sr-only">{t('calendar:invitations.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((i) => (
              <tr key={i.id} data-testid="invitation-row" data-status={i.rsvpStatus} className="align-top">
                <td className="max-w-56 px-5 py-3">{invitee(i)}</td>
                <td className="px-3 py-3">
                  <RsvpStatusBadge status={i.rsvpStatus} />
                  {i.checkedInAt ? (
                    <p className="mt-1 text-xs text-success">{t('calendar:attendees.checkedInShort')}</p>
                  ) : null}
                </td>
                <td className="px-3 py-3 whitespace-nowrap">{responded(i)}</td>
                <td className="px-3 py-3 text-right tabular-nums">
                  {i.rsvpStatus === 'accepted' ? (
                    i.guestCount
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="max-w-80 min-w-48 px-3 py-3 text-xs">{notes(i)}</td>
                {canManage ? <td className="px-3 py-2 text-right">{actions(i)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border md:hidden" aria-label={t('calendar:invitations.title')}>
        {items.map((i) => (
          <li
            key={i.id}
            className="grid grid-cols-[minmax(0,1fr)] gap-2 px-4 py-3 text-sm"
            data-testid="invitation-row"
            data-status={i.rsvpStatus}
          >
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">{invitee(i)}</div>
              <RsvpStatusBadge status={i.rsvpStatus} />
              {actions(i)}
            </div>
            {i.rsvpRespondedAt ? (
              <p className="text-xs text-muted-foreground">
                {t('calendar:invitations.respondedOn', { date: formatDateTime(i.rsvpRespondedAt, locale) })}
                {i.rsvpStatus === 'accepted' ? ` · ${t('calendar:people', { count: i.guestCount })}` : ''}
              </p>
            ) : null}
            <div className="text-xs">{notes(i)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** An answer the host received by phone or in person, recorded as the guest would give it. */
function RecordAnswerDialog({
  eventId,
  invitation,
  onDone,
}: {
  eventId: string;
  invitation: TInvitation;
  onDone: () => void;
}) {
  const { t } = useTranslation(['calendar', 'buttons']);
  const { orgId } = useCalendarPermissions();
  const record = useRecordRsvp(orgId, eventId);
  const [answer, setAnswer] = useState<RsvpAnswer>(() => initialAnswer(invitation, null));
  const name = invitation.inviteeName ?? invitation.inviteeEmail;

  return (
    <DialogContent
      title={t('calendar:answer.title', { name })}
      description={t('calendar:answer.description')}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      <form
        noValidate
        className="grid gap-4"
        data-testid="record-answer-form"
        onSubmit={(e) => {
          e.preventDefault();
          const body = submissionOf(answer);
          if (!body) return;
          record.mutate(
            { id: invitation.id, answer: body },
            {
              onSuccess: () => {
                toast.success(t('calendar:answer.saved', { name }));
                onDone();
              },
              onError: (error) => toast.error(calendarErrorMessage(error, t)),
            },
          );
        }}
      >
        <RsvpAnswerFields
          value={answer}
          onChange={setAnswer}
          disabled={record.isPending}
          question={t('calendar:answer.question', { name })}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" disabled={!answer.response} loading={record.isPending}>
            {t('calendar:answer.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
