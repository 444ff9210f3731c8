import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  languageDir,
  pickLanguage,
  sanitizeLanguage,
  SUPPORTED_LANGUAGES,
} from '@shared/i18n/language.ts';
import { DEFAULT_NAMESPACES } from './screen-namespaces.ts';

/**
 * i18next with the files at /locales/{lng}/{ns}.json (one namespace per feature, loaded when a screen
 * needs it), detection from local storage (`gestionale.language`) then the browser, and codes that do not
 * look like a language discarded. Changing the language sets <html lang dir> and stores the choice.
 */

function applyToDocument(lng: string) {
  const code = sanitizeLanguage(lng) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = code;
  document.documentElement.dir = languageDir(code);
}

i18n.on('languageChanged', applyToDocument);

/**
 * The stored choice, then the browser's languages, each through the sanitizer (pickLanguage). Ten lines of ours
 * instead of i18next-browser-languagedetector keep the sign-in page's first load under its budget.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      // Storage can be off (private modes, policies): the browser's languages decide then.
    }
    return pickLanguage([stored, ...navigator.languages]);
  },
  cacheUserLanguage: (lng) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Not stored: the choice lasts until the page is reloaded.
    }
  },
};

/**
 * Reads /locales/{lng}/{ns}.json. A network failure or a 5xx answers `true` as data, which tells i18next to try
 * again (up to 5 times, from 350 ms doubling); a 4xx does not. Our own fifteen lines instead of
 * i18next-http-backend, for the same reason as the detector.
 */
const localesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const url = `/locales/${language}/${namespace}.json`;
    (takeEarlyLocale(url) ?? fetch(url))
      .then(async (res) => {
        if (!res.ok)
          return callback(new Error(`${res.status} loading ${language}/${namespace}`), res.status >= 500);
        callback(null, (await res.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error as Error, true));
  },
};

/**
 * A translation file index.html asked for while the code loaded, taken once (a later read, a retry, asks again).
 * Translation files are the same for every visitor, so unlike the API's early answers they never go stale.
 */
function takeEarlyLocale(url: string): Promise<Response> | undefined {
  const early = (globalThis as { __earlyLocales?: Record<string, Promise<Response>> }).__earlyLocales;
  const response = early?.[url];
  if (early) delete early[url];
  return response;
}

export const i18nReady = i18n
  .use(localesBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // No fallback language: both catalogues have the same keys (src/web/app/locales.test.ts), and a fallback
    // would make an English page download every Italian file as well.
    fallbackLng: false,
    load: 'languageOnly',
    ns: DEFAULT_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnEmptyString: false,
  })
  .then(() => applyToDocument(i18n.resolvedLanguage ?? i18n.language));

/** The interface language, it or en. */
export function currentLanguage(): 'it' | 'en' {
  return sanitizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

export default i18n;
