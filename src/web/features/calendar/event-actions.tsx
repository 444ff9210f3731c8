import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { DEFAULT_START_TIME, ZEventMove, type TEvent, type TEventMove } from '@shared/calendar/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { useDeleteEvent, useMoveEvent } from './calendar-api.ts';
import { detailFieldIssues } from '@web/app/form-errors.ts';
import { calendarErrorMessage, useCalendarPermissions } from './calendar-ui.tsx';

/** What a move needs to know of the event (a whole TEvent, or an occurrence from the calendar). */
export interface MovableEvent {
  id: string;
  title: string;
  startDate: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  recurring: boolean;
}

export function movableOf(event: TEvent): MovableEvent {
  return { ...event, recurring: event.recurrence !== null };
}

/**
 * Move an event to another day or start time, keyboard-friendly (the calendar's drag and drop does the same):
 * the end follows with the same duration; a repeating event moves as a whole series.
 */
export function MoveEventDialog({ event, onDone }: { event: MovableEvent; onDone: () => void }) {
  const { t } = useTranslation(['calendar', 'buttons']);
  const { orgId } = useCalendarPermissions();
  const move = useMoveEvent(orgId);
  const [date, setDate] = useState(event.startDate);
  const [allDay, setAllDay] = useState(event.allDay);
  const [time, setTime] = useState(event.allDay ? DEFAULT_START_TIME : event.startTime);
  const [errors, setErrors] = useState<Partial<Record<'startDate' | 'startTime' | 'root', string>>>({});

  const submit = async () => {
    const parsed = ZEventMove.safeParse({ startDate: date, startTime: allDay ? null : time, allDay });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path[0] === 'startTime' ? 'startTime' : issue.path[0] === 'startDate' ? 'startDate' : 'root';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await move.mutateAsync({ id: event.id, move: parsed.data as TEventMove });
      toast.success(t('calendar:toast.moved', { title: event.title }));
      onDone();
    } catch (error) {
      const issues = detailFieldIssues(error);
      if (issues.length > 0) {
        const next: typeof errors = {};
        for (const issue of issues) {
          const key =
            issue.path === 'startDate' ? 'startDate' : issue.path === 'startTime' ? 'startTime' : 'root';
          next[key] ??= issue.message;
        }
        setErrors(next);
      } else {
        toast.error(calendarErrorMessage(error, t));
      }
    }
  };

  return (
    <DialogContent
      title={t('calendar:move.title', { title: event.title })}
      description={event.recurring ? t('calendar:move.seriesNote') : t('calendar:move.note')}
      closeLabel={t('buttons:close')}
    >
      <form
        noValidate
        className="grid gap-4"
        data-testid="move-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('calendar:move.date')} error={fieldText(errors.startDate)} required>
            {(props) => (
              <Input {...props} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            )}
          </Field>
          {allDay ? null : (
            <Field label={t('calendar:move.time')} error={fieldText(errors.startTime)} required>
              {(props) => (
                <Input {...props} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
              )}
            </Field>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allDay}
            onChange={(e) => setAllDay(e.target.checked)}
          />
          {t('calendar:fields.allDay')}
        </label>
        {errors.root ? <Alert tone="error">{fieldText(errors.root)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={move.isPending}>
            {t('calendar:move.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** Delete with confirmation: the dialog says the guests receive a cancellation. */
export function DeleteEventDialog({
  event,
  open,
  onOpenChange,
  onDeleted,
}: {
  event: { id: string; title: string; recurring: boolean };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['calendar']);
  const { orgId } = useCalendarPermissions();
  const remove = useDeleteEvent(orgId);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('calendar:delete.title', { title: event.title })}
      description={
        <>
          {event.recurring ? t('calendar:delete.seriesText') : t('calendar:delete.text')}{' '}
          {t('calendar:delete.guestsNote')}
        </>
      }
      confirmLabel={t('calendar:delete.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(event.id, {
          onSuccess: () => {
            toast.success(t('calendar:toast.deleted', { title: event.title }));
            onDeleted();
          },
          onError: (error) => toast.error(calendarErrorMessage(error, t)),
        })
      }
    />
  );
}
