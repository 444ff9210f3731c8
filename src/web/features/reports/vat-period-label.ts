import type { TFunction } from 'i18next';
import type { VatPeriodicityValue } from '@shared/reports/contracts.ts';

/** "November 2026" or "Q4 2026" (Italian "4° trimestre 2026"). */
export function vatPeriodLabel(
  t: TFunction<'reports'>,
  locale: string,
  year: number,
  periodicity: VatPeriodicityValue,
  period: number,
) {
  if (periodicity === 'quarterly') return t('vat.quarter', { n: period, year });
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, period - 1, 15)),
  );
}
