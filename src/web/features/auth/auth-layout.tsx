import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@web/ui/logo.tsx';
import { LanguageToggle } from '@web/features/shell/language-toggle.tsx';
import { ThemeToggle } from '@web/features/shell/theme-toggle.tsx';
import { MarketingPanel } from './marketing-panel.tsx';
import { usePublicConfig } from './auth-api.ts';

/** Split page of /login and /register: the form beside the marketing panel (stacked on phones). */
export function AuthLayout({ children, marketing = true }: { children: ReactNode; marketing?: boolean }) {
  const config = usePublicConfig();
  return (
    <div className={marketing ? 'grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]' : 'min-h-dvh'}>
      <div className="flex min-h-dvh flex-col bg-background">
        <header className="flex items-center justify-between gap-3 px-5 py-4 sm:px-8">
          <Link to="/login" className="rounded-md">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </header>
        <main className="flex flex-1 items-center justify-center px-5 pt-4 pb-12 sm:px-8">
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
      {marketing ? <MarketingPanel showClaims={config.data?.marketingClaims ?? false} /> : null}
    </div>
  );
}

/** The line under the sign-in or sign-up form that leads to the other one, keeping where the user was going. */
export function AuthSwitchLink({ question, to, label }: { question: string; to: string; label: string }) {
  const location = useLocation();
  return (
    <p className="mt-8 text-center text-sm text-muted-foreground">
      {question}{' '}
      <Link to={to} state={location.state} className="font-medium text-primary hover:underline">
        {label}
      </Link>
    </p>
  );
}
