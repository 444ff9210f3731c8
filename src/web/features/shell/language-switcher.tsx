import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { LANGUAGES } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '@web/ui/menu.tsx';

/** The menu closes this long after a choice, so the user sees it applied (spec §2). */
export const LANGUAGE_MENU_CLOSE_DELAY_MS = 300;

/** Italiano, English, and Arabic shown disabled as coming soon. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('navigation');
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const active = currentLanguage();
  const activeInfo = LANGUAGES.find((l) => l.code === active);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function choose(code: string) {
    if (code !== active) void i18n.changeLanguage(code);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(false), LANGUAGE_MENU_CLOSE_DELAY_MS);
  }

  return (
    <Menu open={open} onOpenChange={setOpen}>
      <MenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="h-10 px-2.5"
          aria-label={t('navigation:language.current', { language: activeInfo?.label ?? active })}
          data-testid="language-switcher"
        >
          <Languages aria-hidden="true" className="size-5" />
          <span aria-hidden="true" className="text-xs font-semibold uppercase">
            {active}
          </span>
        </Button>
      </MenuTrigger>
      <MenuContent className="w-60">
        <MenuLabel>{t('navigation:language.label')}</MenuLabel>
        <MenuRadioGroup value={active} onValueChange={choose}>
          {LANGUAGES.map((l) => (
            <MenuRadioItem
              key={l.code}
              value={l.code}
              disabled={!l.enabled}
              onSelect={(event) => event.preventDefault()}
            >
              <span lang={l.code} dir={l.dir} className="flex-1">
                {l.label}
              </span>
              {!l.enabled ? <Badge lang={i18n.language}>{t('navigation:language.comingSoon')}</Badge> : null}
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
