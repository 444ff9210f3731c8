import { fieldText } from '@web/app/field-text.ts';
import { useTranslation } from 'react-i18next';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  MAX_RECURRENCE_COUNT,
  WEEKDAYS,
  type TEventInput,
  type Weekday,
} from '@shared/calendar/contracts.ts';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { weekdayNames } from './calendar-dates.ts';
import { useLocale } from './calendar-ui.tsx';
import { weekdayOf, type EventFormValues } from './event-form-values.ts';

/** How an event repeats: frequency, interval, weekdays (the start's weekday always on) and how the series ends. */
export function RepeatFields({
  form,
  values,
}: {
  form: UseFormReturn<EventFormValues, unknown, TEventInput>;
  values: EventFormValues;
}) {
  const { t } = useTranslation('calendar');
  const locale = useLocale();
  const errors = form.formState.errors;
  const days = weekdayNames(locale, 'short');
  const longDays = weekdayNames(locale, 'long');
  const startWeekday = weekdayOf(values.startDate);
  const unit = t(`calendar:form.every.${values.repeat === 'none' ? 'daily' : values.repeat}`, {
    count: Number(values.interval) || 1,
  });

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium text-foreground">{t('calendar:form.repeatTitle')}</legend>
      <Field label={t('calendar:form.frequency')} error={fieldText(errors.repeat?.message)}>
        {(props) => (
          <Select {...props} {...form.register('repeat')}>
            <option value="none">{t('calendar:repeat.none')}</option>
            <option value="daily">{t('calendar:repeat.daily')}</option>
            <option value="weekly">{t('calendar:repeat.weekly')}</option>
            <option value="monthly">{t('calendar:repeat.monthly')}</option>
          </Select>
        )}
      </Field>
      {values.repeat === 'none' ? null : (
        <>
          <Field label={t('calendar:fields.interval')} error={fieldText(errors.interval?.message)}>
            {(props) => (
              <div className="flex items-center gap-2">
                <Input
                  {...props}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  className="w-24"
                  {...form.register('interval')}
                />
                <span className="text-sm text-muted-foreground">{unit}</span>
              </div>
            )}
          </Field>
          {values.repeat === 'weekly' ? (
            <Controller
              control={form.control}
              name="byWeekday"
              render={({ field }) => (
                <div role="group" aria-label={t('calendar:fields.weekdays')} className="grid gap-1.5">
                  <span className="text-sm font-medium text-foreground" aria-hidden="true">
                    {t('calendar:fields.weekdays')}
                  </span>
                  <div className="flex flex-wrap gap-1.5">
                    {WEEKDAYS.map((day, i) => {
                      const pressed = field.value.includes(day) || day === startWeekday;
                      const locked = day === startWeekday;
                      return (
                        <button
                          key={day}
                          type="button"
                          aria-pressed={pressed}
                          aria-label={longDays[i]}
                          title={locked ? t('calendar:form.startWeekday') : longDays[i]}
                          onClick={() => {
                            if (locked) return;
                            const next: Weekday[] = field.value.includes(day)
                              ? field.value.filter((d) => d !== day)
                              : [...field.value, day];
                            field.onChange(next);
                          }}
                          className={cn(
                            'h-9 min-w-11 rounded-md border px-2 text-sm font-medium transition-colors',
                            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                            pressed
                              ? 'border-primary bg-primary text-primary-foreground'
                              : 'border-input bg-surface text-foreground hover:bg-surface-muted',
                          )}
                        >
                          {days[i]}
                        </button>
                      );
                    })}
                  </div>
                  {errors.byWeekday?.message ? (
                    <p className="text-sm font-medium text-danger">{fieldText(errors.byWeekday.message)}</p>
                  ) : null}
                </div>
              )}
            />
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">{t('calendar:form.ends')}</legend>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm text-foreground">
                <input
                  type="radio"
                  value="count"
                  className="size-4 accent-primary"
                  {...form.register('endKind')}
                />
                {t('calendar:form.endsAfter')}
              </label>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RECURRENCE_COUNT}
                className="w-24"
                aria-label={t('calendar:fields.count')}
                disabled={values.endKind !== 'count'}
                aria-invalid={errors.count ? true : undefined}
                {...form.register('count')}
              />
              <span className="text-sm text-muted-foreground">{t('calendar:form.times')}</span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm text-foreground">
                <input
                  type="radio"
                  value="until"
                  className="size-4 accent-primary"
                  {...form.register('endKind')}
                />
                {t('calendar:form.endsOn')}
              </label>
              <Input
                type="date"
                className="w-44"
                aria-label={t('calendar:fields.until')}
                disabled={values.endKind !== 'until'}
                aria-invalid={errors.until ? true : undefined}
                {...form.register('until')}
              />
            </div>
            {errors.count?.message || errors.until?.message ? (
              <p className="text-sm font-medium text-danger">
                {fieldText(errors.count?.message ?? errors.until?.message)}
              </p>
            ) : null}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}
