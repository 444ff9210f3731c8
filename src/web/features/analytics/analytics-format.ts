import type { TFunction } from 'i18next';
import { formatNumber, formatPercent } from '@shared/format/format.ts';

/** How the page writes its ratios and day counts; "—"-free: a missing figure says why in words. */
export function analyticsFormat(t: TFunction, locale: string) {
  const days = (value: number) => formatNumber(value, locale, { maximumFractionDigits: 1 });
  return {
    days: (value: number | null) =>
      value === null ? t('analytics:none') : t('analytics:days', { count: value, days: days(value) }),
    /** Days from the due date: "3.5 days late", "2 days early", "on the due date". */
    delay: (value: number | null) => {
      if (value === null) return t('analytics:none');
      if (value === 0) return t('analytics:payments.onTime');
      const key = value > 0 ? 'analytics:payments.late' : 'analytics:payments.early';
      return t(key, { count: Math.abs(value), days: days(Math.abs(value)) });
    },
    percent: (ratio: number | null) => (ratio === null ? t('analytics:none') : formatPercent(ratio, locale)),
    turnover: (value: number | null) =>
      value === null
        ? t('analytics:turnover.notEnoughData')
        : t('analytics:turnover.times', {
            value: formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
          }),
  };
}
