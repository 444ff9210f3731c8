import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { useSignOut } from '@web/features/auth/use-sign-out.ts';
import { Button } from '@web/ui/button.tsx';
import { Logo } from '@web/ui/logo.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** A signed-in page without the sidebar (onboarding, choosing an organization). */
export function FocusedLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['navigation', 'common']);
  const handleSignOut = useSignOut();

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="flex items-center justify-between gap-2 border-b border-border bg-surface px-3 py-2.5 sm:px-6">
        <Logo compact />
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageToggle />
          <ThemeToggle />
          <Button variant="ghost" size="sm" className="h-10" onClick={() => void handleSignOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{t('navigation:userMenu.signOut')}</span>
            <span className="sr-only sm:hidden">{t('navigation:userMenu.signOut')}</span>
          </Button>
        </div>
      </header>
      <main className="flex-1 px-4 py-8 sm:px-6 sm:py-12">{children}</main>
    </div>
  );
}
