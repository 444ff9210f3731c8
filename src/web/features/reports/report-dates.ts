import { isoDateIn } from '@shared/dates/dates.ts';

/** Today's date where the browser is (the reports' default periods start from it). */
export function browserToday() {
  return isoDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
}
