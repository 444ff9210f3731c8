import type { Locale } from '../errors/error-codes.ts';

/**
 * Countries by ISO 3166-1 alpha-2 code (the 249 assigned codes, plus XK for Kosovo, in use on documents);
 * names come from Intl.DisplayNames in the reader's language. Greece is GR here even though its VAT prefix is EL.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const CODES = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return CODES.has(value);
}

/** The country's name in the language ("DE", "it" → "Germania"); the code itself when unknown. */
export function countryName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Names people write that Intl does not give. */
const ALIASES: Record<string, string> = {
  uk: 'GB',
  inghilterra: 'GB',
  england: 'GB',
  granbretagna: 'GB',
  greatbritain: 'GB',
  usa: 'US',
  statiunitidamerica: 'US',
  olanda: 'NL',
  holland: 'NL',
  deutschland: 'DE',
  espana: 'ES',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  osterreich: 'AT',
  vaticano: 'VA',
  el: 'GR',
};

let byName: Map<string, string> | undefined;

/**
 * A country cell of an import file → its code: a code ("it", "IT"), or a name in Italian or English
 * ("Italia", "Germany", "Stati Uniti", "Regno Unito"); undefined when not recognised.
 */
export function countryCodeFromText(value: string): string | undefined {
  const trimmed = value.trim();
  if (isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  if (!byName) {
    byName = new Map(Object.entries(ALIASES));
    for (const locale of ['it', 'en']) {
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
      for (const code of COUNTRY_CODES) {
        const name = names.of(code);
        if (name && !byName.has(fold(name))) byName.set(fold(name), code);
      }
    }
  }
  return byName.get(fold(trimmed));
}
