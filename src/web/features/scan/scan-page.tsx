import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Camera, PackagePlus, PackageSearch, ScanBarcode, Search } from 'lucide-react';
import type { TItem } from '@shared/inventory/contracts.ts';
import { isValidBarcode, normalizeBarcode } from '@shared/inventory/barcodes.ts';
import { hasPermission } from '@shared/auth/permissions.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { useDocumentTitle } from '@web/app/use-document-title.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Dialog } from '@web/ui/dialog.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';
import { PageHeader } from '@web/ui/page-header.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { lookupCode } from '@web/features/inventory/inventory-api.ts';
import { ItemFormDialog } from '@web/features/inventory/item-form-dialog.tsx';
import { CameraPanel, PhotoPicker, TypedCodeForm } from './code-reader.tsx';
import { QuickStockPanel } from './quick-stock-panel.tsx';

type Source = 'camera' | 'photo' | 'typed';
type Lookup =
  | { status: 'idle' }
  | { status: 'looking'; code: string }
  | { status: 'found'; code: string; item: TItem; source: Source }
  | { status: 'unknown'; code: string; source: Source }
  | { status: 'error'; code: string; message: string };

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
  return (
    <Card>
      <CardHeader
        icon={<Camera aria-hidden="true" className="size-5" />}
        title={t('scan:camera.title')}
        description={t('scan:camera.description')}
      />
      <CardContent>
        <CameraPanel
          onCode={onCode}
          busy={busy}
          mode="single"
          kind="barcode"
          placeholder={t('scan:camera.placeholder')}
          aim={t('scan:camera.aim')}
          videoTestId="scan-video"
        />
      </CardContent>
    </Card>
  );
}

function PhotoCard({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['scan']);
  return (
    <Card>
      <CardHeader title={t('scan:photo.title')} description={t('scan:photo.description')} as="h2" />
      <CardContent>
        <PhotoPicker onCode={onCode} label={t('scan:photo.choose')} />
      </CardContent>
    </Card>
  );
}

function ManualCard({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(['scan']);
  return (
    <Card>
      <CardHeader title={t('scan:manual.title')} description={t('scan:manual.description')} as="h2" />
      <CardContent>
        <TypedCodeForm
          onCode={onCode}
          label={t('scan:manual.label')}
          submitLabel={t('scan:manual.search')}
          submitIcon={<Search aria-hidden="true" className="size-4" />}
          requiredMessage={t('scan:manual.required')}
        />
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
