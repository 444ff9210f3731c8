import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { DIRECTIONS, categoryLabel, type TTransactionCategory } from '@shared/transactions/contracts.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { Card } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Field } from '@web/ui/field.tsx';
import { SearchInput } from '@web/ui/search-input.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { PERIODS, type LedgerFilters } from './filters.ts';

/** The ledger's filters: period (presets or a custom range), direction, category and text, kept in the URL. */
export function FiltersBar({
  filters,
  categories,
  onChange,
  filtered,
}: {
  filters: LedgerFilters;
  categories: TTransactionCategory[];
  onChange: (patch: Partial<LedgerFilters>) => void;
  filtered: boolean;
}) {
  const { t } = useTranslation(['transactions']);
  const language = currentLanguage();
  const [text, setText] = useState(filters.q);
  // The URL is the truth: a change there (back button, reset) shows in the box.
  useEffect(() => setText(filters.q), [filters.q]);
  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => onChange({ q: text }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <Card>
      <form
        role="search"
        aria-label={t('transactions:filters.label')}
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text });
        }}
        className="grid grid-cols-2 gap-3 p-4 sm:gap-4 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,1.4fr)] lg:items-end"
      >
        <Field label={t('transactions:filters.period')}>
          {(props) => (
            <Select
              {...props}
              value={filters.period}
              onChange={(e) => onChange({ period: e.target.value as LedgerFilters['period'] })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`transactions:filters.periods.${p}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.direction')}>
          {(props) => (
            <Select
              {...props}
              value={filters.direction}
              onChange={(e) => {
                const direction = e.target.value as LedgerFilters['direction'];
                const category = categories.find((c) => c.id === filters.categoryId);
                onChange({
                  direction,
                  categoryId:
                    category && direction && category.direction !== direction ? '' : filters.categoryId,
                });
              }}
            >
              <option value="">{t('transactions:filters.allDirections')}</option>
              {DIRECTIONS.map((d) => (
                <option key={d} value={d}>
                  {t(`transactions:direction.${d}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.category')} className="col-span-2 sm:col-span-1">
          {(props) => (
            <Select
              {...props}
              value={filters.categoryId}
              onChange={(e) => onChange({ categoryId: e.target.value })}
            >
              <option value="">{t('transactions:filters.allCategories')}</option>
              {DIRECTIONS.filter((d) => !filters.direction || d === filters.direction).map((d) => (
                <optgroup key={d} label={t(`transactions:categories.group.${d}`)}>
                  {categories
                    .filter((c) => c.direction === d)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {categoryLabel(c, language)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('transactions:filters.search')} className="col-span-2 sm:col-span-1">
          {(props) => (
            <SearchInput
              {...props}
              value={text}
              maxLength={100}
              placeholder={t('transactions:filters.searchPlaceholder')}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        {filters.period === 'custom' ? (
          <div className="col-span-2 grid grid-cols-2 gap-3 sm:gap-4">
            <Field label={t('transactions:filters.from')}>
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={filters.from}
                  onChange={(e) => onChange({ from: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('transactions:filters.to')}>
              {(props) => (
                <Input
                  {...props}
                  type="date"
                  value={filters.to}
                  onChange={(e) => onChange({ to: e.target.value })}
                />
              )}
            </Field>
          </div>
        ) : null}
        {filtered ? (
          <div
            className={cn(
              'flex items-end',
              filters.period === 'custom' ? 'col-span-2' : 'col-span-2 lg:col-span-4',
            )}
          >
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText('');
                onChange({ period: 'thisYear', from: '', to: '', direction: '', categoryId: '', q: '' });
              }}
            >
              <X aria-hidden="true" className="size-4" />
              {t('transactions:filters.reset')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
