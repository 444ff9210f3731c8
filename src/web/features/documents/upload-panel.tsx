import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertCircle, CheckCircle2, Copy, RotateCcw, X } from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { sizeText } from './document-bits.tsx';
import { uploadErrorKey, type UploadItem } from './upload-queue.ts';

/** Errors worth sending again as they are (the network, the server); the others need another file. */
const RETRYABLE = new Set(['NETWORK_ERROR', 'INTERNAL', 'UNKNOWN', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE']);

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="h-1.5 w-full overflow-hidden rounded-full bg-surface-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/** The files being sent and read, one row each, above the list; finished rows can be cleared. */
export function UploadPanel({
  items,
  onUploadAnyway,
  onRetry,
  onDismiss,
  onClear,
}: {
  items: UploadItem[];
  onUploadAnyway: (key: string) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(['documents']);
  if (items.length === 0) return null;
  const finished = items.some((i) => i.phase === 'done' || i.phase === 'duplicate' || i.phase === 'error');
  return (
    <Card className="mb-6" data-testid="upload-panel">
      <CardHeader
        title={t('documents:upload.panelTitle')}
        action={
          finished ? (
            <Button variant="outline" size="sm" onClick={onClear}>
              {t('documents:upload.clearFinished')}
            </Button>
          ) : null
        }
      />
      <ul className="divide-y divide-border" aria-live="polite">
        {items.map((item) => (
          <UploadRow
            key={item.key}
            item={item}
            onUploadAnyway={() => onUploadAnyway(item.key)}
            onRetry={() => onRetry(item.key)}
            onDismiss={() => onDismiss(item.key)}
          />
        ))}
      </ul>
    </Card>
  );
}

function UploadRow({
  item,
  onUploadAnyway,
  onRetry,
  onDismiss,
}: {
  item: UploadItem;
  onUploadAnyway: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(['documents']);
  const locale = localeOf(currentLanguage());
  const percent = formatNumber(item.progress, locale);
  const docLink = (text: string) =>
    item.documentId ? (
      <Link
        to={`/documents/${item.documentId}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {text}
      </Link>
    ) : (
      text
    );

  let status;
  switch (item.phase) {
    case 'queued':
      status = <span className="text-muted-foreground">{t('documents:upload.queued')}</span>;
      break;
    case 'uploading':
      status = (
        <>
          <span className="text-muted-foreground">{t('documents:upload.uploading', { percent })}</span>
          <ProgressBar
            value={item.progress}
            label={t('documents:upload.uploadProgress', { name: item.name })}
          />
        </>
      );
      break;
    case 'reading':
      status = (
        <>
          <span className="text-muted-foreground">
            {item.readingStatus === 'pending'
              ? t('documents:upload.waitingToRead')
              : t('documents:upload.reading', { percent })}{' '}
            · {docLink(t('documents:upload.open'))}
          </span>
          <ProgressBar
            value={item.progress}
            label={t('documents:upload.readProgress', { name: item.name })}
          />
        </>
      );
      break;
    case 'done':
      status = (
        <span className={cn(item.readingStatus === 'failed' ? 'text-danger' : 'text-success')}>
          {item.readingStatus === 'failed'
            ? t('documents:upload.doneReadFailed')
            : item.readingStatus === 'cancelled'
              ? t('documents:upload.doneReadCancelled')
              : t('documents:upload.done')}{' '}
          · {docLink(t('documents:upload.open'))}
        </span>
      );
      break;
    case 'duplicate':
      status = (
        <span className="text-foreground">
          {t('documents:upload.duplicate')} {docLink(item.title ?? item.name)}
        </span>
      );
      break;
    case 'error':
      status = (
        <span className="text-danger">
          {t(`documents:${uploadErrorKey(item.error?.code ?? '')}`, { maxMb: item.error?.maxMb ?? 50 })}
        </span>
      );
      break;
  }

  const Icon =
    item.phase === 'error'
      ? AlertCircle
      : item.phase === 'duplicate'
        ? Copy
        : item.phase === 'done'
          ? CheckCircle2
          : null;

  return (
    <li className="flex items-start gap-3 px-5 py-3 text-sm" data-testid="upload-row" data-phase={item.phase}>
      <div className="mt-0.5 size-5 shrink-0">
        {Icon ? (
          <Icon
            aria-hidden="true"
            className={cn(
              'size-5',
              item.phase === 'error'
                ? 'text-danger'
                : item.phase === 'done'
                  ? 'text-success'
                  : 'text-muted-foreground',
            )}
          />
        ) : null}
      </div>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-medium text-foreground">{item.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{sizeText(item.size, locale)}</span>
        </p>
        {status}
        {item.phase === 'duplicate' ? (
          <div>
            <Button variant="outline" size="sm" onClick={onUploadAnyway}>
              {t('documents:upload.uploadAnyway')}
            </Button>
          </div>
        ) : null}
        {item.phase === 'error' && RETRYABLE.has(item.error?.code ?? '') ? (
          <div>
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('documents:upload.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={onDismiss}
        aria-label={
          item.phase === 'uploading' || item.phase === 'queued'
            ? t('documents:upload.cancel', { name: item.name })
            : t('documents:upload.dismiss', { name: item.name })
        }
      >
        <X aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}
