import { PROVINCE_CODES, PROVINCES } from '@shared/business-profile/provinces.ts';
import { ChoiceOptions } from './form-fields.tsx';

/** The Italian provinces as options of a select, "Milano (MI)", after an empty "choose" option. */
export function ProvinceOptions({ empty }: { empty: string }) {
  return (
    <ChoiceOptions values={PROVINCE_CODES} label={(code) => `${PROVINCES[code]} (${code})`} empty={empty} />
  );
}
