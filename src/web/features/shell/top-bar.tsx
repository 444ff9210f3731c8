import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu as MenuIcon } from 'lucide-react';
import type { Me } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Logo } from '@web/ui/logo.tsx';
import { NotificationBell } from '@web/features/notifications/notification-bell.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Logo to /dashboard, organization switcher (several organizations), language, theme, bell, user menu. Memoised:
 * nothing in it follows the address.
 */
export const TopBar = memo(function TopBar({
  me,
  drawerOpen,
  onOpenDrawer,
}: {
  me: Me;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}) {
  const { t } = useTranslation('navigation');
  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-topbar print:hidden items-center gap-1 border-b border-border bg-surface px-2 sm:gap-2 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        onClick={onOpenDrawer}
        aria-label={t('navigation:sidebar.open')}
        aria-expanded={drawerOpen}
        aria-haspopup="dialog"
        data-testid="mobile-menu"
      >
        <MenuIcon aria-hidden="true" className="size-5" />
      </Button>
      <Link to="/dashboard" className="rounded-md px-1" aria-label={t('navigation:logoLink')}>
        <Logo compact />
      </Link>
      <div className="flex-1" />
      {me.organizations.length > 1 ? <OrganizationSwitcher me={me} /> : null}
      <LanguageSwitcher />
      <ThemeToggle />
      <NotificationBell />
      <UserMenu user={me.user} />
    </header>
  );
});
