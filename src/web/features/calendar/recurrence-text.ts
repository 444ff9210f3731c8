import type { TFunction } from 'i18next';
import { WEEKDAYS, type TRecurrence } from '@shared/calendar/contracts.ts';
import { weekdayIndex } from '@shared/dates/dates.ts';
import { formatDay, weekdayNames } from './calendar-dates.ts';

/**
 * A repetition in words: "Every 2 weeks on Monday and Thursday, 6 times", "Every month on day 15, until 31 Dec
 * 2026". `t` may be bound to another language than the interface's (the RSVP page).
 */
export function recurrenceText(rec: TRecurrence, startDate: string, locale: string, t: TFunction): string {
  const parts: string[] = [t(`calendar:recurrence.${rec.frequency}`, { count: rec.interval })];
  if (rec.frequency === 'weekly') {
    const names = weekdayNames(locale, 'long');
    const days = new Set(rec.byWeekday ?? []);
    days.add(WEEKDAYS[weekdayIndex(startDate)]!);
    const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      WEEKDAYS.filter((d) => days.has(d)).map((d) => names[WEEKDAYS.indexOf(d)]!),
    );
    parts[0] = `${parts[0]} ${t('calendar:recurrence.onDays', { days: list })}`;
  } else if (rec.frequency === 'monthly') {
    parts[0] = `${parts[0]} ${t('calendar:recurrence.onDay', { day: Number(startDate.slice(8, 10)) })}`;
  }
  if (rec.until) {
    parts.push(
      t('calendar:recurrence.until', { date: formatDay(rec.until, locale, { dateStyle: 'medium' }) }),
    );
  } else if (rec.count) {
    parts.push(t('calendar:recurrence.times', { count: rec.count }));
  }
  return parts.join(', ');
}
