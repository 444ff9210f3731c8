import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, CameraOff, ImageUp, Keyboard, QrCode, RotateCcw, ScanBarcode } from 'lucide-react';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { Input } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useCameraReader, usePhotoReader, type CameraMode } from './use-code-reader.ts';

/**
 * The three ways a code comes in, shared by /scan and the event check-in: the camera, a photo of the code and
 * the code typed. Each screen frames them (cards, a dialog) and says what a code does; the texts common to both
 * live in the `scan` namespace.
 */

/**
 * The camera preview with its frame, the reason it cannot start, and start/stop. `single` mode stops after a
 * code and says which code was read ("scan another"); `continuous` keeps reading. `kind` shapes the aiming
 * frame: a wide one for barcodes, a square one for QR codes.
 */
export function CameraPanel({
  onCode,
  mode,
  kind,
  placeholder,
  aim,
  videoTestId,
  paused = false,
  busy = false,
}: {
  onCode: (code: string) => void;
  mode: CameraMode;
  kind: 'barcode' | 'qr';
  placeholder: string;
  aim: string;
  videoTestId: string;
  /** Continuous mode: codes read meanwhile are dropped. */
  paused?: boolean;
  /** The last code is being handled: its "read" line waits. */
  busy?: boolean;
}) {
  const { t } = useTranslation(['scan']);
  const camera = useCameraReader({ onCode, mode, paused });
  const { state } = camera;
  const on = state.status === 'on';
  const live = on || state.status === 'starting';
  const readCode = mode === 'single' ? camera.lastCode : null;
  const IdleIcon = kind === 'qr' ? QrCode : ScanBarcode;
  const StartIcon = kind === 'qr' ? Camera : ScanBarcode;

  return (
    <div className="flex flex-col gap-4">
      <div
        className={cn(
          'relative aspect-[4/3] overflow-hidden rounded-md sm:aspect-video',
          live ? 'bg-black' : 'border border-dashed border-input bg-surface-muted',
        )}
      >
        <video
          ref={camera.video}
          muted
          playsInline
          aria-label={t('scan:camera.preview')}
          className={cn('size-full object-cover', !live && 'hidden')}
          data-testid={videoTestId}
        />
        {on ? (
          <div
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-1/2 -translate-y-1/2 rounded-md border-2 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]',
              kind === 'qr' ? 'left-1/2 aspect-square h-2/3 -translate-x-1/2' : 'inset-x-[12%] h-1/3',
            )}
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
              <IdleIcon aria-hidden="true" className="size-10" />
            )}
            <p className="max-w-xs text-sm">{placeholder}</p>
          </div>
        ) : null}
      </div>
      {state.status === 'failed' ? (
        <Alert tone="warning" title={t(`scan:camera.problems.${state.problem}.title`)}>
          {t(`scan:camera.problems.${state.problem}.text`)}
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {on ? aim : readCode && !busy ? t('scan:camera.read', { code: readCode }) : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {on ? (
          <Button variant="outline" onClick={camera.stop}>
            <CameraOff aria-hidden="true" className="size-4" />
            {t('scan:camera.stop')}
          </Button>
        ) : (
          <Button onClick={() => void camera.start()} loading={state.status === 'starting'}>
            {state.status === 'failed' ? (
              <RotateCcw aria-hidden="true" className="size-4" />
            ) : (
              <StartIcon aria-hidden="true" className="size-4" />
            )}
            {state.status === 'failed'
              ? t('scan:camera.retry')
              : readCode
                ? t('scan:camera.again')
                : t('scan:camera.start')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * A photo of the code: on a phone the file picker offers the back camera. `large` is a tall drop area (a page
 * card); `compact` is as high as a button (a dialog).
 */
export function PhotoPicker({
  onCode,
  label,
  size = 'large',
}: {
  onCode: (code: string) => void;
  label: string;
  size?: 'large' | 'compact';
}) {
  const { t } = useTranslation(['scan']);
  const inputId = useId();
  const photo = usePhotoReader(onCode);

  return (
    <div className={cn('flex flex-col', size === 'large' ? 'gap-3' : 'gap-2')}>
      <label
        htmlFor={inputId}
        className={cn(
          'flex cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-input text-sm font-medium text-foreground hover:bg-surface-muted',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          size === 'large' ? 'px-4 py-6' : 'h-10 px-3',
        )}
      >
        {photo.reading ? (
          <Spinner label={t('scan:photo.reading')} />
        ) : (
          <ImageUp aria-hidden="true" className="size-4" />
        )}
        {label}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          disabled={photo.reading}
          onChange={(e) => {
            void photo.read(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {photo.problem ? <Alert tone="warning">{t(`scan:photo.${photo.problem}`)}</Alert> : null}
    </div>
  );
}

/**
 * The code typed (a keyboard wedge scanner types it too). With `submitIcon` the button shows only the icon on
 * narrow screens and keeps its name as aria-label.
 */
export function TypedCodeForm({
  onCode,
  label,
  submitLabel,
  submitIcon,
  requiredMessage,
  maxLength,
  clearOnSubmit = false,
}: {
  onCode: (code: string) => void;
  label: string;
  submitLabel: string;
  submitIcon?: ReactNode;
  requiredMessage: string;
  maxLength?: number;
  /** Empty the field after each code (one code after another, as at the door). */
  clearOnSubmit?: boolean;
}) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!code.trim()) {
          setError(true);
          return;
        }
        setError(false);
        onCode(code);
        if (clearOnSubmit) setCode('');
      }}
    >
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium text-foreground">
        <Keyboard aria-hidden="true" className="size-4 text-muted-foreground" />
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          maxLength={maxLength}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {submitIcon ? (
          <Button type="submit" aria-label={submitLabel}>
            {submitIcon}
            <span className="hidden sm:inline">{submitLabel}</span>
          </Button>
        ) : (
          <Button type="submit">{submitLabel}</Button>
        )}
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
          {requiredMessage}
        </p>
      ) : null}
    </form>
  );
}
