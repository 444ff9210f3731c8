import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { LANGUAGES } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { useTheme, type ThemePreference } from '@web/app/theme.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';

const THEMES: { value: ThemePreference; Icon: typeof Sun }[] = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'auto', Icon: Monitor },
];

const OPTION =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-border bg-surface px-4 py-3 text-sm transition-colors ' +
  'hover:bg-surface-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 ' +
  'has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70';

/** Language (Italiano, English; Arabic coming soon) and theme (light, dark, auto). */
export function PreferencesPanel() {
  const { t, i18n } = useTranslation(['settings', 'navigation']);
  const { preference, setPreference } = useTheme();
  const lang = currentLanguage();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader
          title={t('settings:preferences.language.title')}
          description={t('settings:preferences.language.description')}
        />
        <CardContent>
          <fieldset>
            <legend className="sr-only">{t('settings:preferences.language.title')}</legend>
            <div className="grid gap-2">
              {LANGUAGES.map((l) => (
                <label key={l.code} className={OPTION}>
                  <input
                    type="radio"
                    name="language"
                    value={l.code}
                    checked={lang === l.code}
                    disabled={!l.enabled}
                    onChange={() => void i18n.changeLanguage(l.code)}
                    className="size-4 accent-[var(--primary)]"
                  />
                  <span lang={l.code} dir={l.dir} className="flex-1 font-medium text-foreground">
                    {l.label}
                  </span>
                  {!l.enabled ? <Badge>{t('navigation:language.comingSoon')}</Badge> : null}
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title={t('settings:preferences.theme.title')}
          description={t('settings:preferences.theme.description')}
        />
        <CardContent>
          <fieldset>
            <legend className="sr-only">{t('settings:preferences.theme.title')}</legend>
            <div className="grid gap-2">
              {THEMES.map(({ value, Icon }) => (
                <label key={value} className={cn(OPTION)}>
                  <input
                    type="radio"
                    name="theme"
                    value={value}
                    checked={preference === value}
                    onChange={() => setPreference(value)}
                    className="size-4 accent-[var(--primary)]"
                  />
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="flex-1">
                    <span className="block font-medium text-foreground">
                      {t(`settings:preferences.theme.${value}`)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {t(`settings:preferences.theme.${value}Hint`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </CardContent>
      </Card>
    </div>
  );
}
