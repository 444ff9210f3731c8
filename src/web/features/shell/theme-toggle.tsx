import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@web/app/theme.tsx';
import { Button } from '@web/ui/button.tsx';

/** Light/dark toggle (a pressed "Dark theme" button). Auto is chosen in Settings → Preferences. */
export function ThemeToggle() {
  const { t } = useTranslation('navigation');
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-pressed={dark}
      aria-label={t('navigation:theme.dark')}
      title={dark ? t('navigation:theme.switchToLight') : t('navigation:theme.switchToDark')}
      data-testid="theme-toggle"
    >
      {dark ? <Moon aria-hidden="true" className="size-5" /> : <Sun aria-hidden="true" className="size-5" />}
    </Button>
  );
}
