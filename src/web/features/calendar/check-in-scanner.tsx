import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, XCircle } from 'lucide-react';
import { CALENDAR_FIELD_MAX } from '@shared/calendar/contracts.ts';
import { errorMessage } from '@shared/errors/error-codes.ts';
import { ApiError } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { CameraPanel, PhotoPicker, TypedCodeForm } from '@web/features/scan/code-reader.tsx';
import { useCheckIn } from './calendar-api.ts';
import { calendarErrorMessage, useCalendarPermissions, useLocale } from './calendar-ui.tsx';
import { formatDateTime } from '@shared/format/format.ts';

type Outcome =
  | { status: 'checking' }
  | { status: 'done'; name: string; guests: number; at: string | null }
  | { status: 'failed'; message: string };

/**
 * Check guests in by the QR code printed on their invitation (the RSVP link), with the same ways in as /scan: the
 * camera, a photo of the code, or the code typed. Each code read checks one guest in; the dialog stays open for
 * the next one.
 */
export function CheckInScanDialog({ eventId }: { eventId: string }) {
  const { t } = useTranslation(['calendar', 'scan', 'buttons']);
  const locale = useLocale();
  const { orgId } = useCalendarPermissions();
  const checkIn = useCheckIn(orgId, eventId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = useRef(false);

  const handleCode = useCallback(
    async (code: string) => {
      const text = code.trim();
      if (!text || busy.current) return;
      busy.current = true;
      setOutcome({ status: 'checking' });
      try {
        const attendee = await checkIn.mutateAsync({ code: text });
        setOutcome({
          status: 'done',
          name: attendee.name ?? attendee.email ?? '—',
          guests: attendee.guestCount,
          at: attendee.checkedInAt,
        });
      } catch (error) {
        const message =
          error instanceof ApiError && error.status > 0
            ? calendarErrorMessage(error, t)
            : `${errorMessage('CHECK_IN_FAILED', currentLanguage())}: ${calendarErrorMessage(error, t)}`;
        setOutcome({ status: 'failed', message });
      } finally {
        busy.current = false;
      }
    },
    [checkIn, t],
  );

  return (
    <DialogContent
      title={t('calendar:checkIn.title')}
      description={t('calendar:checkIn.description')}
      closeLabel={t('buttons:close')}
      className="max-w-xl"
    >
      <div className="grid gap-4" data-testid="check-in-scanner">
        <CameraPanel
          onCode={(code) => void handleCode(code)}
          paused={outcome?.status === 'checking'}
          mode="continuous"
          kind="qr"
          placeholder={t('calendar:checkIn.placeholder')}
          aim={t('calendar:checkIn.aim')}
          videoTestId="check-in-video"
        />
        <div aria-live="polite" data-testid="check-in-result">
          {outcome?.status === 'checking' ? (
            <Spinner label={t('calendar:checkIn.checking')} />
          ) : outcome?.status === 'done' ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-md border border-success/30 bg-success-soft px-4 py-3 text-success-soft-foreground"
            >
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <div className="text-sm">
                <p className="font-semibold">{t('calendar:checkIn.done', { name: outcome.name })}</p>
                <p>
                  {t('calendar:people', { count: outcome.guests })}
                  {outcome.at ? ` · ${formatDateTime(outcome.at, locale)}` : ''}
                </p>
              </div>
            </div>
          ) : outcome?.status === 'failed' ? (
            <div
              role="alert"
              className="flex items-start gap-3 rounded-md border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger-soft-foreground"
            >
              <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>{outcome.message}</p>
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <PhotoPicker
            onCode={(code) => void handleCode(code)}
            label={t('calendar:checkIn.photo')}
            size="compact"
          />
          <TypedCodeForm
            onCode={(code) => void handleCode(code)}
            label={t('calendar:checkIn.typed')}
            submitLabel={t('calendar:checkIn.submit')}
            requiredMessage={t('calendar:checkIn.required')}
            maxLength={CALENDAR_FIELD_MAX.checkInCode}
            clearOnSubmit
          />
        </div>
      </div>
    </DialogContent>
  );
}
