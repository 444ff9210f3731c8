import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatDate, formatMonth } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import {
  RANGE_KINDS,
  rangeKindOf,
  rangeOfKind,
  shiftRange,
  type DateRange,
  type RangeKind,
} from '@shared/reports/periods.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button } from '@web/ui/button.tsx';
import { ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';

/** How a range reads: "November 2026", "Q4 2026", "2026", or its two dates. */
export function useRangeLabel() {
  const { t } = useTranslation('reports');
  const locale = localeOf(currentLanguage());
  return (range: DateRange) => {
    const kind = rangeKindOf(range);
    const year = range.from.slice(0, 4);
    if (kind === 'month') return formatMonth(range.from.slice(0, 7), locale, 'long');
    if (kind === 'quarter') return t('vat.quarter', { n: (Number(range.from.slice(5, 7)) + 2) / 3, year });
    if (kind === 'year') return year;
    return t('period.between', { from: formatDate(range.from, locale), to: formatDate(range.to, locale) });
  };
}

/**
 * A report's period: month, quarter, year or custom dates, with arrows to the period before and after. The
 * range itself lives in the address (`useReportRange`); custom shows two date fields.
 */
export function PeriodPicker({
  range,
  onChange,
}: {
  range: DateRange;
  /** Only the dates that changed: a custom date typed right after the other must not undo it. */
  onChange: (range: Partial<DateRange>) => void;
}) {
  const { t } = useTranslation('reports');
  const label = useRangeLabel();
  // "Custom" stays chosen while the dates still happen to form a whole month.
  const [customChosen, setCustomChosen] = useState(false);
  const kind: RangeKind = customChosen ? 'custom' : rangeKindOf(range);
  const choose = (next: RangeKind) => {
    setCustomChosen(next === 'custom');
    if (next !== 'custom') onChange(rangeOfKind(next, range.from));
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={t('period.label')}
        value={kind}
        className="w-36"
        onChange={(e) => choose(e.target.value as RangeKind)}
      >
        <ChoiceOptions values={RANGE_KINDS} label={(k) => t(`period.kinds.${k}`)} />
      </SelectField>
      {kind === 'custom' ? (
        <>
          <InputField
            label={t('period.from')}
            type="date"
            value={range.from}
            className="w-40"
            onChange={(e) => onChange({ from: e.target.value })}
          />
          <InputField
            label={t('period.to')}
            type="date"
            value={range.to}
            className="w-40"
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </>
      ) : (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('period.previous')}
            onClick={() => onChange(shiftRange(range, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <span aria-live="polite" className="min-w-32 px-2 text-center text-sm font-medium capitalize">
            {label(range)}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('period.next')}
            onClick={() => onChange(shiftRange(range, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
