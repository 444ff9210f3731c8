import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Globe } from 'lucide-react';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { Spinner } from '@web/ui/spinner.tsx';
import { CALENDAR_VIEWS, shiftDate, type CalendarView } from './calendar-dates.ts';

/** Previous, today and next; the period shown; the view switch; a note when the calendar's clock is not the viewer's. */
export function CalendarToolbar({
  view,
  date,
  today,
  title,
  fetching,
  zone,
  onGo,
}: {
  view: CalendarView;
  date: string;
  today: string;
  title: string;
  fetching: boolean;
  zone: string | null;
  onGo: (next: { view?: CalendarView; date?: string }) => void;
}) {
  const { t } = useTranslation(['calendar', 'common']);
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-3 py-3 sm:px-5">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => onGo({ date: shiftDate(view, date, -1) })}
            aria-label={t(`calendar:toolbar.previous.${view}`)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onGo({ date: today })}>
            {t('calendar:toolbar.today')}
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            onClick={() => onGo({ date: shiftDate(view, date, 1) })}
            aria-label={t(`calendar:toolbar.next.${view}`)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <h2
          className="min-w-0 flex-1 basis-40 text-base font-semibold text-foreground first-letter:uppercase sm:text-lg"
          aria-live="polite"
          data-testid="calendar-title"
        >
          {title}
        </h2>
        {fetching ? <Spinner label={t('common:loading')} className="[&_svg]:size-4" /> : null}
        <div
          role="group"
          aria-label={t('calendar:toolbar.views')}
          className="flex w-full rounded-md border border-input p-0.5 sm:w-auto"
        >
          {CALENDAR_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={v === view}
              onClick={() => onGo({ view: v })}
              className={cn(
                'h-8 flex-1 rounded px-2 text-sm font-medium transition-colors sm:flex-none sm:px-3',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                v === view ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-surface-muted',
              )}
            >
              {t(`calendar:views.${v}`)}
            </button>
          ))}
        </div>
      </div>
      {zone ? (
        <p className="flex items-center gap-1.5 border-b border-border bg-surface-muted px-3 py-1.5 text-xs text-muted-foreground sm:px-5">
          <Globe aria-hidden="true" className="size-3.5" />
          {t('calendar:toolbar.zoneNote', { zone })}
        </p>
      ) : null}
    </>
  );
}
