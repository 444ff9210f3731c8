import type { TFunction } from 'i18next';
import type { TAccountSession } from '@shared/security/account-contracts.ts';
import { relativeTime } from '@shared/notifications/rules.ts';

/** "Chrome 126 su Windows", "Safari su iOS", "Browser sconosciuto". */
export function sessionName(session: TAccountSession, t: TFunction): string {
  const browser = session.browser
    ? [session.browser, session.browserVersion].filter(Boolean).join(' ')
    : t('security:sessions.unknownBrowser');
  return session.os ? t('security:sessions.browserOn', { browser, os: session.os }) : browser;
}

/** "adesso", "5 minuti fa", "2 ore fa", "3 giorni fa" in the interface language (Intl). */
export function lastActiveText(timestamp: string, now: number, locale: string, t: TFunction): string {
  const r = relativeTime(timestamp, now);
  if (r.unit === 'just_now') return t('security:sessions.justNow');
  const unit = r.unit === 'minutes' ? 'minute' : r.unit === 'hours' ? 'hour' : 'day';
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-r.value, unit);
}
