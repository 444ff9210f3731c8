import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldX } from 'lucide-react';
import type { Role } from '@shared/auth/permissions.ts';
import type { RouteName } from '@shared/navigation/routes.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';

/** A route the role may not open: said plainly, never a blank screen. */
export function NoAccessPage({ routeName, role }: { routeName?: RouteName; role: Role | null }) {
  const { t } = useTranslation(['common', 'navigation', 'buttons']);
  const area = routeName ? t(`navigation:routes.${routeName}`) : '';
  useDocumentTitle(t('common:noAccess.title'));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('common:noAccess.title')} />
      <Card>
        <EmptyState
          icon={<ShieldX aria-hidden="true" />}
          title={area}
          description={
            role
              ? t('common:noAccess.text', { area, role: t(`common:roles.${role}`) })
              : t('common:noAccess.textNoRole', { area })
          }
          action={
            <Link to="/dashboard" className={buttonClasses('outline')}>
              {t('buttons:goToDashboard')}
            </Link>
          }
        />
      </Card>
    </div>
  );
}
