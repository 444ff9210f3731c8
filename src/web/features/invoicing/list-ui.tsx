import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input } from '@web/ui/input.tsx';

const SEARCH_DELAY_MS = 300;

/** The search box of a list: follows the URL (back/forward), updates it after a pause in typing. */
export function SearchField({
  label,
  placeholder,
  value,
  onSearch,
  className,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  className?: string;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (value ?? '')) return;
    const timer = setTimeout(() => onSearch(trimmed || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSearch is rebuilt each render; text and value drive it
  }, [text, value]);
  return (
    <Field label={label} className={className}>
      {(props) => (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            {...props}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
            className="pl-9"
            maxLength={100}
            autoComplete="off"
          />
        </div>
      )}
    </Field>
  );
}

/** Previous / next with "Page 2 of 5 · 43 quotes". */
export function Pagination({
  label,
  page,
  pages,
  summary,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  summary: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['buttons']);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-5 py-3 text-sm"
    >
      <p className="text-muted-foreground">{summary}</p>
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

export function useNumberFormat() {
  const locale = localeOf(currentLanguage());
  return (value: number) => formatNumber(value, locale);
}
