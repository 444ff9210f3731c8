import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/i18n/language.ts';
import { cn } from '@web/ui/cn.ts';
import { currentLanguage } from '@web/app/i18n.ts';

/** The compact language choice of the sign-in pages: Italiano / English as pressed buttons. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('navigation');
  const active = currentLanguage();
  return (
    <div
      role="group"
      aria-label={t('navigation:language.label')}
      className={cn('inline-flex rounded-md border border-border bg-surface p-0.5', className)}
    >
      {LANGUAGES.filter((l) => l.enabled).map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          aria-pressed={active === l.code}
          onClick={() => void i18n.changeLanguage(l.code)}
          className={cn(
            'rounded px-2.5 py-1 text-xs font-semibold uppercase transition-colors',
            active === l.code
              ? 'bg-primary text-primary-foreground'
              : 'text-muted-foreground hover:bg-surface-muted hover:text-foreground',
          )}
        >
          <span aria-hidden="true">{l.code}</span>
          <span className="sr-only">{l.label}</span>
        </button>
      ))}
    </div>
  );
}
