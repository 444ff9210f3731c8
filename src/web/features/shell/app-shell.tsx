import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { accessDecision, routeByName } from '@shared/navigation/routes.ts';
import { RouteErrorBoundary } from '@web/app/error-screens.tsx';
import { useSignedInMe } from '@web/app/session.ts';
import { cn } from '@web/ui/cn.ts';
import { DrawerContent } from '@web/ui/dialog.tsx';
import { Logo } from '@web/ui/logo.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { NotificationsProvider } from '@web/features/notifications/notifications-provider.tsx';
import { NoAccessPage } from '@web/features/placeholder/no-access-page.tsx';
import { SystemModeBanner } from '@web/features/system-status/system-mode-banner.tsx';
import { useRouteName } from '@web/features/placeholder/route-name.ts';
import { VoiceButton } from '@web/features/voice/voice-button.tsx';
import { SidebarNav } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

export const SIDEBAR_STORAGE_KEY = 'gestionale.sidebar-collapsed';

function useRememberedCollapse(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(SIDEBAR_STORAGE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = useCallback(
    () =>
      setCollapsed((value) => {
        const next = !value;
        try {
          localStorage.setItem(SIDEBAR_STORAGE_KEY, next ? '1' : '0');
        } catch {
          // The choice lasts for this page only.
        }
        return next;
      }),
    [],
  );
  return [collapsed, toggle];
}

function ContentLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner label={t('common:loading')} />
    </div>
  );
}

/**
 * The signed-in shell: top bar, sidebar (collapsible and remembered on wide screens, a drawer on phones),
 * the page, the voice button and the live notifications. It also applies the route table's access rules.
 */
export function AppShell() {
  const { t } = useTranslation(['navigation', 'common']);
  const me = useSignedInMe();
  const location = useLocation();
  const routeName = useRouteName();
  const [collapsed, toggleCollapsed] = useRememberedCollapse();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  // Stable props: the top bar and the sidebar are memoised, so a change of the address (a search in a list, a
  // filter) does not draw them again.
  const hasOrganization = !!me.activeOrganizationId;
  const access = useMemo(() => ({ role: me.role, hasOrganization }), [me.role, hasOrganization]);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const decision = routeName ? accessDecision(routeByName(routeName), access) : 'allowed';
  if (decision === 'needs_organization') {
    if (me.organizations.length === 0) return <Navigate to="/onboarding" replace />;
    return (
      <Navigate
        to="/select-organization"
        replace
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }

  return (
    <NotificationsProvider organizationId={me.activeOrganizationId}>
      <div className="min-h-dvh">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('navigation:skipToContent')}
        </a>
        <TopBar me={me} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />
        <nav
          aria-label={t('navigation:sidebar.label')}
          data-testid="sidebar"
          data-collapsed={collapsed}
          className={cn(
            'fixed top-topbar bottom-0 left-0 z-20 hidden flex-col border-r border-border bg-surface transition-[width] duration-200 lg:flex print:hidden',
            collapsed ? 'w-sidebar-collapsed' : 'w-sidebar',
          )}
        >
          <SidebarNav access={access} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </nav>
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DrawerContent title={t('navigation:sidebar.label')} closeLabel={t('navigation:sidebar.close')}>
            <div className="flex h-topbar items-center border-b border-border px-4">
              <Logo />
            </div>
            <nav
              aria-label={t('navigation:sidebar.label')}
              data-testid="mobile-drawer"
              className="flex min-h-0 flex-1 flex-col"
            >
              <SidebarNav access={access} collapsed={false} onNavigate={closeDrawer} />
            </nav>
          </DrawerContent>
        </Dialog.Root>
        <main
          id="main-content"
          tabIndex={-1}
          className={cn(
            'pt-topbar transition-[padding] duration-200 focus:outline-none print:p-0',
            collapsed ? 'lg:pl-sidebar-collapsed' : 'lg:pl-sidebar',
          )}
        >
          <div data-page-content className="mx-auto max-w-7xl px-4 pt-6 pb-28 sm:px-6 lg:px-8 lg:pt-8">
            {/* Spec §8's mode messages (issue 18): emergency, offline, provider issues. */}
            <SystemModeBanner organizationId={me.activeOrganizationId} />
            <RouteErrorBoundary resetKey={location.pathname} fullPage={false}>
              <Suspense fallback={<ContentLoading />}>
                {decision === 'forbidden' ? (
                  <NoAccessPage routeName={routeName} role={me.role} />
                ) : (
                  <Outlet />
                )}
              </Suspense>
            </RouteErrorBoundary>
          </div>
        </main>
        <VoiceButton />
      </div>
    </NotificationsProvider>
  );
}
