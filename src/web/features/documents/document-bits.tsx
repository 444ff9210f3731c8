import { useTranslation } from 'react-i18next';
import { File, FileArchive, FileImage, FileSpreadsheet, FileText, X } from 'lucide-react';
import type { ReadingStatus, TDocumentTag } from '@shared/documents/contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { StatusBadge, type BadgeTone } from '@web/ui/badge.tsx';
import { cn } from '@web/ui/cn.ts';
import { focusSnippet, snippetSegments } from './snippet.ts';
import { TAG_COLOR_CLASSES } from './tag-colors.ts';

/** A tag as a coloured chip; with `onRemove`, a button inside takes it off. */
export function TagChip({
  tag,
  onRemove,
  className,
}: {
  tag: Pick<TDocumentTag, 'name' | 'color'>;
  onRemove?: () => void;
  className?: string;
}) {
  const { t } = useTranslation(['documents']);
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        TAG_COLOR_CLASSES[tag.color],
        className,
      )}
    >
      <span className="truncate">{tag.name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('documents:tags.remove', { name: tag.name })}
          className="-mr-1 inline-flex size-4 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      ) : null}
    </span>
  );
}

export function TagList({ tags }: { tags: Pick<TDocumentTag, 'id' | 'name' | 'color'>[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
    </span>
  );
}

const READING_TONES: Record<ReadingStatus, BadgeTone> = {
  pending: 'neutral',
  running: 'primary',
  done: 'success',
  failed: 'danger',
  cancelled: 'warning',
  not_needed: 'neutral',
};

/** The reading (OCR) status as a badge: "Reading 40%", "Read", "Not read: failed"… */
export function ReadingBadge({ status, progress }: { status: ReadingStatus; progress: number }) {
  const { t } = useTranslation(['documents']);
  return (
    <StatusBadge
      status={status}
      tones={READING_TONES}
      label={
        status === 'running'
          ? t('documents:reading.runningPercent', { percent: progress })
          : t(`documents:reading.status.${status}`)
      }
    />
  );
}

/** The matching words of a search result, as text with <mark> (never HTML from the server). */
export function Snippet({ snippet, className }: { snippet: string | null; className?: string }) {
  const segments = focusSnippet(snippetSegments(snippet));
  if (segments.length === 0) return null;
  return (
    <p className={cn('line-clamp-2 text-xs text-muted-foreground', className)}>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-warning-soft-foreground">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}

/** An icon for the kind of file. */
export function FileKindIcon({ mimeType, className }: { mimeType: string; className?: string }) {
  const Icon = mimeType.startsWith('image/')
    ? FileImage
    : mimeType === 'application/pdf' || mimeType.startsWith('text/') || mimeType.includes('xml')
      ? FileText
      : mimeType.includes('zip')
        ? FileArchive
        : mimeType.includes('sheet') || mimeType.includes('excel') || mimeType.includes('csv')
          ? FileSpreadsheet
          : File;
  return <Icon aria-hidden="true" className={cn('size-5 text-muted-foreground', className)} />;
}

/** "820 kB", "3,4 MB" in the interface language. */
export function sizeText(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  });
}
