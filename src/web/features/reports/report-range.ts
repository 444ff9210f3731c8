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
  // A change names only what changed and lands on the latest address: typing both dates in a row (before the
  // first one's navigation has rendered) must not write back the first field's older value.
  const setRange = (next: Partial<DateRange>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('from', next.from ?? prev.get('from') ?? month.from);
        out.set('to', next.to ?? prev.get('to') ?? month.to);
        out.delete('page');
        return out;
      },
      { replace: true },
    );
  return { range, valid, previous: valid ? previousRange(range) : null, setRange };
}
