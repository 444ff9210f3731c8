import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Building2, CheckCircle2, LogIn, MailX, UserPlus } from 'lucide-react';
import type { TPublicTeamInvitation } from '@shared/organizations/team-contracts.ts';
import { formatDateTime } from '@shared/format/format.ts';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { meQueryKey, refreshSession, useMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { AuthLayout } from '@web/features/auth/auth-layout.tsx';
import { signOut } from '@web/features/auth/auth-api.ts';
import { acceptTeamInvitation, usePublicTeamInvitation } from './team-api.ts';
import { InviteSignUpForm } from './invite-sign-up-form.tsx';
import { RoleBadge, useLocale } from './team-ui.tsx';

/**
 * /invite/:token, the link of an invitation e-mail (public: it works signed out). It shows the organization and
 * the role; signed out, the invitee creates an account with the invited address right here, or signs in on
 * /login and comes back; signed in with another address, it says so and offers to sign out. Accepting opens the
 * organization's dashboard.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['team', 'buttons', 'common']);
  useDocumentTitle(t('team:invitePage.documentTitle'));
  const invitation = usePublicTeamInvitation(token);

  if (invitation.isPending) {
    return (
      <AuthLayout marketing={false}>
        <div className="flex justify-center py-16">
          <Spinner label={t('team:invitePage.loading')} className="[&_svg]:size-8" />
        </div>
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    const invalid = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <AuthLayout marketing={false}>
        <EmptyState
          headingLevel="h1"
          icon={<MailX aria-hidden="true" />}
          title={invalid ? t('team:invitePage.invalidTitle') : t('team:invitePage.loadFailed')}
          description={invalid ? t('team:invitePage.invalidText') : t('team:invitePage.loadFailedText')}
          action={
            invalid ? (
              <Link to="/login" className={buttonClasses('outline')}>
                {t('team:invitePage.goToLogin')}
              </Link>
            ) : (
              <Button variant="outline" onClick={() => void invitation.refetch()}>
                {t('team:invitePage.retry')}
              </Button>
            )
          }
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout marketing={false}>
      <InvitationView token={token} invitation={invitation.data} />
    </AuthLayout>
  );
}

function InvitationView({ token, invitation }: { token: string; invitation: TPublicTeamInvitation }) {
  const { t } = useTranslation(['team', 'common']);
  const locale = useLocale();
  const me = useMe();
  const organization = invitation.organizationName;

  if (invitation.status !== 'pending') {
    const texts = {
      expired: [
        t('team:invitePage.expiredTitle'),
        t('team:invitePage.expiredText', { date: formatDateTime(invitation.expiresAt, locale) }),
      ],
      canceled: [t('team:invitePage.canceledTitle'), t('team:invitePage.canceledText')],
      accepted: [t('team:invitePage.acceptedTitle'), t('team:invitePage.acceptedText', { organization })],
    } as const;
    const [title, text] = texts[invitation.status];
    return (
      <EmptyState
        headingLevel="h1"
        icon={<MailX aria-hidden="true" />}
        title={title}
        description={text}
        action={
          <Link to={me.data ? '/dashboard' : '/login'} className={buttonClasses('outline')}>
            {me.data ? t('team:invitePage.goToDashboard') : t('team:invitePage.goToLogin')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Building2 aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">
          {t('team:invitePage.title', { organization })}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {invitation.inviterName
            ? t('team:invitePage.intro', { inviter: invitation.inviterName, organization })
            : t('team:invitePage.introNoInviter', { organization })}
        </p>
      </div>
      <dl
        aria-label={t('team:invitePage.details')}
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-border bg-surface p-4 text-sm"
      >
        <dt className="text-muted-foreground">{t('team:invitePage.sentTo')}</dt>
        <dd className="font-medium break-all text-foreground">{invitation.email}</dd>
        <dt className="text-muted-foreground">{t('team:invitePage.role')}</dt>
        <dd className="flex flex-col items-start gap-1">
          <RoleBadge role={invitation.role} />
          <span className="text-xs text-muted-foreground">
            {t(`team:roleDescriptions.${invitation.role}`)}
          </span>
        </dd>
        <dt className="text-muted-foreground">{t('team:invitePage.validUntil')}</dt>
        <dd className="text-foreground">
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt, locale)}</time>
        </dd>
      </dl>
      {me.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t('common:loadingSession')} />
        </div>
      ) : me.data ? (
        <SignedInAnswer token={token} invitation={invitation} currentEmail={me.data.user.email} />
      ) : (
        <SignedOutAnswer token={token} invitation={invitation} />
      )}
    </div>
  );
}

/** After accepting: the session knows the organization, nothing of another one stays cached, the dashboard opens. */
function useAccept(token: string, organization: string) {
  const { t } = useTranslation(['team']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await acceptTeamInvitation(token);
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'public-config',
    });
    await refreshSession(queryClient);
    toast.success(t('team:invitePage.welcome', { organization }));
    navigate('/dashboard', { replace: true });
  };
}

function SignedInAnswer({
  token,
  invitation,
  currentEmail,
}: {
  token: string;
  invitation: TPublicTeamInvitation;
  currentEmail: string;
}) {
  const { t } = useTranslation(['team', 'common']);
  const queryClient = useQueryClient();
  const accept = useAccept(token, invitation.organizationName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (currentEmail.toLowerCase() !== invitation.email.toLowerCase()) {
    const leave = async () => {
      setBusy(true);
      try {
        await signOut();
        // As clearSession does, but keeping this page's own queries alive (clear() would detach them).
        queryClient.removeQueries({
          predicate: (q) =>
            ![meQueryKey[0], 'team-invitation', 'public-config'].includes(String(q.queryKey[0])),
        });
        queryClient.setQueryData(meQueryKey, null);
      } catch (error) {
        setFailure(apiErrorMessage(error, t));
      } finally {
        setBusy(false);
      }
    };
    return (
      <Answer failure={failure}>
        <Alert tone="warning" title={t('team:invitePage.mismatchTitle')}>
          {t('team:invitePage.mismatchText', { email: invitation.email, current: currentEmail })}
        </Alert>
        <Button variant="outline" size="lg" className="w-full" loading={busy} onClick={() => void leave()}>
          {t('team:invitePage.signOut')}
        </Button>
      </Answer>
    );
  }

  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await accept();
    } catch (error) {
      setFailure(apiErrorMessage(error, t));
      setBusy(false);
    }
  };
  return (
    <Answer failure={failure}>
      <p className="text-sm text-muted-foreground">
        {t('team:invitePage.signedInAs', { email: currentEmail })}
      </p>
      <Button size="lg" className="w-full" loading={busy} onClick={() => void run()}>
        {busy ? null : <CheckCircle2 aria-hidden="true" className="size-4" />}
        {busy ? t('team:invitePage.accepting') : t('team:invitePage.accept')}
      </Button>
    </Answer>
  );
}

function SignedOutAnswer({ token, invitation }: { token: string; invitation: TPublicTeamInvitation }) {
  const { t } = useTranslation(['team']);
  const accept = useAccept(token, invitation.organizationName);
  const [creating, setCreating] = useState(!invitation.hasAccount);
  const back = { from: `/invite/${token}` };
  const signInLink = (primary: boolean) => (
    <Link
      to="/login"
      state={back}
      className={buttonClasses(primary ? 'primary' : 'link', primary ? 'lg' : 'md', primary ? 'w-full' : '')}
    >
      {primary ? <LogIn aria-hidden="true" className="size-4" /> : null}
      {primary ? t('team:invitePage.signIn') : t('team:invitePage.signInInstead')}
    </Link>
  );

  if (!creating) {
    return (
      <Answer>
        <p className="text-sm text-muted-foreground">
          {t('team:invitePage.hasAccount', { email: invitation.email })}
        </p>
        {signInLink(true)}
        <Button variant="link" className="self-center" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('team:invitePage.createInstead')}
        </Button>
      </Answer>
    );
  }
  return (
    <Answer>
      <p className="text-sm text-muted-foreground">
        {t('team:invitePage.noAccount', { email: invitation.email })}
      </p>
      <InviteSignUpForm email={invitation.email} onSignedUp={accept} />
      <p className="text-center text-sm">{signInLink(false)}</p>
    </Answer>
  );
}

function Answer({ failure, children }: { failure?: string | null; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {children}
    </section>
  );
}
