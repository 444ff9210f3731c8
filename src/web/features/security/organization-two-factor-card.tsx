import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useOrganizationSecuritySummary } from './security-api.ts';

/**
 * Settings → Security, for members with view_security_settings: how many members of the active organization use
 * two-factor authentication.
 */
export function OrganizationTwoFactorCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation(['security', 'buttons', 'common']);
  const summary = useOrganizationSecuritySummary(orgId);

  return (
    <Card data-testid="organization-two-factor">
      <CardHeader
        icon={<Users aria-hidden="true" className="size-5" />}
        title={t('security:organizationSummary.title')}
      />
      <CardContent>
        {summary.isPending ? (
          <Spinner label={t('security:organizationSummary.loading')} />
        ) : summary.isError ? (
          <Alert tone="error" title={t('security:organizationSummary.loadError')}>
            <p>{apiErrorMessage(summary.error, t)}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void summary.refetch()}>
              {t('buttons:retry')}
            </Button>
          </Alert>
        ) : (
          <p className="text-sm text-foreground">
            {t('security:organizationSummary.text', {
              count: summary.data.twoFactorEnabled,
              total: summary.data.members,
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
