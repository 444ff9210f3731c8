import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Logo } from '@web/ui/logo.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { useRouteName } from './route-name.ts';

/**
 * An area a later release builds (clients, invoices, email…): a plain statement that it is not available
 * yet, with no sample data.
 */
export function NotAvailablePage() {
  const { t } = useTranslation(['common', 'navigation', 'buttons']);
  const name = useRouteName();
  const title = name ? t(`navigation:routes.${name}`) : t('common:notAvailable.title');
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={<Construction aria-hidden="true" />}
          title={t('common:notAvailable.title')}
          description={t('common:notAvailable.text', { area: title })}
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

/** The same statement for public pages (RSVP, unsubscribe) outside the signed-in shell. */
export function PublicNotAvailablePage() {
  const { t } = useTranslation(['common', 'navigation']);
  const name = useRouteName();
  const title = name ? t(`navigation:routes.${name}`) : t('common:notAvailable.title');
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="px-5 py-4 sm:px-8">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center px-5 pb-16">
        <Card className="w-full max-w-lg">
          <EmptyState
            headingLevel="h1"
            icon={<Construction aria-hidden="true" />}
            title={title}
            description={t('common:notAvailable.publicText')}
          />
        </Card>
      </main>
    </div>
  );
}
