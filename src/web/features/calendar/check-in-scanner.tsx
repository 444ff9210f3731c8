import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, CameraOff, CheckCircle2, ImageUp, Keyboard, QrCode, RotateCcw, XCircle } from 'lucide-react';
import { CALENDAR_FIELD_MAX } from '@shared/calendar/contracts.ts';
import { errorMessage } from '@shared/errors/error-codes.ts';
import { ApiError } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import {
  CameraError,
  decodeImageFile,
  startCameraScan,
  type CameraProblem,
  type CameraSession,
} from '@web/features/scan/barcode-scanner.ts';
import { useCheckIn } from './calendar-api.ts';
import { calendarErrorMessage, useCalendarPermissions, useLocale } from './calendar-ui.tsx';
import { formatDateTime } from '@shared/format/format.ts';

type Outcome =
  | { status: 'checking' }
  | { status: 'done'; name: string; guests: number; at: string | null }
  | { status: 'failed'; message: string };

type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'failed'; problem: CameraProblem };

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
        <CameraPanel onCode={(code) => void handleCode(code)} paused={outcome?.status === 'checking'} />
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
          <PhotoPicker onCode={(code) => void handleCode(code)} />
          <TypedCode onCode={(code) => void handleCode(code)} />
        </div>
      </div>
    </DialogContent>
  );
}

function CameraPanel({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { t } = useTranslation(['calendar', 'scan']);
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<CameraSession | null>(null);
  const starting = useRef(false);
  const last = useRef<{ code: string; at: number } | null>(null);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  const stop = useCallback(() => {
    session.current?.stop();
    session.current = null;
    setState((s) => (s.status === 'failed' ? s : { status: 'off' }));
  }, []);

  const start = useCallback(async () => {
    if (!video.current || session.current || starting.current) return;
    starting.current = true;
    setState({ status: 'starting' });
    try {
      session.current = await startCameraScan(video.current, (hit) => {
        // The camera keeps running for the next guest; the same code is not sent twice in a row within 4 s.
        const now = Date.now();
        if (pausedRef.current || (last.current?.code === hit.code && now - last.current.at < 4000)) return;
        last.current = { code: hit.code, at: now };
        navigator.vibrate?.(80);
        onCodeRef.current(hit.code);
      });
      setState({ status: 'on' });
    } catch (error) {
      setState({ status: 'failed', problem: error instanceof CameraError ? error.problem : 'other' });
    } finally {
      starting.current = false;
    }
  }, []);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      session.current?.stop();
      session.current = null;
    };
  }, [stop]);

  const on = state.status === 'on';
  const live = on || state.status === 'starting';
  return (
    <div className="grid gap-3">
      <div
        className={cn(
          'relative aspect-[4/3] overflow-hidden rounded-md sm:aspect-video',
          live ? 'bg-black' : 'border border-dashed border-input bg-surface-muted',
        )}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('scan:camera.preview')}
          className={cn('size-full object-cover', !live && 'hidden')}
          data-testid="check-in-video"
        />
        {on ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 aspect-square h-2/3 -translate-x-1/2 -translate-y-1/2 rounded-md border-2 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]"
          />
        ) : null}
        {state.status === 'starting' ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label={t('scan:camera.starting')} className="[&_svg]:text-white" />
          </div>
        ) : null}
        {!live ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-muted-foreground">
            {state.status === 'failed' ? (
              <CameraOff aria-hidden="true" className="size-10" />
            ) : (
              <QrCode aria-hidden="true" className="size-10" />
            )}
            <p className="max-w-xs text-sm">{t('calendar:checkIn.placeholder')}</p>
          </div>
        ) : null}
      </div>
      {state.status === 'failed' ? (
        <Alert tone="warning" title={t(`scan:camera.problems.${state.problem}.title`)}>
          {t(`scan:camera.problems.${state.problem}.text`)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {on ? (
          <Button variant="outline" onClick={stop}>
            <CameraOff aria-hidden="true" className="size-4" />
            {t('scan:camera.stop')}
          </Button>
        ) : (
          <Button onClick={() => void start()} loading={state.status === 'starting'}>
            {state.status === 'failed' ? (
              <RotateCcw aria-hidden="true" className="size-4" />
            ) : (
              <Camera aria-hidden="true" className="size-4" />
            )}
            {state.status === 'failed' ? t('scan:camera.retry') : t('scan:camera.start')}
          </Button>
        )}
        {on ? <p className="text-sm text-muted-foreground">{t('calendar:checkIn.aim')}</p> : null}
      </div>
    </div>
  );
}

function PhotoPicker({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['calendar', 'scan']);
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<'notFound' | 'notImage' | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setReading(true);
    try {
      const hit = await decodeImageFile(file);
      if (hit) onCode(hit.code);
      else setProblem('notFound');
    } catch {
      setProblem('notImage');
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="grid content-start gap-2">
      <label
        htmlFor={inputId}
        className={cn(
          'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-input px-3 text-sm font-medium text-foreground hover:bg-surface-muted',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        )}
      >
        {reading ? (
          <Spinner label={t('scan:photo.reading')} />
        ) : (
          <ImageUp aria-hidden="true" className="size-4" />
        )}
        {t('calendar:checkIn.photo')}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={reading}
          onChange={(e) => {
            void read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {problem ? <Alert tone="warning">{t(`scan:photo.${problem}`)}</Alert> : null}
    </div>
  );
}

function TypedCode({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['calendar']);
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) {
          setError(true);
          return;
        }
        setError(false);
        onCode(code);
        setCode('');
      }}
    >
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium text-foreground">
        <Keyboard aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('calendar:checkIn.typed')}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          maxLength={CALENDAR_FIELD_MAX.checkInCode}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button type="submit">{t('calendar:checkIn.submit')}</Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
          {t('calendar:checkIn.required')}
        </p>
      ) : null}
    </form>
  );
}
