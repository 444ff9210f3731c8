import { addDays, daysBetween, weekdayIndex } from '../dates/dates.ts';
import type { InvoiceStatus, ReminderType } from './contracts.ts';

/**
 * Payment reminders (issue 5): business days for the final notice's deadline and the schedule of automatic
 * reminders. Dates are ISO "YYYY-MM-DD"; all arithmetic is on UTC calendar days, so no time zone shifts them.
 */
export const DEFAULT_REMINDER_EVERY_DAYS = 7;
/** The final notice warns of legal action after this many business days. */
export const FINAL_NOTICE_BUSINESS_DAYS = 7;
/** The first (gentle) automatic reminder goes this many days before the due date. */
export const GENTLE_REMINDER_DAYS_BEFORE_DUE = 3;
/** Automatic overdue reminders before the final notice. */
export const OVERDUE_REMINDERS_BEFORE_FINAL = 3;

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Italian national public holidays (L. 260/1949 and later laws): New Year, Epiphany, Easter Monday, Liberation
 * Day, Labour Day, Republic Day, Assumption, All Saints, Immaculate Conception, Christmas, St Stephen, and from
 * 2026 St Francis on 4 October (L. 151/2025). Patron saints' days are local and not counted.
 */
export function isItalianHoliday(isoDate: string): boolean {
  const monthDay = isoDate.slice(5, 10);
  const year = Number(isoDate.slice(0, 4));
  const fixed = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];
  if (fixed.includes(monthDay)) return true;
  if (monthDay === '10-04' && year >= 2026) return true;
  return isoDate.slice(0, 10) === addDays(easterSunday(year), 1);
}

/** Monday to Friday and not an Italian national holiday. */
export function isBusinessDay(isoDate: string): boolean {
  return weekdayIndex(isoDate) < 5 && !isItalianHoliday(isoDate);
}

/** The n-th business day after the date (n ≥ 0; 0 gives the date itself). */
export function addBusinessDays(isoDate: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Invalid number of business days: ${n}`);
  let date = addDays(isoDate, 0); // RangeError for an impossible date
  for (let left = n; left > 0;) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) left--;
  }
  return date;
}

/** The deadline a final notice gives before legal action: 7 business days after today. */
export function finalNoticeDeadline(today: string): string {
  return addBusinessDays(today, FINAL_NOTICE_BUSINESS_DAYS);
}

export type AutomaticReminderFacts = {
  dueDate: string;
  /** Date or timestamp of the last reminder of any kind (manual ones included), null when none. */
  lastReminderAt: string | null;
  /** Days between automatic reminders (the organization's setting), default 7. */
  everyDays?: number;
  today: string;
  status: InvoiceStatus;
  /** The types of the reminders already sent, in any order (from the e-mail activity). */
  sentTypes?: readonly ReminderType[];
};

/**
 * Whether an automatic reminder is due today, and its type:
 * - never for draft, paid or cancelled invoices, and never again once a final notice was sent (from then on
 *   the user decides: the final notice announced legal action);
 * - never twice the same day, and never sooner than `everyDays` after the last reminder of any kind;
 * - without a previous reminder, the first one goes from 3 days before the due date;
 * - up to and on the due date the type is gentle; after it, overdue, and final once 3 overdue reminders
 *   were sent without payment.
 */
export function nextAutomaticReminder(facts: AutomaticReminderFacts): ReminderType | null {
  const { dueDate, lastReminderAt, today, status } = facts;
  const everyDays = facts.everyDays ?? DEFAULT_REMINDER_EVERY_DAYS;
  const sent = facts.sentTypes ?? [];
  if (status === 'draft' || status === 'paid' || status === 'cancelled') return null;
  if (sent.includes('final')) return null;
  if (lastReminderAt !== null) {
    if (daysBetween(lastReminderAt, today) < Math.max(1, everyDays)) return null;
  } else if (daysBetween(today, dueDate) > GENTLE_REMINDER_DAYS_BEFORE_DUE) {
    return null;
  }
  if (today <= dueDate) return 'gentle';
  const overdueSent = sent.filter((type) => type === 'overdue').length;
  return overdueSent >= OVERDUE_REMINDERS_BEFORE_FINAL ? 'final' : 'overdue';
}
