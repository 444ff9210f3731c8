import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMessage } from '@shared/mailbox/contracts.ts';
import { pecRecipientStates, type PecRecipientState } from '@shared/mailbox/pec.ts';
import { DEFAULT_TIME_ZONE } from '@shared/calendar/contracts.ts';
import { utcToZoned } from '@shared/dates/dates.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { MailDeliveryBadge, MailDeliveryNote } from '@web/features/mail/mail-delivery.tsx';
import { Badge, type BadgeTone } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Input } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { useCancelSend, useMailboxOverview, useReschedule, useRetrySend } from './mailbox-api.ts';

/**
 * What became of a message sent from the app (issue 16), under its header: the delivery (kept, scheduled, queued,
 * sent, failed) with its actions, and for certified mail the legal status from the PEC receipts.
 */

/**
 * Mail sent from the app: where it stands (kept, scheduled, queued, sent, failed and why). A failed one can be sent
 * again; a scheduled one given another time or cancelled, as can one still in its undo window.
 */
export function DeliveryState({
  orgId,
  message,
  onGone,
}: {
  orgId: string | null;
  message: TMessage;
  onGone: () => void;
}) {
  const { t } = useTranslation(['mailbox', 'mail', 'buttons']);
  const retry = useRetrySend(orgId);
  const cancel = useCancelSend(orgId);
  const move = useReschedule(orgId);
  const [editing, setEditing] = useState<{ date: string; time: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const delivery = message.delivery!;
  const timeZone = useMailboxOverview(orgId).data?.timeZone ?? DEFAULT_TIME_ZONE;
  const waiting =
    delivery.status === 'scheduled' ||
    (delivery.status === 'queued' && !!delivery.sendAt && new Date(delivery.sendAt).getTime() > Date.now());
  const fail = (e: unknown) => toast.error(apiErrorMessage(e, t));
  return (
    <section
      aria-label={t('mailbox:delivery.label')}
      className="grid gap-2 rounded-md border border-border bg-surface-muted px-3 py-2"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t('mailbox:delivery.label')}</span>
            <MailDeliveryBadge status={delivery.status} />
          </div>
          <MailDeliveryNote delivery={delivery} timeZone={timeZone} viaAccount={message.accountId !== null} />
        </div>
        {delivery.status === 'failed' ? (
          <Button
            variant="outline"
            size="sm"
            loading={retry.isPending}
            onClick={() =>
              retry.mutate(
                { outboxId: delivery.outboxId, messageId: message.id },
                { onSuccess: () => toast(t('mailbox:delivery.retried')), onError: fail },
              )
            }
          >
            {t('mailbox:delivery.retry')}
          </Button>
        ) : null}
        {delivery.status === 'scheduled' && !editing ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(zonedParts(delivery.sendAt, timeZone))}
          >
            {t('mailbox:delivery.changeTime')}
          </Button>
        ) : null}
        {waiting ? (
          <Button
            variant="outline"
            size="sm"
            className="text-danger"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(delivery.outboxId, {
                onSuccess: () => {
                  toast(t('mailbox:delivery.cancelled'));
                  onGone();
                },
                onError: fail,
              })
            }
          >
            {t('mailbox:delivery.cancel')}
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            move.mutate(
              { outboxId: delivery.outboxId, messageId: message.id, sendAt: editing },
              {
                onSuccess: () => {
                  setEditing(null);
                  toast.success(t('mailbox:delivery.moved'));
                },
                onError: (e) => setError(apiErrorMessage(e, t)),
              },
            );
          }}
        >
          <label className="grid gap-1 text-xs">
            {t('mailbox:compose.day')}
            <Input
              type="date"
              value={editing.date}
              onChange={(e) => setEditing({ ...editing, date: e.target.value })}
            />
          </label>
          <label className="grid gap-1 text-xs">
            {t('mailbox:compose.time')}
            <Input
              type="time"
              value={editing.time}
              onChange={(e) => setEditing({ ...editing, time: e.target.value })}
            />
          </label>
          <Button type="submit" size="sm" loading={move.isPending}>
            {t('buttons:save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
            {t('buttons:cancel')}
          </Button>
          {error ? (
            <p role="alert" className="w-full text-xs text-danger">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

const PEC_TONE = {
  waiting: 'neutral',
  accepted: 'primary',
  delivered: 'success',
  warning: 'warning',
  not_delivered: 'danger',
  not_accepted: 'danger',
} as const;

const RECIPIENT_TONE: Record<PecRecipientState, BadgeTone> = {
  delivered: 'success',
  not_delivered: 'danger',
  waiting: 'neutral',
};

/**
 * Certified mail (PEC): the legal status from the provider's receipts, each receipt openable, and with several
 * recipients each one's delivery (issue 16).
 */
export function PecState({
  pec,
  recipients,
  onOpen,
}: {
  pec: NonNullable<TMessage['pec']>;
  /** Every address the message went to: with several, each one's delivery is listed. */
  recipients: string[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  const locale = localeOf(currentLanguage());
  const perRecipient = recipients.length > 1 ? pecRecipientStates(pec.receipts, recipients) : [];
  const deliveredCount = perRecipient.filter((r) => r.state === 'delivered').length;
  return (
    <section
      aria-label={t('mailbox:pec.label')}
      className="grid gap-2 rounded-md border border-border bg-surface-muted px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground">{t('mailbox:pec.label')}</span>
        <Badge tone={PEC_TONE[pec.status]} data-testid="pec-status" data-status={pec.status}>
          {t(`mailbox:pec.status.${pec.status}`)}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">{t(`mailbox:pec.note.${pec.status}`)}</p>
      {perRecipient.length > 0 ? (
        <div className="grid gap-1" data-testid="pec-recipients">
          <p className="text-xs font-medium text-foreground">
            {t('mailbox:pec.deliveredOf', { delivered: deliveredCount, total: perRecipient.length })}
          </p>
          <ul className="grid gap-1">
            {perRecipient.map((r) => (
              <li key={r.address} className="flex flex-wrap items-center gap-2 text-xs">
                <span className="[overflow-wrap:anywhere]">{r.address}</span>
                <Badge tone={RECIPIENT_TONE[r.state]} data-state={r.state}>
                  {t(`mailbox:pec.recipient.${r.state}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {pec.receipts.length > 0 ? (
        <ul className="grid gap-1">
          {pec.receipts.map((r) => (
            <li key={r.messageId} className="flex flex-wrap items-center gap-x-2 text-xs">
              <button
                type="button"
                onClick={() => onOpen(r.messageId)}
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {t(`mailbox:pec.kinds.${r.kind}`)}
              </button>
              {r.recipient ? <span>{r.recipient}</span> : null}
              <time dateTime={r.receivedAt} className="text-muted-foreground">
                {formatDateTime(r.receivedAt, locale, 'medium')}
              </time>
              {r.error ? <span className="w-full text-danger">{r.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The form's starting point: the scheduled instant as a day and time of the organization's zone. */
function zonedParts(iso: string | null | undefined, timeZone: string): { date: string; time: string } {
  const { date, time } = utcToZoned(iso ? new Date(iso) : new Date(), timeZone);
  return { date, time };
}
