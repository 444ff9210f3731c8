import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal, X } from 'lucide-react';
import { DOCUMENT_TYPES, LINK_RECORD_TYPES, type TDocumentTag } from '@shared/documents/contracts.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { Field } from '@web/ui/field.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { CorrespondentPicker } from './correspondent-picker.tsx';
import { isFiltered, type DocumentFilters } from './document-filters.ts';

/**
 * Search (full text, sent 300 ms after the last key) and the filters: type, tag, correspondent, date range,
 * linked record type. On phones the filters fold behind a button that says how many are on.
 */
export const DocumentsFiltersBar = forwardRef<
  HTMLInputElement,
  {
    filters: DocumentFilters;
    tags: TDocumentTag[];
    onChange: (patch: Partial<DocumentFilters>) => void;
    onReset: () => void;
  }
>(function DocumentsFiltersBar({ filters, tags, onChange, onReset }, searchRef) {
  const { t } = useTranslation(['documents']);
  const [text, setText] = useState(filters.q);
  const [open, setOpen] = useState(false);

  // The URL is the truth: a reset or Back shows its text.
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const active = [
    filters.type,
    filters.tagId,
    filters.correspondent,
    filters.from || filters.to,
    filters.linkedType || filters.linkedId,
  ].filter(Boolean).length;

  return (
    <div className="grid gap-3 border-b border-border px-5 py-4">
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchInput
            ref={searchRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('documents:filters.searchPlaceholder')}
            aria-label={t('documents:filters.search')}
            aria-keyshortcuts="/"
            data-testid="documents-search"
          />
        </div>
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={open}
          aria-controls="documents-filters"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {active > 0 ? t('documents:filters.toggleCount', { count: active }) : t('documents:filters.toggle')}
        </Button>
      </div>
      <div
        id="documents-filters"
        className={cn(
          'grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid md:grid-cols-3 2xl:grid-cols-6',
          !open && 'hidden',
        )}
      >
        <SelectField
          label={t('documents:filters.type')}
          value={filters.type}
          onChange={(e) => onChange({ type: e.target.value as DocumentFilters['type'] })}
        >
          <ChoiceOptions
            values={DOCUMENT_TYPES}
            label={(v) => t(`documents:types.${v}`)}
            empty={t('documents:filters.anyType')}
          />
        </SelectField>
        <SelectField
          label={t('documents:filters.tag')}
          value={filters.tagId}
          onChange={(e) => onChange({ tagId: e.target.value })}
        >
          <option value="">{t('documents:filters.anyTag')}</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </SelectField>
        <Field label={t('documents:filters.correspondent')}>
          {(props) => (
            <CorrespondentPicker
              controlProps={props}
              value={filters.correspondent}
              onChange={(correspondent) => onChange({ correspondent })}
              placeholder={t('documents:filters.correspondentPlaceholder')}
            />
          )}
        </Field>
        <InputField
          label={t('documents:filters.from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
        <InputField
          label={t('documents:filters.to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
        <SelectField
          label={t('documents:filters.linked')}
          value={filters.linkedType}
          onChange={(e) =>
            onChange({ linkedType: e.target.value as DocumentFilters['linkedType'], linkedId: '' })
          }
        >
          <ChoiceOptions
            values={LINK_RECORD_TYPES}
            label={(v) => t(`documents:links.types.${v}`)}
            empty={t('documents:filters.anyLink')}
          />
        </SelectField>
        {filters.linkedId ? (
          <div className="flex items-end">
            <Button variant="outline" onClick={() => onChange({ linkedId: '' })}>
              <X aria-hidden="true" className="size-4" />
              {t('documents:filters.linkedRecord')}
            </Button>
          </div>
        ) : null}
        {isFiltered(filters) ? (
          <div className="flex items-end">
            <Button variant="ghost" onClick={onReset}>
              {t('documents:filters.reset')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
});
