import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, HelpCircle, XCircle } from 'lucide-react';
import { CALENDAR_FIELD_MAX, RSVP_RESPONSES, type RsvpResponse } from '@shared/calendar/contracts.ts';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import { GUEST_OPTIONS, type RsvpAnswer } from './rsvp-form.ts';

const ICONS = { accepted: CheckCircle2, maybe: HelpCircle, declined: XCircle } as const;
const CHECKED: Record<RsvpResponse, string> = {
  accepted:
    'has-[:checked]:border-success has-[:checked]:bg-success-soft has-[:checked]:text-success-soft-foreground',
  maybe:
    'has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary-soft-foreground',
  declined:
    'has-[:checked]:border-danger has-[:checked]:bg-danger-soft has-[:checked]:text-danger-soft-foreground',
};

/**
 * The answer (accepted, maybe, declined as radio buttons), and when accepted the guests (1–8, "1 persona",
 * "2 persone") with dietary restrictions and special requests; the message always (spec §2). In `lng`: the
 * invitation's language on the public page, the interface's in the host's dialog.
 */
export function RsvpAnswerFields({
  value,
  onChange,
  lng,
  disabled,
  question,
}: {
  value: RsvpAnswer;
  onChange: (next: RsvpAnswer) => void;
  lng?: 'it' | 'en';
  disabled?: boolean;
  /** The answer's legend, when not the guest's own "Will you attend?". */
  question?: string;
}) {
  const { t } = useTranslation(['rsvp', 'forms'], lng ? { lng } : undefined);
  const name = useId();
  const set = (patch: Partial<RsvpAnswer>) => onChange({ ...value, ...patch });
  const optional = t('forms:optional');

  return (
    <fieldset disabled={disabled} className="grid min-w-0 gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">
          {question ?? t('rsvp:form.question')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {RSVP_RESPONSES.map((response) => {
            const Icon = ICONS[response];
            return (
              <label
                key={response}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-2 rounded-md border border-input bg-surface px-3 py-2.5 text-sm font-medium text-foreground transition-colors',
                  'hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  CHECKED[response],
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={response}
                  checked={value.response === response}
                  onChange={() => set({ response })}
                  className="sr-only"
                  data-testid={`rsvp-${response}`}
                />
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {t(`rsvp:form.responses.${response}`)}
              </label>
            );
          })}
        </div>
      </fieldset>

      {value.response === 'accepted' ? (
        <div className="grid gap-4 rounded-md border border-border bg-surface-muted/50 p-3 sm:p-4">
          <Field label={t('rsvp:form.guests')} hint={t('rsvp:form.guestsHint')}>
            {(props) => (
              <div className="sm:max-w-48">
                <Select
                  {...props}
                  value={String(value.guestCount)}
                  onChange={(e) => set({ guestCount: Number(e.target.value) })}
                >
                  {GUEST_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {t('rsvp:form.people', { count: n })}
                    </option>
                  ))}
                </Select>
              </div>
            )}
          </Field>
          <Field label={t('rsvp:form.dietary')} hint={t('rsvp:form.dietaryHint')} optionalText={optional}>
            {(props) => (
              <Input
                {...props}
                maxLength={CALENDAR_FIELD_MAX.dietaryRestrictions}
                value={value.dietaryRestrictions}
                onChange={(e) => set({ dietaryRestrictions: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('rsvp:form.special')} optionalText={optional}>
            {(props) => (
              <Textarea
                {...props}
                rows={2}
                className="min-h-16"
                maxLength={CALENDAR_FIELD_MAX.specialRequests}
                value={value.specialRequests}
                onChange={(e) => set({ specialRequests: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : null}

      <Field label={t('rsvp:form.message')} hint={t('rsvp:form.messageHint')} optionalText={optional}>
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            maxLength={CALENDAR_FIELD_MAX.rsvpResponseMessage}
            value={value.message}
            onChange={(e) => set({ message: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
