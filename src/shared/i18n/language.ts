/**
 * Interface languages (core-app spec §2, §4): Italian and English complete, Arabic listed as coming soon.
 * Detected codes pass a sanitizer first, so nothing that looks like markup or script reaches the page.
 */
export interface LanguageInfo {
  code: string;
  /** The name in the language itself. */
  label: string;
  /** Locale for Intl formatting. */
  locale: string;
  dir: 'ltr' | 'rtl';
  enabled: boolean;
}

export const LANGUAGES = [
  { code: 'it', label: 'Italiano', locale: 'it-IT', dir: 'ltr', enabled: true },
  { code: 'en', label: 'English', locale: 'en-US', dir: 'ltr', enabled: true },
  { code: 'ar', label: 'العربية', locale: 'ar', dir: 'rtl', enabled: false },
] as const satisfies readonly LanguageInfo[];

export type KnownLanguage = (typeof LANGUAGES)[number]['code'];
export type SupportedLanguage = 'it' | 'en';

export const SUPPORTED_LANGUAGES: readonly SupportedLanguage[] = ['it', 'en'];
/** Italian businesses are the audience: Italian when nothing usable is detected. */
export const DEFAULT_LANGUAGE: SupportedLanguage = 'it';
/** Product-specific local storage key for the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'gestionale.language';

const CODE_SHAPE = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/**
 * A usable language from a detected or stored code, or null. Accepts `it`, `en-US`, `it-IT`; discards
 * unknown languages, disabled ones and anything that is not a plain language tag (e.g. `<script>`,
 * `en" onload="x`, `javascript:alert(1)`).
 */
export function sanitizeLanguage(code: unknown): SupportedLanguage | null {
  if (typeof code !== 'string' || code.length > 12) return null;
  const trimmed = code.trim().replace('_', '-');
  if (!CODE_SHAPE.test(trimmed)) return null;
  const base = trimmed.split('-')[0]!;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as SupportedLanguage) : null;
}

/** The first usable code of a list (local storage first, then the browser's), else the default. */
export function pickLanguage(candidates: readonly unknown[]): SupportedLanguage {
  for (const c of candidates) {
    const lang = sanitizeLanguage(c);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

export function languageInfo(code: string): LanguageInfo | undefined {
  return (LANGUAGES as readonly LanguageInfo[]).find((l) => l.code === code.split('-')[0]);
}

export function languageDir(code: string): 'ltr' | 'rtl' {
  return languageInfo(code)?.dir ?? 'ltr';
}

/** Intl locale for a language: it → it-IT, en → en-US. */
export function localeOf(code: string): string {
  return languageInfo(code)?.locale ?? 'it-IT';
}

/** The only text shown before translations load. */
export const LOADING_TEXT: Record<SupportedLanguage, string> = {
  it: 'Caricamento delle traduzioni…',
  en: 'Loading translations…',
};
