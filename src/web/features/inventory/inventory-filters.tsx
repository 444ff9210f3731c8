import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { ITEM_ACTIVE_FILTERS, ITEM_KINDS, ITEM_SORTS } from '@shared/inventory/contracts.ts';
import { Input, Select } from '@web/ui/input.tsx';
import { useCategories, type ItemFilters } from './inventory-api.ts';

/** Search, low stock only, category, kind, active and sort; each change goes to the URL through onChange. */
export function FilterBar({
  filters,
  search,
  onSearch,
  onChange,
}: {
  filters: ItemFilters;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<ItemFilters>) => void;
}) {
  const { t } = useTranslation('inventory');
  const categories = useCategories();
  return (
    <div className="flex flex-col gap-3 border-b border-border p-4 sm:px-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('inventory:filters.searchPlaceholder')}
            aria-label={t('inventory:filters.search')}
            className="pl-9"
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium whitespace-nowrap text-foreground">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={filters.lowStock}
            onChange={(e) => onChange({ lowStock: e.target.checked })}
          />
          {t('inventory:filters.lowStockOnly')}
        </label>
      </div>
      <div className="grid gap-3 min-[25rem]:grid-cols-2 md:grid-cols-4">
        <Select
          aria-label={t('inventory:filters.category')}
          value={filters.category}
          onChange={(e) => onChange({ category: e.target.value })}
        >
          <option value="">{t('inventory:filters.allCategories')}</option>
          {(categories.data?.categories ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          {filters.category && !categories.data?.categories.includes(filters.category) ? (
            <option value={filters.category}>{filters.category}</option>
          ) : null}
        </Select>
        <Select
          aria-label={t('inventory:filters.kind')}
          value={filters.kind}
          onChange={(e) => onChange({ kind: e.target.value as ItemFilters['kind'] })}
        >
          <option value="">{t('inventory:filters.allKinds')}</option>
          {ITEM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`inventory:kindsPlural.${k}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('inventory:filters.active')}
          value={filters.active}
          onChange={(e) => onChange({ active: e.target.value as ItemFilters['active'] })}
        >
          {ITEM_ACTIVE_FILTERS.map((a) => (
            <option key={a} value={a}>
              {t(`inventory:filters.activeOptions.${a}`)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('inventory:filters.sort')}
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value })}
        >
          {ITEM_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`inventory:sorts.${s}`)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
