import { UNIT_LABELS, type Unit } from '@shared/inventory/contracts.ts';
import { formatNumber } from '@shared/format/format.ts';
import { formatCentsPlain } from '@shared/imports/money.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';

/** Display helpers of the inventory screens, in the interface language. */

export function unitSymbol(unit: string): string {
  return UNIT_LABELS[unit as Unit]?.symbol ?? unit;
}

/** 12.5 → "12,5" (it) / "12.5" (en), grouped, up to 3 decimals. */
export function formatQuantity(quantity: number, lang = currentLanguage()): string {
  return formatNumber(quantity, localeOf(lang), { maximumFractionDigits: 3 });
}

/** 12.5, "l" → "12,5 l". */
export function formatStock(quantity: number, unit: string, lang = currentLanguage()): string {
  return `${formatQuantity(quantity, lang)} ${unitSymbol(unit)}`;
}

/** Cents as the text of a price field: 1250 → "12,50" (it) / "12.50" (en); 0 → "". */
export function centsToInput(cents: number, lang = currentLanguage()): string {
  return cents === 0 ? '' : formatCentsPlain(cents, lang);
}

/** A quantity as the text of a field: 2.5 → "2,5" (it); null → "". */
export function quantityToInput(quantity: number | null, lang = currentLanguage()): string {
  if (quantity === null) return '';
  const text = String(quantity);
  return lang === 'it' ? text.replace('.', ',') : text;
}
