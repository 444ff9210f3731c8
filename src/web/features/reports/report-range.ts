import { useSearchParams } from 'react-router';
import { isIsoDate } from '@shared/imports/dates.ts';
import { daysBetween } from '@shared/dates/dates.ts';
import { monthRange, previousRange, type DateRange } from '@shared/reports/periods.ts';
import { browserToday } from './report-dates.ts';

/**
 * The range a report shows, kept in the address (`from`, `to`; this month by default) so a reload, a link or the
 * back button gives the same figures; `previous` is the range it is compared with. Changing it drops `page`.
 */
export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const month = monthRange(browserToday());
  const range: DateRange = { from: params.get('from') ?? month.from, to: params.get('to') ?? month.to };
  const valid =
    isIsoDate(range.from) &&
    isIsoDate(range.to) &&
    range.from <= range.to &&
    daysBetween(range.from, range.to) <= 366;
  // A change names only what changed and lands on the address as it is now: typing both dates in a row, the
  // second before the first one's navigation has rendered, must not write back the first field's older value.
  // React Router hands the updater the parameters of the last render, so the latest come from the location itself
  // (the router writes it at once and renders it later).
  const setRange = (next: Partial<DateRange>) =>
    setParams(
      () => {
        const out = new URLSearchParams(window.location.search);
        out.set('from', next.from ?? out.get('from') ?? month.from);
        out.set('to', next.to ?? out.get('to') ?? month.to);
        out.delete('page');
        return out;
      },
      { replace: true },
    );
  return { range, valid, previous: valid ? previousRange(range) : null, setRange };
}
