import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@web/ui/toast.ts';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import {
  DEFAULT_COUNTRY,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEP_FIELDS,
  ZOnboardingSubmission,
  type TOnboardingFormValues,
  type TOnboardingSubmission,
} from '@shared/business-profile/contracts.ts';
import {
  ONBOARDING_ALREADY_EXISTS_REDIRECT_MS,
  ONBOARDING_FAILURE_KEYS,
  type OnboardingFailure,
} from '@shared/business-profile/profile-rules.ts';
import { onboardingMessage } from '@shared/business-profile/messages.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { serverFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { FullScreenSpinner } from '@web/ui/spinner.tsx';
import {
  useBusinessProfile,
  useSubmitOnboarding,
} from '@web/features/business-profile/business-profile-api.ts';
import { FocusedLayout } from '@web/features/shell/focused-layout.tsx';
import { onboardingFailureOf } from './onboarding-failure.ts';
import { StepAddress, StepCompany, StepDetails } from './onboarding-steps.tsx';

type Step = 1 | 2 | 3;

const EMPTY: TOnboardingFormValues = {
  companyName: '',
  businessType: '' as TOnboardingFormValues['businessType'],
  industry: '' as TOnboardingFormValues['industry'],
  address: { street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY, province: '' },
  phone: '',
  taxId: '',
  website: '',
  employeeCount: '',
  description: '',
  partitaIva: '',
  codiceFiscale: '',
  taxRegime: '',
  pec: '',
};

function stepOfField(path: string): Step | undefined {
  for (const step of [1, 2, 3] as const) {
    if ((ONBOARDING_STEP_FIELDS[step] as readonly string[]).includes(path)) return step;
  }
  return undefined;
}

/**
 * /onboarding (spec §2, §3, §5): three steps, Next blocked until the step validates, Previous, "Step N of 3",
 * Complete Setup. Signed-out visitors never get here (the guard); onboarded ones go to /dashboard.
 */
export function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'buttons', 'common']);
  useDocumentTitle(t('onboarding:title'));
  const me = useSignedInMe();
  const navigate = useNavigate();
  const profile = useBusinessProfile(me.activeOrganizationId);
  const submit = useSubmitOnboarding();
  const [step, setStep] = useState<Step>(1);
  const [failure, setFailure] = useState<OnboardingFailure | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const lang = currentLanguage();

  const form = useForm<TOnboardingFormValues, unknown, TOnboardingSubmission>({
    resolver: zodResolver(ZOnboardingSubmission),
    defaultValues: EMPTY,
    // Fields are checked when Next is pressed; a field with an error is checked again as it changes
    // (onboarding-steps), so messages never move the buttons under the pointer on blur.
    mode: 'onSubmit',
  });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const errorText = (message: string | undefined) =>
    message ? (fieldMessage(message, lang) ?? onboardingMessage(message, lang)) : undefined;

  if (me.organizations.length > 0 && !me.activeOrganizationId) {
    return <Navigate to="/select-organization" replace />;
  }
  if (me.activeOrganizationId && profile.isPending) {
    return <FullScreenSpinner label={t('common:loading')} />;
  }
  if (profile.data?.onboardingComplete && !submit.isPending && !submit.isSuccess && failure === null) {
    return <Navigate to="/dashboard" replace />;
  }

  async function goNext() {
    const valid = await form.trigger(
      ONBOARDING_STEP_FIELDS[step] as unknown as FieldPath<TOnboardingFormValues>[],
      {
        shouldFocus: true,
      },
    );
    if (!valid) return;
    setStep((s) => Math.min(ONBOARDING_STEP_COUNT, s + 1) as Step);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function goPrevious() {
    setStep((s) => Math.max(1, s - 1) as Step);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  const complete = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await submit.mutateAsync(values);
      toast.success(t('onboarding:success'));
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // Fields the server refused: show them on their step, as the form would have.
      const issues = serverFieldIssues(error);
      for (const issue of issues) {
        form.setError(issue.path as FieldPath<TOnboardingFormValues>, { message: issue.message });
      }
      const first = issues[0];
      const stepOfFirst = first ? stepOfField(first.path) : undefined;
      if (stepOfFirst) setStep(stepOfFirst);
      const kind = onboardingFailureOf(error);
      setFailure(kind);
      if (kind === 'already_exists') {
        redirectTimer.current = window.setTimeout(
          () => navigate('/dashboard', { replace: true }),
          ONBOARDING_ALREADY_EXISTS_REDIRECT_MS,
        );
      }
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (step < ONBOARDING_STEP_COUNT) {
      event.preventDefault();
      void goNext();
      return;
    }
    void complete(event);
  }

  const steps = [1, 2, 3] as const;
  const busy = submit.isPending;

  return (
    <FocusedLayout>
      <div className="mx-auto w-full max-w-2xl">
        <div className="mb-6 text-center">
          <p className="text-sm font-medium text-primary">{t('onboarding:eyebrow')}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            {t('onboarding:title')}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">{t('onboarding:subtitle')}</p>
        </div>

        <ol className="mb-6 grid grid-cols-3 gap-2" aria-label={t('onboarding:stepsLabel')}>
          {steps.map((n) => (
            <li
              key={n}
              aria-current={n === step ? 'step' : undefined}
              className="flex flex-col items-center gap-2 text-center"
            >
              <span
                className={cn(
                  'flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                  n < step && 'bg-primary text-primary-foreground',
                  n === step && 'bg-primary text-primary-foreground ring-4 ring-primary-soft',
                  n > step && 'border border-input bg-surface text-muted-foreground',
                )}
              >
                {n < step ? <Check aria-hidden="true" className="size-4" /> : n}
              </span>
              <span
                className={cn(
                  'text-xs font-medium sm:text-sm',
                  n === step ? 'text-foreground' : 'text-muted-foreground',
                )}
              >
                {t(`onboarding:steps.${n}.short`)}
              </span>
            </li>
          ))}
        </ol>

        <Card>
          <form noValidate onSubmit={onSubmit}>
            <div className="border-b border-border px-5 py-4 sm:px-6">
              <p className="text-sm font-medium text-muted-foreground">
                {t('onboarding:stepOf', { step, total: ONBOARDING_STEP_COUNT })}
              </p>
              <h2 ref={headingRef} tabIndex={-1} className="mt-0.5 text-lg font-semibold focus:outline-none">
                {t(`onboarding:steps.${step}.title`)}
              </h2>
              <p className="mt-0.5 text-sm text-muted-foreground">
                {t(`onboarding:steps.${step}.description`)}
              </p>
            </div>
            <div className="px-5 py-5 sm:px-6">
              {failure ? (
                <Alert tone="error" className="mb-5">
                  {onboardingMessage(ONBOARDING_FAILURE_KEYS[failure], lang)}
                </Alert>
              ) : null}
              {step === 1 ? <StepCompany form={form} errorText={errorText} /> : null}
              {step === 2 ? <StepAddress form={form} errorText={errorText} /> : null}
              {step === 3 ? <StepDetails form={form} errorText={errorText} /> : null}
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-border px-5 py-4 sm:px-6">
              {step > 1 ? (
                <Button
                  variant="outline"
                  onClick={goPrevious}
                  disabled={busy}
                  data-testid="onboarding-previous"
                >
                  <ArrowLeft aria-hidden="true" className="size-4" />
                  {t('buttons:previous')}
                </Button>
              ) : (
                <span />
              )}
              {step < ONBOARDING_STEP_COUNT ? (
                <Button type="submit" data-testid="onboarding-next">
                  {t('buttons:next')}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Button>
              ) : (
                <Button type="submit" loading={busy} data-testid="onboarding-complete">
                  {busy ? t('onboarding:completing') : t('onboarding:complete')}
                </Button>
              )}
            </div>
          </form>
        </Card>
      </div>
    </FocusedLayout>
  );
}
