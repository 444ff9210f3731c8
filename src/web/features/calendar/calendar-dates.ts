import type { TEventOccurrence } from '@shared/calendar/contracts.ts';
import { addDays, utcToZoned, weekdayIndex } from '@shared/dates/dates.ts';
import { minutesOf } from '@shared/calendar/time.ts';
import { isIsoDate } from '@shared/imports/dates.ts';

/**
 * The calendar's day math, on "YYYY-MM-DD" strings only (never the browser's local midnight), so a view never
 * loses or repeats a day when the clocks change. Weeks start on Monday, as in Italy and in RRULE's BYDAY.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The agenda lists this many days from its date. */
export const AGENDA_DAYS = 30;

/** The view and date kept in the URL (`?view=week&date=2026-03-29`); anything not valid gives the fallbacks. */
export function readCalendarParams(
  search: URLSearchParams,
  fallback: { view: CalendarView; date: string },
): { view: CalendarView; date: string } {
  const view = search.get('view');
  const date = search.get('date');
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? '') ? (view as CalendarView) : fallback.view,
    date: date && isIsoDate(date) ? date : fallback.date,
  };
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` later; the 31st becomes the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, daysInMonth(year, month)));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function endOfMonth(date: string): string {
  const [y, m] = parts(date);
  return iso(y, m, daysInMonth(y, m));
}

/** The Monday of the date's week. */
export function startOfWeek(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The month as whole weeks (Monday to Sunday): 4 to 6 rows of 7 dates, with the neighbouring months' days. */
export function monthGrid(date: string): string[][] {
  const first = startOfWeek(startOfMonth(date));
  const last = addDays(startOfWeek(endOfMonth(date)), 6);
  const days = datesBetween(first, last);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The dates a view shows (both included): what GET /api/v1/events?from&to asks for. */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  switch (view) {
    case 'month': {
      const weeks = monthGrid(date);
      return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
    }
    case 'week': {
      const from = startOfWeek(date);
      return { from, to: addDays(from, 6) };
    }
    case 'day':
      return { from: date, to: date };
    case 'agenda':
      return { from: date, to: addDays(date, AGENDA_DAYS - 1) };
  }
}

/** The date of the previous (-1) or next (+1) page of a view. */
export function shiftDate(view: CalendarView, date: string, direction: 1 | -1): string {
  switch (view) {
    case 'month':
      return addMonths(date, direction);
    case 'week':
      return addDays(date, 7 * direction);
    case 'day':
      return addDays(date, direction);
    case 'agenda':
      return addDays(date, AGENDA_DAYS * direction);
  }
}

/** An occurrence placed on the organization's wall clock: its day and its minutes from that day's midnight. */
export interface PlacedOccurrence {
  occurrence: TEventOccurrence;
  date: string;
  /** 0–1440; an all-day occurrence spans the whole day. */
  startMinutes: number;
  endMinutes: number;
  /** "HH:MM" in the organization's time zone. */
  startTime: string;
  endTime: string;
}

/**
 * Where an occurrence goes in a view shown in `timeZone`: a timed one by its instants (right even for an event
 * kept in another zone), an all-day one on its date. An end past midnight is cut at the end of the day.
 */
export function placeOccurrence(o: TEventOccurrence, timeZone: string): PlacedOccurrence {
  if (o.allDay) {
    return { occurrence: o, date: o.date, startMinutes: 0, endMinutes: 1440, startTime: '', endTime: '' };
  }
  const start = utcToZoned(new Date(o.startsAt), timeZone);
  const end = utcToZoned(new Date(o.endsAt), timeZone);
  const startMinutes = minutesOf(start.time);
  const endMinutes = end.date > start.date ? 1440 : Math.max(startMinutes, minutesOf(end.time));
  return {
    occurrence: o,
    date: start.date,
    startMinutes,
    endMinutes,
    startTime: start.time,
    endTime: end.time,
  };
}

/** The placed occurrences by day, all-day ones first, then by start. */
export function groupByDate(
  items: readonly TEventOccurrence[],
  timeZone: string,
): Map<string, PlacedOccurrence[]> {
  const byDate = new Map<string, PlacedOccurrence[]>();
  for (const o of items) {
    const placed = placeOccurrence(o, timeZone);
    const list = byDate.get(placed.date) ?? [];
    list.push(placed);
    byDate.set(placed.date, list);
  }
  for (const list of byDate.values()) {
    list.sort(
      (a, b) =>
        Number(b.occurrence.allDay) - Number(a.occurrence.allDay) ||
        a.startMinutes - b.startMinutes ||
        a.occurrence.title.localeCompare(b.occurrence.title),
    );
  }
  return byDate;
}

/** A timed occurrence's box in a day column: `column` of `columns` side by side. */
export interface DayLayoutItem {
  placed: PlacedOccurrence;
  column: number;
  columns: number;
}

/** Shortest box drawn, in minutes, so a 5-minute event stays clickable. */
export const MIN_BOX_MINUTES = 20;

/**
 * Side by side where they overlap: each group of overlapping occurrences is split into as many columns as it
 * needs at most, every occurrence in the first free column (the way calendar apps lay out a day).
 */
export function layoutDay(items: readonly PlacedOccurrence[]): DayLayoutItem[] {
  const timed = items
    .filter((p) => !p.occurrence.allDay)
    .sort((a, b) => a.startMinutes - b.startMinutes || b.endMinutes - a.endMinutes);
  const out: DayLayoutItem[] = [];
  let group: DayLayoutItem[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const item of group) item.columns = columnEnds.length;
    out.push(...group);
    group = [];
    columnEnds = [];
  };
  for (const placed of timed) {
    const end = Math.max(placed.endMinutes, placed.startMinutes + MIN_BOX_MINUTES);
    if (group.length > 0 && placed.startMinutes >= groupEnd) close();
    let column = columnEnds.findIndex((e) => e <= placed.startMinutes);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(end);
    } else {
      columnEnds[column] = end;
    }
    group.push({ placed, column, columns: 0 });
    groupEnd = group.length === 1 ? end : Math.max(groupEnd, end);
  }
  close();
  return out;
}

/** The end of a new event one hour after its start, at most 23:59 (an event cannot pass midnight). */
export function endTimeAfter(startTime: string, minutes = 60): string {
  const end = Math.min(minutesOf(startTime) + minutes, 23 * 60 + 59);
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

// ─── Labels (Intl, on UTC noon so no zone moves a date) ────────────────────────────────────────────────────

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f;
}
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

export function formatDay(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  return format(locale, options).format(noon(date));
}

/** The first letter in upper case, for a date that starts a line ("lunedì…" → "Lunedì…"). */
export function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "HH:MM" as the locale writes a time: it 09:30, en 9:30 AM. */
export function formatClock(time: string, locale: string): string {
  if (!/^\d{2}:\d{2}/.test(time)) return time;
  return format(locale, { timeStyle: 'short' }).format(new Date(`1970-01-01T${time.slice(0, 5)}:00Z`));
}

/** The heading of a view: "novembre 2026", "2–8 nov 2026", "lunedì 2 novembre 2026". */
export function viewTitle(view: CalendarView, date: string, locale: string): string {
  if (view === 'month') return formatDay(date, locale, { month: 'long', year: 'numeric' });
  if (view === 'day') {
    return formatDay(date, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  }
  const { from, to } = viewRange(view, date);
  return format(locale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    noon(from),
    noon(to),
  );
}

/** Monday to Sunday, short ("lun", "Mon") or long. */
export function weekdayNames(locale: string, style: 'short' | 'long' | 'narrow' = 'short'): string[] {
  return datesBetween('2024-01-01', '2024-01-07').map((d) => formatDay(d, locale, { weekday: style }));
}
