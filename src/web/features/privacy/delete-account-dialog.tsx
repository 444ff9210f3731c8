import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { AlertTriangle } from 'lucide-react';
import type { TDeletionPlan } from '@shared/privacy/contracts.ts';
import { isApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { clearSession } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { deletionRequestOf, type DeletionFormErrors, type DraftDecisions } from './deletion-form.ts';
import { OrganizationDecision } from './organization-decision.tsx';
import { cancelledStepUp, useDeleteAccount, useDeletionPlan } from './privacy-api.ts';

const CONSEQUENCES = ['profile', 'organizations', 'audit', 'final'] as const;

/** Moves the focus to the first field with an error after a refused submit. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-invalid="true"] input')?.focus(),
  );
}

/**
 * The danger-zone dialog: the consequences, a decision for every organization the user alone administers
 * (hand it over or delete it), the typed e-mail; then the account goes, the session with it, and the user
 * lands on the sign-in page.
 */
export function DeleteAccountDialog() {
  const { t } = useTranslation(['privacy', 'common']);
  const plan = useDeletionPlan(true);
  return (
    <DialogContent
      title={t('privacy:delete.title')}
      description={t('privacy:delete.description')}
      closeLabel={t('privacy:delete.close')}
      className="max-w-xl"
    >
      {plan.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('privacy:delete.loading')} />
        </div>
      ) : plan.isError ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error" title={t('privacy:delete.loadError')}>
            {apiErrorMessage(plan.error, t)}
          </Alert>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('privacy:delete.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void plan.refetch()} loading={plan.isFetching}>
              {t('privacy:delete.retry')}
            </Button>
          </div>
        </div>
      ) : (
        <DeleteAccountForm plan={plan.data} onPlanStale={() => void plan.refetch()} />
      )}
    </DialogContent>
  );
}

function DeleteAccountForm({ plan, onPlanStale }: { plan: TDeletionPlan; onPlanStale: () => void }) {
  const { t } = useTranslation(['privacy', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState<DraftDecisions>({});
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<DeletionFormErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const checked = deletionRequestOf(plan, drafts, confirmation);
    setErrors(checked.errors);
    setFailure(null);
    if (!checked.request) return focusFirstInvalid(formRef.current);
    remove.mutate(checked.request, {
      onSuccess: () => {
        clearSession(queryClient);
        toast.success(t('privacy:delete.done'), { duration: 8000 });
        navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (cancelledStepUp(error)) return;
        if (isApiError(error) && error.code === 'ORGANIZATION_DECISION_REQUIRED') onPlanStale();
        setFailure(apiErrorMessage(error, t));
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <section
        aria-labelledby="delete-consequences"
        className="rounded-md border border-danger/30 bg-danger-soft p-4"
      >
        <h3
          id="delete-consequences"
          className="flex items-center gap-2 text-sm font-semibold text-danger-soft-foreground"
        >
          <AlertTriangle aria-hidden="true" className="size-4" />
          {t('privacy:delete.consequencesTitle')}
        </h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-danger-soft-foreground">
          {CONSEQUENCES.map((key) => (
            <li key={key}>{t(`privacy:delete.consequences.${key}`)}</li>
          ))}
        </ul>
      </section>

      {plan.needsDecision.length > 0 ? (
        <section aria-labelledby="delete-decisions" className="flex flex-col gap-3">
          <div>
            <h3 id="delete-decisions" className="text-sm font-semibold text-foreground">
              {t('privacy:delete.decisionsTitle')}
            </h3>
            <p className="mt-0.5 text-sm text-muted-foreground">{t('privacy:delete.decisionsHint')}</p>
          </div>
          {plan.needsDecision.map((org) => (
            <OrganizationDecision
              key={org.id}
              organization={org}
              value={drafts[org.id] ?? null}
              error={errors?.organizations[org.id] ? t(`privacy:${errors.organizations[org.id]}`) : undefined}
              onChange={(next) => setDrafts((current) => ({ ...current, [org.id]: next }))}
            />
          ))}
        </section>
      ) : null}

      {plan.leaves.length > 0 ? (
        <section aria-labelledby="delete-leaves">
          <h3 id="delete-leaves" className="text-sm font-semibold text-foreground">
            {t('privacy:delete.leavesTitle')}
          </h3>
          <ul className="mt-1.5 flex flex-col gap-1 text-sm text-foreground">
            {plan.leaves.map((org) => (
              <li key={org.id} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{org.name}</span>
                <span className="text-muted-foreground">{t(`common:roles.${org.role}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Field
        label={t('privacy:delete.confirmLabel')}
        hint={t('privacy:delete.confirmHint', { email: plan.confirmationText })}
        error={errors?.confirmation ? t(`privacy:${errors.confirmation}`) : undefined}
        required
      >
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        )}
      </Field>

      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={remove.isPending}>
            {t('privacy:delete.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" loading={remove.isPending}>
          {t('privacy:delete.submit')}
        </Button>
      </div>
    </form>
  );
}
