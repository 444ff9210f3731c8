import { fieldText } from '@web/app/field-text.ts';
import { ClientPickerController } from '@web/ui/client-picker.tsx';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@web/ui/toast.ts';
import { Mail, Users } from 'lucide-react';
import {
  CALENDAR_FIELD_MAX,
  type TCalendarOptions,
  type TInvitationFormValues,
} from '@shared/calendar/contracts.ts';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { InputField, TextareaField } from '@web/ui/form-fields.tsx';
import { useCreateInvitation, useInviteeClient } from './calendar-api.ts';
import { detailFieldIssues } from '@web/app/form-errors.ts';
import { calendarErrorMessage, useCalendarPermissions } from './calendar-ui.tsx';
import { useMailWrittenToast } from '@web/features/mail/mail-delivery.tsx';
import { DeliveryFields } from './invite-delivery-fields.tsx';
import { fieldOf, inviteResolver, type InviteValues } from './invite-values.ts';

/**
 * Invite a client (name, e-mail and language default to the client's) or any e-mail address: name, e-mail,
 * phone, personal message, method (SMS only with a provider, otherwise shown disabled with the reason),
 * reminders and the invitation's language. The guest gets the e-mail with the RSVP link and the .ics.
 */
export function InviteDialog({
  eventId,
  options,
  onDone,
}: {
  eventId: string;
  options: TCalendarOptions | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation(['calendar', 'buttons', 'forms']);
  const mailToast = useMailWrittenToast();
  const { orgId } = useCalendarPermissions();
  const create = useCreateInvitation(orgId, eventId);
  const resolver = useMemo(() => inviteResolver(), []);
  const form = useForm<InviteValues, unknown, TInvitationFormValues>({
    resolver,
    defaultValues: {
      inviteeType: 'external',
      client: null,
      inviteeName: '',
      inviteeEmail: '',
      inviteePhone: '',
      invitationMessage: '',
      invitationMethod: 'email',
      sendReminders: true,
      language: '',
    },
  });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control }) as InviteValues;
  const optional = t('forms:optional');
  const byClient = values.inviteeType === 'client';
  const client = useInviteeClient(orgId, values.client?.id ?? null, byClient);

  const submit = form.handleSubmit(async (input) => {
    try {
      const invitation = await create.mutateAsync(input);
      mailToast(invitation.inviteeEmail, t('calendar:invite.sent', { email: invitation.inviteeEmail }));
      onDone();
    } catch (error) {
      const issues = detailFieldIssues(error);
      issues.forEach((issue, i) =>
        form.setError(fieldOf(issue.path), { message: issue.message }, { shouldFocus: i === 0 }),
      );
      if (issues.length === 0) toast.error(calendarErrorMessage(error, t));
    }
  });

  const clientData = client.data;
  return (
    <DialogContent
      title={t('calendar:invite.title')}
      description={t('calendar:invite.description')}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" data-testid="invite-form">
        <fieldset disabled={form.formState.isSubmitting} className="grid min-w-0 gap-4">
          <Controller
            control={form.control}
            name="inviteeType"
            render={({ field }) => (
              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 text-sm font-medium text-foreground">
                  {t('calendar:invite.who')}
                </legend>
                <div className="grid grid-cols-2 gap-2">
                  {(['external', 'client'] as const).map((type) => {
                    const Icon = type === 'client' ? Users : Mail;
                    return (
                      <label
                        key={type}
                        className={cn(
                          'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border border-input text-sm font-medium text-foreground',
                          'hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                          'has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary-soft-foreground',
                        )}
                      >
                        <input
                          type="radio"
                          className="sr-only"
                          name={field.name}
                          value={type}
                          checked={field.value === type}
                          onChange={() => field.onChange(type)}
                        />
                        <Icon aria-hidden="true" className="size-4" />
                        {t(`calendar:invite.types.${type}`)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />
          {byClient ? (
            <Field
              label={t('calendar:fields.client')}
              error={fieldText(errors.client?.message)}
              required
              hint={
                clientData
                  ? clientData.email
                    ? t('calendar:invite.clientEmail', { email: clientData.email })
                    : t('calendar:invite.clientNoEmail')
                  : undefined
              }
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
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label={t('calendar:invite.name')}
              error={fieldText(errors.inviteeName?.message)}
              optionalText={optional}
              autoComplete="off"
              maxLength={CALENDAR_FIELD_MAX.inviteeName}
              placeholder={byClient && clientData ? clientDisplayName(clientData) : undefined}
              {...form.register('inviteeName')}
            />
            <InputField
              label={t('calendar:invite.email')}
              error={fieldText(errors.inviteeEmail?.message)}
              required={!byClient}
              optionalText={byClient ? optional : undefined}
              type="email"
              autoComplete="off"
              maxLength={CALENDAR_FIELD_MAX.inviteeEmail}
              placeholder={byClient ? (clientData?.email ?? undefined) : undefined}
              {...form.register('inviteeEmail')}
            />
          </div>
          <InputField
            label={t('calendar:invite.phone')}
            error={fieldText(errors.inviteePhone?.message)}
            optionalText={optional}
            type="tel"
            autoComplete="off"
            maxLength={CALENDAR_FIELD_MAX.inviteePhone}
            placeholder={byClient ? (clientData?.phone ?? undefined) : undefined}
            {...form.register('inviteePhone')}
          />
          <TextareaField
            label={t('calendar:invite.message')}
            hint={t('calendar:invite.messageHint')}
            error={fieldText(errors.invitationMessage?.message)}
            optionalText={optional}
            rows={3}
            maxLength={CALENDAR_FIELD_MAX.invitationMessage}
            {...form.register('invitationMessage')}
          />
          <DeliveryFields form={form} options={options} />
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('calendar:invite.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
