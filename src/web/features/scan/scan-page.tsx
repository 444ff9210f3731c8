import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Camera,
  CameraOff,
  ImageUp,
  Keyboard,
  PackagePlus,
  PackageSearch,
  RotateCcw,
  ScanBarcode,
  Search,
} from 'lucide-react';
import type { TItem } from '@shared/inventory/contracts.ts';
import { isValidBarcode, normalizeBarcode } from '@shared/inventory/barcodes.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { Input } from '@web/ui/input.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { lookupCode } from '@web/features/inventory/inventory-api.ts';
import { ItemFormDialog } from '@web/features/inventory/item-form-dialog.tsx';
import {
  CameraError,
  decodeImageFile,
  startCameraScan,
  type CameraProblem,
  type CameraSession,
} from './barcode-scanner.ts';
import { QuickStockPanel } from './quick-stock-panel.tsx';

type Source = 'camera' | 'photo' | 'typed';
type Lookup =
  | { status: 'idle' }
  | { status: 'looking'; code: string }
  | { status: 'found'; code: string; item: TItem; source: Source }
  | { status: 'unknown'; code: string; source: Source }
  | { status: 'error'; code: string; message: string };

type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'failed'; problem: CameraProblem };

/**
 * /scan: read a barcode or QR code with the camera, from a photo, or by typing it. A known code opens the item
 * with quick stock in/out; an unknown one offers to create an item with that code. The camera stops when a code
 * is read, when the page is left and when the tab is hidden.
 */
export function ScanPage() {
  const { t } = useTranslation(['scan', 'navigation', 'inventory', 'common', 'buttons']);
  useDocumentTitle(t('navigation:routes.scan'));
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [creating, setCreating] = useState(false);
  const request = useRef(0);
  const resultRef = useRef<HTMLDivElement>(null);

  // On phones the result sits below the camera: bring it into view when a code has been looked up.
  useEffect(() => {
    if (lookup.status === 'found' || lookup.status === 'unknown' || lookup.status === 'error') {
      const box = resultRef.current?.getBoundingClientRect();
      if (box && (box.top < 0 || box.bottom > window.innerHeight)) {
        resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }
  }, [lookup.status]);

  const handleCode = useCallback(
    async (raw: string, source: Source) => {
      const code = raw.trim();
      if (!code) return;
      const id = ++request.current;
      setLookup({ status: 'looking', code });
      try {
        const item = await lookupCode(code);
        if (id !== request.current) return;
        setLookup(item ? { status: 'found', code, item, source } : { status: 'unknown', code, source });
      } catch (error) {
        if (id !== request.current) return;
        setLookup({ status: 'error', code, message: apiErrorMessage(error, t) });
      }
    },
    [t],
  );

  return (
    <div>
      <PageHeader title={t('navigation:routes.scan')} description={t('scan:description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="min-w-0 lg:col-start-1">
          <CameraCard onCode={(code) => void handleCode(code, 'camera')} busy={lookup.status === 'looking'} />
        </div>
        <div
          ref={resultRef}
          className="scroll-mt-24 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <ResultCard
            lookup={lookup}
            onCreate={() => setCreating(true)}
            onItem={(item) => setLookup((l) => (l.status === 'found' ? { ...l, item } : l))}
          />
        </div>
        <div className="grid min-w-0 gap-6 md:grid-cols-2 lg:col-start-1">
          <PhotoCard onCode={(code) => void handleCode(code, 'photo')} />
          <ManualCard onCode={(code) => void handleCode(code, 'typed')} />
        </div>
      </div>
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating && lookup.status === 'unknown' ? (
          <ItemFormDialog
            prefill={prefillFor(lookup.code)}
            onSaved={(item) => {
              setCreating(false);
              setLookup({ status: 'found', code: lookup.code, item, source: lookup.source });
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/** A retail barcode goes in the barcode field; any other code (QR text, internal codes) becomes the SKU. */
function prefillFor(code: string) {
  const digits = normalizeBarcode(code);
  return isValidBarcode(digits) ? { barcode: digits } : { sku: code.slice(0, 64) };
}

function CameraCard({ onCode, busy }: { onCode: (code: string) => void; busy: boolean }) {
  const { t } = useTranslation(['scan']);
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<CameraSession | null>(null);
  const starting = useRef(false);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [lastCode, setLastCode] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

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
      const opened = await startCameraScan(video.current, (hit) => {
        // One code per start: stop the camera and show the item.
        if (!session.current) return;
        session.current.stop();
        session.current = null;
        setState({ status: 'off' });
        setLastCode(hit.code);
        navigator.vibrate?.(80);
        onCodeRef.current(hit.code);
      });
      session.current = opened;
      setState({ status: 'on' });
    } catch (error) {
      setState({ status: 'failed', problem: error instanceof CameraError ? error.problem : 'other' });
    } finally {
      starting.current = false;
    }
  }, []);

  // Leaving the page or hiding the tab releases the camera.
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
  return (
    <Card>
      <CardHeader
        icon={<Camera aria-hidden="true" className="size-5" />}
        title={t('scan:camera.title')}
        description={t('scan:camera.description')}
      />
      <CardContent className="flex flex-col gap-4">
        <div
          className={cn(
            'relative aspect-[4/3] overflow-hidden rounded-md sm:aspect-video',
            on || state.status === 'starting'
              ? 'bg-black'
              : 'border border-dashed border-input bg-surface-muted',
          )}
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('scan:camera.preview')}
            className={cn('size-full object-cover', !(on || state.status === 'starting') && 'hidden')}
            data-testid="scan-video"
          />
          {on ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-[12%] top-1/2 h-1/3 -translate-y-1/2 rounded-md border-2 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]"
            />
          ) : null}
          {state.status === 'starting' ? (
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label={t('scan:camera.starting')} className="[&_svg]:text-white" />
            </div>
          ) : null}
          {!on && state.status !== 'starting' ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-muted-foreground">
              {state.status === 'failed' ? (
                <CameraOff aria-hidden="true" className="size-10" />
              ) : (
                <ScanBarcode aria-hidden="true" className="size-10" />
              )}
              <p className="max-w-xs text-sm">{t('scan:camera.placeholder')}</p>
            </div>
          ) : null}
        </div>
        {state.status === 'failed' ? (
          <Alert tone="warning" title={t(`scan:camera.problems.${state.problem}.title`)}>
            {t(`scan:camera.problems.${state.problem}.text`)}
          </Alert>
        ) : null}
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {on ? t('scan:camera.aim') : lastCode && !busy ? t('scan:camera.read', { code: lastCode }) : ''}
        </p>
        <div className="flex flex-wrap gap-2">
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
                <ScanBarcode aria-hidden="true" className="size-4" />
              )}
              {state.status === 'failed'
                ? t('scan:camera.retry')
                : lastCode
                  ? t('scan:camera.again')
                  : t('scan:camera.start')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function PhotoCard({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['scan']);
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
    <Card>
      <CardHeader title={t('scan:photo.title')} description={t('scan:photo.description')} as="h2" />
      <CardContent className="flex flex-col gap-3">
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-input px-4 py-6 text-sm font-medium text-foreground hover:bg-surface-muted',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          )}
        >
          {reading ? (
            <Spinner label={t('scan:photo.reading')} />
          ) : (
            <ImageUp aria-hidden="true" className="size-4" />
          )}
          {t('scan:photo.choose')}
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
      </CardContent>
    </Card>
  );
}

function ManualCard({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['scan']);
  const inputId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  return (
    <Card>
      <CardHeader title={t('scan:manual.title')} description={t('scan:manual.description')} as="h2" />
      <CardContent>
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
          }}
        >
          <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-medium text-foreground">
            <Keyboard aria-hidden="true" className="size-4 text-muted-foreground" />
            {t('scan:manual.label')}
          </label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              inputMode="text"
              aria-invalid={error || undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            <Button type="submit" aria-label={t('scan:manual.search')}>
              <Search aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t('scan:manual.search')}</span>
            </Button>
          </div>
          {error ? (
            <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
              {t('scan:manual.required')}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function ResultCard({
  lookup,
  onCreate,
  onItem,
}: {
  lookup: Lookup;
  onCreate: () => void;
  onItem: (item: TItem) => void;
}) {
  const { t } = useTranslation(['scan', 'common']);
  const me = useSignedInMe();
  const canManage = !!me.role && hasPermission(me.role, 'manage_financial_data');
  return (
    <Card aria-live="polite" data-testid="scan-result">
      <CardHeader title={t('scan:result.title')} as="h2" />
      {lookup.status === 'idle' ? (
        <EmptyState
          headingLevel="p"
          icon={<ScanBarcode aria-hidden="true" />}
          title={t('scan:result.idle.title')}
          description={t('scan:result.idle.text')}
        />
      ) : lookup.status === 'looking' ? (
        <div className="flex flex-col items-center gap-3 py-12">
          <Spinner label={t('scan:result.looking', { code: lookup.code })} />
          <p className="font-mono text-sm text-muted-foreground">{lookup.code}</p>
        </div>
      ) : lookup.status === 'error' ? (
        <CardContent>
          <Alert tone="error" title={t('scan:result.error')}>
            {lookup.message}
          </Alert>
        </CardContent>
      ) : lookup.status === 'unknown' ? (
        <EmptyState
          headingLevel="p"
          icon={<PackageSearch aria-hidden="true" />}
          title={t('scan:result.unknown.title')}
          description={
            <>
              <span className="mb-2 block font-mono text-foreground">{lookup.code}</span>
              {canManage ? t('scan:result.unknown.text') : t('scan:result.unknown.readOnly')}
            </>
          }
          action={
            canManage ? (
              <Button onClick={onCreate}>
                <PackagePlus aria-hidden="true" className="size-4" />
                {isValidBarcode(normalizeBarcode(lookup.code))
                  ? t('scan:result.unknown.createWithBarcode')
                  : t('scan:result.unknown.createWithCode')}
              </Button>
            ) : null
          }
        />
      ) : (
        <QuickStockPanel key={lookup.item.id} item={lookup.item} canManage={canManage} onItem={onItem} />
      )}
      {lookup.status === 'found' ? (
        <div className="border-t border-border px-5 py-3 text-sm">
          <Link to={`/inventory/${lookup.item.id}`} className="font-medium text-primary hover:underline">
            {t('scan:result.openItem')}
          </Link>
        </div>
      ) : null}
    </Card>
  );
}
