import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { DEFAULT_PATH, ROUTES, type RouteName } from '@shared/navigation/routes.ts';
import { preloadedLazy } from '@web/ui/preloaded-lazy.tsx';
import { RouteErrorBoundary } from './error-screens.tsx';
import { loadedPage, loadPage, PAGE_LOADERS } from './page-loaders.ts';
import { RequireAuth } from './require-auth.tsx';
import { TranslationLoadingScreen } from './translation-loading.tsx';

/**
 * The routes, built from the shared route table. Every screen is a lazy chunk, so /login loads only
 * what it needs; the signed-in shell and its pages come after sign-in.
 */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const LoginPage = named(() => import('@web/features/auth/login-page.tsx'), 'LoginPage');
const RegisterPage = named(() => import('@web/features/auth/register-page.tsx'), 'RegisterPage');
const ResetPasswordPage = named(
  () => import('@web/features/auth/reset-password-page.tsx'),
  'ResetPasswordPage',
);
const OnboardingPage = named(() => import('@web/features/onboarding/onboarding-page.tsx'), 'OnboardingPage');
const OrganizationSelectPage = named(
  () => import('@web/features/organization-select/organization-select-page.tsx'),
  'OrganizationSelectPage',
);
const AppShell = named(() => import('@web/features/shell/app-shell.tsx'), 'AppShell');
const PublicNotAvailablePage = named(
  () => import('@web/features/placeholder/not-available-page.tsx'),
  'PublicNotAvailablePage',
);
const NotAvailablePage = named(
  () => import('@web/features/placeholder/not-available-page.tsx'),
  'NotAvailablePage',
);

/** The screens of PAGE_LOADERS; one whose code was fetched ahead renders at once (ui/preloaded-lazy.tsx). */
const PAGES: Partial<Record<RouteName, ComponentType>> = Object.fromEntries(
  Object.keys(PAGE_LOADERS).map((name) => [
    name,
    preloadedLazy(
      async () => (await loadPage(name as RouteName))!,
      () => loadedPage(name as RouteName),
      name,
    ),
  ]),
);

/** Public pages this release builds (no session); the other public routes show the "not available" state. */
const PUBLIC_PAGES: Partial<Record<RouteName, ComponentType>> = {
  publicQuote: named(() => import('@web/features/public-quote/public-quote-page.tsx'), 'PublicQuotePage'),
  rsvp: named(() => import('@web/features/rsvp/rsvp-page.tsx'), 'RsvpPage'),
  invite: named(() => import('@web/features/team/invite-page.tsx'), 'InvitePage'),
};

const OUTSIDE_SHELL = new Set<RouteName>([
  'login',
  'register',
  'resetPassword',
  'onboarding',
  'selectOrganization',
]);

const shellRoutes = ROUTES.filter((r) => !('public' in r) && !OUTSIDE_SHELL.has(r.name));
const publicRoutes = ROUTES.filter((r) => 'public' in r && !OUTSIDE_SHELL.has(r.name));

function publicPage(name: RouteName) {
  const Page = PUBLIC_PAGES[name] ?? PublicNotAvailablePage;
  return <Page />;
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <ScrollToTop />
      <Suspense fallback={<TranslationLoadingScreen />}>
        <Routes>
          <Route index element={<Navigate to={DEFAULT_PATH} replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {publicRoutes.map((r) => (
            <Route key={r.name} path={r.path} element={publicPage(r.name)} />
          ))}
          <Route element={<RequireAuth />}>
            <Route path="/onboarding" element={<OnboardingPage />} />
            <Route path="/select-organization" element={<OrganizationSelectPage />} />
            <Route element={<AppShell />}>
              {shellRoutes.map((r) => {
                const Page = PAGES[r.name] ?? NotAvailablePage;
                return <Route key={r.name} path={r.path} element={<Page />} />;
              })}
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={DEFAULT_PATH} replace />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
