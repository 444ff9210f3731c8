import type { TFunction } from 'i18next';
import { relativeTime } from '@shared/notifications/rules.ts';

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago" in the interface language. */
export function formatRelativeTime(timestamp: string, now: number, t: TFunction): string {
  const r = relativeTime(timestamp, now);
  if (r.unit === 'just_now') return t('notifications:time.justNow');
  return t(`notifications:time.${r.unit}`, { count: r.value });
}
