import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { Role } from '@shared/auth/permissions.ts';
import { TEAM_INVITATION_TTL_HOURS, ZInviteMemberInput } from '@shared/organizations/team-contracts.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { useInviteMember } from './team-api.ts';
import { teamMessageKey } from './team-rules.ts';
import { useTeamAccess } from './team-ui.tsx';
import { useMailWrittenToast, useOrganizationMailMode } from '@web/features/mail/mail-delivery.tsx';

/** The invite form: an address and a role among those this member may give, validated like the server. */
export function InviteMemberDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['team', 'common', 'buttons']);
  const access = useTeamAccess();
  const invite = useInviteMember(access.orgId);
  const mailMode = useOrganizationMailMode();
  const mailToast = useMailWrittenToast();
  const roles = access.assignable(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles.includes('user') ? 'user' : (roles.at(-1) ?? 'viewer'));
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZInviteMemberInput.safeParse({ email, role });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'email');
      setEmailError(issue ? t(teamMessageKey(issue.message)) : undefined);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setEmailError(undefined);
    invite.mutate(
      { email: parsed.data.email, role },
      {
        onSuccess: (result) => {
          const address = result.invitation.email;
          mailToast(
            address,
            result.resent
              ? t('team:invite.resent', { email: address })
              : t('team:invite.sent', { email: address }),
          );
          onDone();
        },
        onError: (error) => {
          // A member's address is the address field's problem; the rest goes above the form.
          if (error instanceof ApiError && error.code === 'MEMBER_ALREADY_EXISTS') {
            setEmailError(apiErrorMessage(error, t));
            requestAnimationFrame(() =>
              formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
            );
          } else if (!(error instanceof ApiError && error.code === 'STEP_UP_REQUIRED')) {
            setFailure(apiErrorMessage(error, t));
          }
        },
      },
    );
  };

  return (
    <DialogContent
      title={t('team:invite.title')}
      description={t('team:invite.description', {
        hours: TEAM_INVITATION_TTL_HOURS,
        organization: access.organizationName,
      })}
      closeLabel={t('buttons:close')}
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label={t('team:invite.email')} hint={t('team:invite.emailHint')} error={emailError} required>
          {(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              autoComplete="off"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('team:invite.role')} hint={t(`team:roleDescriptions.${role}`)} required>
          {(props) => (
            <Select {...props} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`common:roles.${r}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {mailMode === 'outbox' ? (
          <p className="text-xs text-muted-foreground">{t('team:invite.outbox')}</p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t('buttons:cancel')}</Button>
          </DialogClose>
          <Button type="submit" loading={invite.isPending}>
            {invite.isPending ? null : <Send aria-hidden="true" className="size-4" />}
            {t('team:invite.submit')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
