import { ClientPickerController } from '@web/ui/client-picker.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { fieldText } from '@web/app/field-text.ts';
import { toast } from '@web/ui/toast.ts';
import { isQueuedOffline } from '@web/features/offline/offline-queue.ts';
import { CALENDAR_FIELD_MAX, type TEvent, type TEventInput } from '@shared/calendar/contracts.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { InputField, TextareaField } from '@web/ui/form-fields.tsx';
import { useSaveEvent } from './calendar-api.ts';
import { detailFieldIssues } from '@web/app/form-errors.ts';
import { calendarErrorMessage, useCalendarPermissions } from './calendar-ui.tsx';
import { eventValuesOf, formFieldOf, parseEventValues, type EventFormValues } from './event-form-values.ts';
import { RepeatFields } from './event-repeat-fields.tsx';

/**
 * Create or edit an event: title, date, start and end (09:00–10:00 by default) or all day, location, client,
 * description and a repetition (daily, weekly on chosen days, monthly) that ends on a date or after a number of
 * times. Checked with the server's contract; the server's field problems land on their fields.
 */
export function EventDialog({
  event,
  initial,
  onDone,
}: {
  /** The stored event when editing. */
  event?: TEvent;
  /** A new event's values (day and slot clicked). */
  initial?: EventFormValues;
  /** Saved (null: made offline and queued, issue 18). */
  onDone: (saved: TEvent | null) => void;
}) {
  const { t } = useTranslation(['calendar', 'buttons', 'forms']);
  const { orgId } = useCalendarPermissions();
  const save = useSaveEvent(orgId);
  const defaultValues = useMemo(
    () => (event ? eventValuesOf(event) : initial!),
    // The form owns the values once open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = useMemo<Resolver<EventFormValues, unknown, TEventInput>>(
    () => async (values) => {
      const result = parseEventValues(values);
      if (result.success) return { values: result.data, errors: {} };
      const errors: FieldErrors<EventFormValues> = {};
      for (const issue of result.issues) {
        const key = issue.field as keyof EventFormValues;
        if (!errors[key])
          (errors as Record<string, unknown>)[key] = { type: 'validate', message: issue.message };
      }
      return { values: {}, errors };
    },
    [],
  );
  const form = useForm<EventFormValues, unknown, TEventInput>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as EventFormValues;
  const optional = t('forms:optional');

  const submit = form.handleSubmit(
    async (input) => {
      try {
        const saved = await save.mutateAsync({ id: event?.id, input });
        toast.success(
          event ? t('calendar:toast.updated') : t('calendar:toast.created', { title: saved.title }),
        );
        onDone(saved);
      } catch (error) {
        if (isQueuedOffline(error)) {
          toast(t('common:offline.eventQueued'));
          onDone(null);
          return;
        }
        const issues = detailFieldIssues(error);
        issues.forEach((issue, i) => {
          const field = formFieldOf(issue.path);
          form.setError(
            field === 'root' ? 'root' : field,
            { message: issue.message },
            { shouldFocus: i === 0 },
          );
        });
        toast.error(calendarErrorMessage(error, t));
      }
    },
    () => toast.error(t('calendar:form.invalid')),
  );

  return (
    <DialogContent
      title={event ? t('calendar:form.editTitle') : t('calendar:form.newTitle')}
      description={event && event.stats.invitations > 0 ? t('calendar:form.guestsUpdated') : undefined}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="event-form">
        <fieldset disabled={form.formState.isSubmitting} className="grid min-w-0 gap-4">
          <InputField
            label={t('calendar:fields.title')}
            error={fieldText(errors.title?.message)}
            required
            maxLength={CALENDAR_FIELD_MAX.title}
            autoFocus
            {...form.register('title')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={t('calendar:fields.date')}
              error={fieldText(errors.startDate?.message)}
              required
              type="date"
              {...form.register('startDate')}
            />
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-foreground">
              <input type="checkbox" className="size-4 accent-primary" {...form.register('allDay')} />
              {t('calendar:fields.allDay')}
            </label>
          </div>
          {values.allDay ? null : (
            <div className="grid grid-cols-2 gap-4">
              <InputField
                label={t('calendar:fields.startTime')}
                error={fieldText(errors.startTime?.message)}
                required
                type="time"
                {...form.register('startTime')}
              />
              <InputField
                label={t('calendar:fields.endTime')}
                error={fieldText(errors.endTime?.message)}
                required
                type="time"
                {...form.register('endTime')}
              />
            </div>
          )}
          <InputField
            label={t('calendar:fields.location')}
            error={fieldText(errors.location?.message)}
            optionalText={optional}
            maxLength={CALENDAR_FIELD_MAX.location}
            {...form.register('location')}
          />
          <Field
            label={t('calendar:fields.client')}
            error={fieldText(errors.client?.message)}
            optionalText={optional}
            hint={t('calendar:form.clientHint')}
          >
            {(props) => (
              <ClientPickerController
                control={form.control}
                name="client"
                orgId={orgId}
                controlProps={props}
              />
            )}
          </Field>
          <TextareaField
            label={t('calendar:fields.description')}
            error={fieldText(errors.description?.message)}
            optionalText={optional}
            rows={3}
            maxLength={CALENDAR_FIELD_MAX.description}
            {...form.register('description')}
          />

          <RepeatFields form={form} values={values} />
          {errors.root?.message ? <Alert tone="error">{fieldText(errors.root.message)}</Alert> : null}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {event ? t('calendar:form.save') : t('calendar:form.create')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
