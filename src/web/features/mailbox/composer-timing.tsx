import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { UNDO_SEND, type TCancelResult, type TComposeResult } from '@shared/mailbox/compose.ts';
import { addDays, isoDateIn } from '@shared/dates/dates.ts';
import { api } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import type { ComposeDraft } from './compose-draft.ts';

/**
 * When a composed message leaves (issue 16): "Undo send" (a window of a few seconds, the user's choice kept in this
 * browser, and the toast that stops it) and "Send later" (a day and time of the organization's zone).
 */

const UNDO_CHOICES = [0, 5, 10, 20, 30] as const;
const UNDO_KEY = 'mail.undoSeconds';

/** The user's "undo send" window, kept in this browser (default 10 s). */
function storedUndoSeconds(): number {
  const raw = globalThis.localStorage?.getItem(UNDO_KEY);
  const stored = Number(raw);
  return raw !== null && raw !== undefined && (UNDO_CHOICES as readonly number[]).includes(stored)
    ? stored
    : UNDO_SEND.defaultSeconds;
}

export function useUndoSeconds() {
  const [seconds, setSeconds] = useState(storedUndoSeconds);
  const choose = (value: number) => {
    setSeconds(value);
    localStorage.setItem(UNDO_KEY, String(value));
  };
  return [seconds, choose] as const;
}

export function UndoWindowSelect({
  value,
  onChange,
}: {
  value: number;
  onChange: (seconds: number) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  return (
    <label className="flex items-center gap-1">
      {t('mailbox:compose.undoWindow')}
      <select
        className="rounded border border-input bg-surface px-1 py-0.5 text-xs text-foreground"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {UNDO_CHOICES.map((s) => (
          <option key={s} value={s}>
            {t('mailbox:compose.seconds', { count: s })}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * After a send that waits a few seconds: a toast with "Undo", which stops it (nothing has left the server) and
 * opens the composer again with what was written, its files uploaded again. False when there is nothing to undo.
 */
export function offerUndo(
  t: TFunction,
  result: TComposeResult,
  draft: ComposeDraft,
  onReopen: (draft: ComposeDraft) => void,
): boolean {
  const leavesIn = result.delivery.sendAt ? new Date(result.delivery.sendAt).getTime() - Date.now() : 0;
  if (result.delivery.status !== 'queued' || leavesIn <= 500) return false;
  toast(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>{t('mailbox:compose.sending')}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            toast.dismiss(shown.id);
            api<TCancelResult>(`/api/v1/mail/outbox/${encodeURIComponent(result.delivery.outboxId)}/cancel`, {
              method: 'POST',
            })
              .then((cancelled) => {
                toast(t('mailbox:compose.undone'));
                onReopen({ ...draft, attachments: cancelled.attachments });
              })
              .catch((error: unknown) => toast.error(apiErrorMessage(error, t)));
          }}
        >
          {t('mailbox:compose.undo')}
        </Button>
      </span>
    ),
    { duration: leavesIn, icon: '✉️' },
  );
  return true;
}

export type SendAt = { date: string; time: string };

/** The default of "Send later": tomorrow at 9:00 in the organization's time zone. */
export function tomorrowMorning(timeZone: string): SendAt {
  return { date: addDays(isoDateIn(timeZone), 1), time: '09:00' };
}

/** "Send later": the day and time, in the organization's zone (said in the hint), or back to sending now. */
export function SendLaterFields({
  value,
  timeZone,
  error,
  onChange,
}: {
  value: SendAt;
  timeZone: string;
  error: string | undefined;
  onChange: (value: SendAt | null) => void;
}) {
  const { t } = useTranslation(['mailbox']);
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium text-foreground">{t('mailbox:compose.sendLater')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('mailbox:compose.day')} error={error}>
          {(props) => (
            <Input
              {...props}
              type="date"
              value={value.date}
              onChange={(e) => onChange({ ...value, date: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('mailbox:compose.time')} hint={t('mailbox:compose.timeZoneHint', { zone: timeZone })}>
          {(props) => (
            <Input
              {...props}
              type="time"
              value={value.time}
              onChange={(e) => onChange({ ...value, time: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t('mailbox:compose.sendNow')}
        </Button>
      </div>
    </fieldset>
  );
}
