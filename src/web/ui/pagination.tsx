import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

/** Previous / next with "Page 2 of 5 · 43 quotes". */
export function Pagination({
  label,
  page,
  pages,
  summary,
  onPage,
  announce = false,
}: {
  label: string;
  page: number;
  pages: number;
  summary: string;
  onPage: (page: number) => void;
  /** Read the summary out when it changes (a list without its own count announcement). */
  announce?: boolean;
}) {
  const { t } = useTranslation(['buttons']);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm"
    >
      <p className="text-muted-foreground" aria-live={announce ? 'polite' : undefined}>
        {summary}
      </p>
      <div className={pages > 1 ? 'flex gap-2' : 'hidden'}>
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('buttons:previous')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t('buttons:next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
