import { LOADING_TEXT, sanitizeLanguage, DEFAULT_LANGUAGE } from '@shared/i18n/language.ts';

/** Shown while the translation layer starts or a screen's namespace loads: no translated text exists yet. */
export function TranslationLoadingScreen() {
  const lang = sanitizeLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background">
      <div
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary-soft border-t-primary"
      />
      <p role="status" className="text-sm text-muted-foreground">
        {LOADING_TEXT[lang]}
      </p>
    </div>
  );
}
