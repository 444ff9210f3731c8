import type { LegalNoteKey, VatNature } from './document.ts';

/**
 * The wording Italian law requires on quotes and invoices (issue 5). The Italian text is the legal one; the
 * English rendering is for documents in English and keeps the Italian legal references, since the document
 * must still cite Italian law (art. 21 DPR 633/72 requires the reason why no VAT is charged).
 */
export type DocumentLanguage = 'it' | 'en';

const NOTES: Record<LegalNoteKey, Record<DocumentLanguage, string>> = {
  forfettario: {
    it:
      "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 – Regime " +
      "forfettario. Operazione senza applicazione dell'IVA e non soggetta a ritenuta d'acconto ai sensi " +
      "dell'art. 1, comma 67, L. 190/2014.",
    en:
      'Transaction carried out under art. 1, paragraphs 54 to 89, of Law no. 190/2014 – flat-rate scheme ' +
      '(regime forfettario). No VAT applied and not subject to withholding tax under art. 1, paragraph 67, ' +
      'L. 190/2014.',
  },
  splitPayment: {
    it: 'Scissione dei pagamenti – art. 17-ter DPR 633/72',
    en: 'Split payment (scissione dei pagamenti): the VAT is paid by the client to the Treasury – art. 17-ter DPR 633/72',
  },
  reverseCharge: {
    it: 'Inversione contabile – art. 17 DPR 633/72',
    en: 'Reverse charge (inversione contabile): the VAT is due by the client – art. 17 DPR 633/72',
  },
  stampDuty: {
    it: 'Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014',
    en: 'Stamp duty paid virtually under DM 17/06/2014',
  },
  exemptNature: {
    it:
      'Operazione non soggetta, non imponibile o esente da IVA: il riferimento normativo è indicato nel ' +
      'riepilogo IVA (art. 21, comma 6, DPR 633/72).',
    en:
      'Transaction not subject to, not taxable for or exempt from VAT: the legal reference is given in the ' +
      'VAT summary (art. 21, paragraph 6, DPR 633/72).',
  },
  withholding: {
    it: "Compenso soggetto a ritenuta d'acconto ai sensi dell'art. 25 DPR 600/73",
    en: "Fee subject to withholding tax (ritenuta d'acconto) under art. 25 DPR 600/73",
  },
};

/** The legally required wording of a note, in the document's language. */
export function legalNoteText(key: LegalNoteKey, lang: DocumentLanguage): string {
  return NOTES[key][lang];
}

/** RiferimentoNormativo (≤ 100 characters, FatturaPA String100LatinType) of each Natura code. */
const NATURE_REFERENCES: Record<VatNature, string> = {
  N1: 'Escluso art. 15 DPR 633/72',
  'N2.1': 'Non soggetta ad IVA ai sensi degli artt. da 7 a 7-septies DPR 633/72',
  'N2.2': 'Operazione non soggetta ad IVA per carenza dei presupposti (artt. 1-5 DPR 633/72)',
  'N3.1': 'Non imponibile - esportazione, art. 8 DPR 633/72',
  'N3.2': 'Non imponibile - cessione intracomunitaria, art. 41 DL 331/93',
  'N3.3': 'Non imponibile - cessione verso San Marino, art. 71 DPR 633/72',
  'N3.4': 'Non imponibile - operazione assimilata alle esportazioni, artt. 8-bis e 9 DPR 633/72',
  'N3.5': "Non imponibile art. 8, c. 1, lett. c) DPR 633/72 - dichiarazione d'intento",
  'N3.6': 'Non imponibile - operazione che non concorre alla formazione del plafond (art. 72 DPR 633/72)',
  N4: 'Esente art. 10 DPR 633/72',
  N5: 'Regime del margine - art. 36 DL 41/95, IVA non esposta in fattura',
  'N6.1': 'Inversione contabile - cessione di rottami, art. 74 c. 7 e 8 DPR 633/72',
  'N6.2': 'Inversione contabile - cessione di oro e argento, art. 17 c. 5 DPR 633/72',
  'N6.3': 'Inversione contabile - subappalto nel settore edile, art. 17 c. 6 lett. a) DPR 633/72',
  'N6.4': 'Inversione contabile - cessione di fabbricati, art. 17 c. 6 lett. a-bis) DPR 633/72',
  'N6.5': 'Inversione contabile - cessione di telefoni cellulari, art. 17 c. 6 lett. b) DPR 633/72',
  'N6.6': 'Inversione contabile - cessione di prodotti elettronici, art. 17 c. 6 lett. c) DPR 633/72',
  'N6.7': 'Inversione contabile - settore edile e connessi, art. 17 c. 6 lett. a-ter) DPR 633/72',
  'N6.8': 'Inversione contabile - settore energetico, art. 17 c. 6 lett. d-bis/d-ter/d-quater DPR 633/72',
  'N6.9': 'Inversione contabile - art. 17 DPR 633/72',
  N7: 'IVA assolta in altro Stato UE - art. 41 c. 1 lett. b) DL 331/93 e art. 7-sexies DPR 633/72',
};

/** N2.2 of a forfettario (RF19) or a contribuente minimo (RF02) cites that scheme's law. */
const N22_BY_REGIME: Record<string, string> = {
  RF19: "Operazione in franchigia da IVA ai sensi dell'art. 1, commi 54-89, L. 190/2014",
  RF02: "Operazione senza applicazione dell'IVA ai sensi dell'art. 27, commi 1 e 2, DL 98/2011",
};

/** The RiferimentoNormativo of a VAT summary row with that nature, for the seller's RegimeFiscale. */
export function natureLegalReference(nature: VatNature, regime: string): string {
  return (nature === 'N2.2' ? N22_BY_REGIME[regime] : undefined) ?? NATURE_REFERENCES[nature];
}
