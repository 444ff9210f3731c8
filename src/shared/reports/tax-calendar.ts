import { addDays, weekdayIndex } from '../dates/dates.ts';

/**
 * Italian tax deadlines. A payment due on a Saturday, a Sunday or a national holiday moves to the next working
 * day (art. 7 c. 1 lett. h DL 70/2011 and art. 18 DLgs 241/1997).
 */

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
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
  return isoDate(year, month, day);
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The national holidays of a year (L. 260/1949 and later amendments), Easter Monday included. */
export function nationalHolidays(year: number): Set<string> {
  const fixed: Array<[number, number]> = [
    [1, 1], // Capodanno
    [1, 6], // Epifania
    [4, 25], // Liberazione
    [5, 1], // Festa del lavoro
    [6, 2], // Festa della Repubblica
    [8, 15], // Ferragosto
    [10, 4], // San Francesco d'Assisi, a national holiday again from 2026 (law of October 2025)
    [11, 1], // Ognissanti
    [12, 8], // Immacolata
    [12, 25], // Natale
    [12, 26], // Santo Stefano
  ];
  const days = fixed
    .filter(([month, day]) => !(month === 10 && day === 4 && year < 2026))
    .map(([month, day]) => isoDate(year, month, day));
  days.push(addDays(easterSunday(year), 1));
  return new Set(days);
}

export function isWorkingDay(date: string): boolean {
  if (weekdayIndex(date) >= 5) return false;
  return !nationalHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a working day, else the next working day. */
export function nextWorkingDay(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}
