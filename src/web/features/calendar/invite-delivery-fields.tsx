import { fieldText } from '@web/app/field-text.ts';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import {
  REMINDER_HOURS_BEFORE,
  type TCalendarOptions,
  type TInvitationFormValues,
} from '@shared/calendar/contracts.ts';
import { Field } from '@web/ui/field.tsx';
import { Select } from '@web/ui/input.tsx';
import { useLocale } from './calendar-ui.tsx';
import type { InviteValues } from './invite-values.ts';

/** How the invitation goes (e-mail, or SMS when a provider is set up), in which language, and with reminders. */
export function DeliveryFields({
  form,
  options,
}: {
  form: UseFormReturn<InviteValues, unknown, TInvitationFormValues>;
  options: TCalendarOptions | undefined;
}) {
  const { t } = useTranslation('calendar');
  const locale = useLocale();
  const errors = form.formState.errors;
  const smsAvailable = options?.smsAvailable ?? false;
  const smsReason = fieldText(options?.smsUnavailableReason ?? 'calendar.sms.noProvider');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('calendar:invite.method')}
          error={fieldText(errors.invitationMethod?.message)}
          hint={smsAvailable ? undefined : smsReason}
        >
          {(props) => (
            <Select {...props} {...form.register('invitationMethod')}>
              <option value="email">{t('calendar:methods.email')}</option>
              <option value="sms" disabled={!smsAvailable}>
                {smsAvailable ? t('calendar:methods.sms') : t('calendar:invite.smsDisabled')}
              </option>
            </Select>
          )}
        </Field>
        <Field
          label={t('calendar:invite.language')}
          error={fieldText(errors.language?.message)}
          hint={t('calendar:invite.languageHint')}
        >
          {(props) => (
            <Select {...props} {...form.register('language')}>
              <option value="">{t('calendar:invite.languageAuto')}</option>
              <option value="it">{t('calendar:languages.it')}</option>
              <option value="en">{t('calendar:languages.en')}</option>
            </Select>
          )}
        </Field>
      </div>
      <label className="flex items-start gap-2 text-sm text-foreground">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('sendReminders')} />
        <span>
          <span className="font-medium">{t('calendar:invite.reminders')}</span>
          <span className="block text-xs text-muted-foreground">
            {t('calendar:invite.remindersHint', {
              hours: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
                (options?.reminderHoursBefore ?? [...REMINDER_HOURS_BEFORE]).map(String),
              ),
            })}
          </span>
        </span>
      </label>
    </>
  );
}
