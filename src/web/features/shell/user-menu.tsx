import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut, Settings } from 'lucide-react';
import type { Me } from '@web/app/session.ts';
import { useSignOut } from '@web/features/auth/use-sign-out.ts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@web/ui/menu.tsx';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** Name and e-mail, Settings, Sign out (→ /login). */
export function UserMenu({ user }: { user: Me['user'] }) {
  const { t } = useTranslation(['navigation', 'common']);
  const navigate = useNavigate();
  const handleSignOut = useSignOut();

  return (
    <Menu>
      <MenuTrigger
        aria-label={t('navigation:userMenu.label', { name: user.name })}
        data-testid="user-menu"
        className="flex h-10 items-center gap-2 rounded-md px-1.5 text-sm font-medium text-foreground hover:bg-surface-muted sm:pr-2.5"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initials(user.name)}
        </span>
        <span aria-hidden="true" className="hidden max-w-36 truncate md:inline">
          {user.name}
        </span>
      </MenuTrigger>
      <MenuContent className="w-64">
        <MenuLabel className="flex flex-col gap-0.5 py-2.5">
          <span className="truncate text-sm font-semibold text-foreground">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" />
          {t('navigation:routes.settings')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          {t('navigation:userMenu.signOut')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
