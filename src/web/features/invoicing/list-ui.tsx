import { useEffect, useState } from 'react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Field } from '@web/ui/field.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';

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
        <SearchInput
          {...props}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
        />
      )}
    </Field>
  );
}

export function useNumberFormat() {
  const locale = localeOf(currentLanguage());
  return (value: number) => formatNumber(value, locale);
}
