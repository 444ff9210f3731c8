import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/ui/toast.ts';
import { Mail, UserPlus } from 'lucide-react';
import type { TCalendarOptions, TInvitation } from '@shared/calendar/contracts.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { RsvpAnswerFields } from '@web/features/rsvp/rsvp-answer-fields.tsx';
import { initialAnswer, submissionOf, type RsvpAnswer } from '@web/features/rsvp/rsvp-form.ts';
import {
  useCancelInvitation,
  useInvitations,
  usePatchInvitation,
  useRecordRsvp,
  useResendInvitation,
} from './calendar-api.ts';
import { calendarErrorMessage, fetchFailedMessage, useCalendarPermissions } from './calendar-ui.tsx';
import { InvitationList } from './invitation-list.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { LoadError } from '@web/ui/load-error.tsx';
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
        <LoadError onRetry={() => void list.refetch()}>
          <p>{fetchFailedMessage('calendar.errors.fetchInvitationsFailed', list.error, t)}</p>
        </LoadError>
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
