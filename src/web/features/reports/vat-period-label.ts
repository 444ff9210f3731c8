import type { TFunction } from 'i18next';
import { formatMonth } from '@shared/format/format.ts';
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
  return formatMonth(`${year}-${String(period).padStart(2, '0')}`, locale, 'long');
}
