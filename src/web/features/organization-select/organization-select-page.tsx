import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Building2, ChevronRight } from 'lucide-react';
import { safeReturnPath } from '@shared/navigation/routes.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Card } from '@web/ui/card.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { FocusedLayout } from '@web/features/shell/focused-layout.tsx';
import { useSwitchOrganization } from '@web/features/shell/organization-switcher.tsx';

/**
 * Organization context (spec §6): several organizations and none active → the user chooses one here;
 * none at all → /onboarding creates one.
 */
export function OrganizationSelectPage() {
  const { t } = useTranslation(['organization', 'common']);
  useDocumentTitle(t('organization:select.title'));
  const me = useSignedInMe();
  const location = useLocation();
  const navigate = useNavigate();
  const switchOrg = useSwitchOrganization();
  const returnPath = safeReturnPath((location.state as { from?: unknown } | null)?.from);

  if (me.organizations.length === 0) return <Navigate to="/onboarding" replace />;

  function choose(id: string) {
    switchOrg.mutate(id, { onSuccess: () => navigate(returnPath, { replace: true }) });
  }

  return (
    <FocusedLayout>
      <div className="mx-auto w-full max-w-lg">
        <div className="mb-6 text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            {t('organization:select.title')}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">{t('organization:select.description')}</p>
        </div>
        {switchOrg.isError ? (
          <Alert tone="error" className="mb-4">
            {apiErrorMessage(switchOrg.error, t)}
          </Alert>
        ) : null}
        <Card>
          <ul className="divide-y divide-border">
            {me.organizations.map((org) => (
              <li key={org.id}>
                <button
                  type="button"
                  onClick={() => choose(org.id)}
                  disabled={switchOrg.isPending}
                  className="flex w-full items-center gap-4 px-5 py-4 text-left transition-colors hover:bg-surface-muted disabled:opacity-60"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground">
                    <Building2 aria-hidden="true" className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-foreground">{org.name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t(`common:roles.${org.role}`)}
                    </span>
                  </span>
                  {switchOrg.isPending && switchOrg.variables === org.id ? (
                    <Spinner label={t('common:loading')} />
                  ) : (
                    <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </FocusedLayout>
  );
}
