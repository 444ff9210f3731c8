import { partitaIvaCheckDigit } from '@shared/business-profile/italian-tax-ids.ts';

/** A valid Partita IVA built from `n` (its check digit computed), distinct for each `n`. */
export function piva(n: number): string {
  const first = `0${String(n).padStart(9, '0')}`;
  return first + partitaIvaCheckDigit(first);
}
