import type { Locale } from '../errors/error-codes.ts';

/**
 * FatturaPA RegimeFiscale codes (schema v1.2.2, RegimeFiscaleType). RF03 was withdrawn and does not exist.
 * Italian labels follow the schema's descriptions; `law` is the reference they cite.
 */
export const TAX_REGIMES = {
  RF01: { it: 'Regime ordinario', en: 'Ordinary regime', law: '' },
  RF02: {
    it: 'Regime dei contribuenti minimi',
    en: 'Minimum taxpayers regime',
    law: 'art. 1, c. 96-117, L. 244/2007',
  },
  RF04: {
    it: 'Agricoltura e attività connesse e pesca',
    en: 'Agriculture, related activities and fishing',
    law: 'artt. 34 e 34-bis, D.P.R. 633/1972',
  },
  RF05: {
    it: 'Vendita sali e tabacchi',
    en: 'Sale of salt and tobacco',
    law: 'art. 74, c. 1, D.P.R. 633/1972',
  },
  RF06: { it: 'Commercio dei fiammiferi', en: 'Trade in matches', law: 'art. 74, c. 1, D.P.R. 633/1972' },
  RF07: { it: 'Editoria', en: 'Publishing', law: 'art. 74, c. 1, D.P.R. 633/1972' },
  RF08: {
    it: 'Gestione di servizi di telefonia pubblica',
    en: 'Public telephone services',
    law: 'art. 74, c. 1, D.P.R. 633/1972',
  },
  RF09: {
    it: 'Rivendita di documenti di trasporto pubblico e di sosta',
    en: 'Resale of public transport and parking tickets',
    law: 'art. 74, c. 1, D.P.R. 633/1972',
  },
  RF10: {
    it: 'Intrattenimenti, giochi e altre attività di cui alla tariffa allegata al D.P.R. 640/72',
    en: 'Entertainment, gaming and other activities (D.P.R. 640/72)',
    law: 'art. 74, c. 6, D.P.R. 633/1972',
  },
  RF11: {
    it: 'Agenzie di viaggi e turismo',
    en: 'Travel and tourism agencies',
    law: 'art. 74-ter, D.P.R. 633/1972',
  },
  RF12: { it: 'Agriturismo', en: 'Farm holidays (agriturismo)', law: 'art. 5, c. 2, L. 413/1991' },
  RF13: { it: 'Vendite a domicilio', en: 'Door-to-door sales', law: 'art. 25-bis, c. 6, D.P.R. 600/1973' },
  RF14: {
    it: "Rivendita di beni usati, di oggetti d'arte, d'antiquariato o da collezione",
    en: "Resale of used goods, works of art, antiques or collectors' items",
    law: 'art. 36, D.L. 41/1995',
  },
  RF15: {
    it: "Agenzie di vendite all'asta di oggetti d'arte, antiquariato o da collezione",
    en: "Auction houses for works of art, antiques or collectors' items",
    law: 'art. 40-bis, D.L. 41/1995',
  },
  RF16: {
    it: 'IVA per cassa P.A.',
    en: 'Cash-basis VAT (public administration)',
    law: 'art. 6, c. 5, D.P.R. 633/1972',
  },
  RF17: { it: 'IVA per cassa', en: 'Cash-basis VAT', law: 'art. 32-bis, D.L. 83/2012' },
  RF18: { it: 'Altro', en: 'Other', law: '' },
  RF19: {
    it: 'Regime forfettario',
    en: 'Flat-rate regime (forfettario)',
    law: 'art. 1, c. 54-89, L. 190/2014',
  },
} as const satisfies Record<string, { it: string; en: string; law: string }>;

export type TaxRegimeCode = keyof typeof TAX_REGIMES;

/** The codes in order, for z.enum and select options. */
export const TAX_REGIME_CODES = Object.keys(TAX_REGIMES) as [TaxRegimeCode, ...TaxRegimeCode[]];

export const DEFAULT_TAX_REGIME: TaxRegimeCode = 'RF01';

export function isTaxRegimeCode(value: unknown): value is TaxRegimeCode {
  return typeof value === 'string' && Object.hasOwn(TAX_REGIMES, value);
}

/** "RF19 – Regime forfettario" style labels are left to the caller; this is the description alone. */
export function taxRegimeLabel(code: TaxRegimeCode, locale: Locale): string {
  return TAX_REGIMES[code][locale];
}
