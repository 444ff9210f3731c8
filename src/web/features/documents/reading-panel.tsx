import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, RotateCcw, Square } from 'lucide-react';
import type { TDocument } from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import i18n from '@web/app/i18n.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { toast } from '@web/ui/toast.ts';
import { ReadingBadge } from './document-bits.tsx';
import { useDocumentAction } from './documents-api.ts';
import { ProgressBar } from './upload-panel.tsx';

/** A reading error in words: its own text for a known code, the server's words otherwise. */
function readingErrorText(error: string | null, t: (key: string) => string): string {
  if (!error) return t('documents:reading.errors.generic');
  const key = `documents:reading.errors.${error}`;
  if (i18n.exists(key)) return t(key);
  return /^[A-Z0-9_]+$/.test(error) ? t('documents:reading.errors.generic') : error;
}

/** The reading (OCR) of the file: progress live, cancel while it runs, retry after a failure; then the text. */
export function ReadingPanel({ doc, canManage }: { doc: TDocument; canManage: boolean }) {
  const { t } = useTranslation(['documents']);
  const orgId = useSignedInMe().activeOrganizationId;
  const action = useDocumentAction(orgId);
  const [showText, setShowText] = useState(false);
  const textId = useId();
  const running = doc.readingStatus === 'pending' || doc.readingStatus === 'running';
  const act = (kind: 'cancelReading' | 'retryReading') =>
    action.mutate(
      { id: doc.id, action: kind },
      { onError: (error) => toast.error(apiErrorMessage(error, t)) },
    );

  return (
    <Card>
      <CardHeader
        as="h2"
        title={t('documents:reading.title')}
        description={t(`documents:reading.source.${doc.textSource}`)}
        action={<ReadingBadge status={doc.readingStatus} progress={doc.readingProgress} />}
      />
      <div className="grid gap-3 px-5 py-4">
        {running ? (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {doc.readingStatus === 'pending'
                ? t('documents:reading.pendingText')
                : t('documents:reading.runningText', { percent: doc.readingProgress })}
            </p>
            <ProgressBar value={doc.readingProgress} label={t('documents:reading.progress')} />
            {canManage ? (
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  loading={action.isPending}
                  onClick={() => act('cancelReading')}
                >
                  <Square aria-hidden="true" className="size-4" />
                  {t('documents:reading.cancel')}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
        {doc.readingStatus === 'failed' || doc.readingStatus === 'cancelled' ? (
          <Alert tone={doc.readingStatus === 'failed' ? 'error' : 'info'}>
            <p>
              {doc.readingStatus === 'failed'
                ? readingErrorText(doc.readingError, t)
                : t('documents:reading.cancelledText')}
            </p>
            {canManage ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                loading={action.isPending}
                onClick={() => act('retryReading')}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                {t('documents:reading.retry')}
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {doc.content ? (
          <div>
            <button
              type="button"
              aria-expanded={showText}
              aria-controls={textId}
              onClick={() => setShowText((s) => !s)}
              className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-primary hover:underline"
            >
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 transition-transform', showText && 'rotate-180')}
              />
              {showText ? t('documents:reading.hideText') : t('documents:reading.showText')}
            </button>
            <pre
              id={textId}
              hidden={!showText}
              className="mt-2 max-h-96 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap text-foreground"
            >
              {doc.content}
            </pre>
          </div>
        ) : !running && doc.readingStatus !== 'failed' ? (
          <p className="text-sm text-muted-foreground">{t('documents:reading.noText')}</p>
        ) : null}
      </div>
    </Card>
  );
}
