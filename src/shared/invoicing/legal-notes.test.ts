import { describe, expect, it } from 'vitest';
import { VAT_NATURES, type LegalNoteKey } from './document.ts';
import { legalNoteText, natureLegalReference } from './legal-notes.ts';

const KEYS: LegalNoteKey[] = [
  'forfettario',
  'splitPayment',
  'reverseCharge',
  'stampDuty',
  'exemptNature',
  'withholding',
];

describe('legalNoteText', () => {
  it('gives the Italian legal wording', () => {
    expect(legalNoteText('forfettario', 'it')).toBe(
      "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, della Legge n. 190/2014 – Regime " +
        "forfettario. Operazione senza applicazione dell'IVA e non soggetta a ritenuta d'acconto ai sensi " +
        "dell'art. 1, comma 67, L. 190/2014.",
    );
    expect(legalNoteText('splitPayment', 'it')).toBe('Scissione dei pagamenti – art. 17-ter DPR 633/72');
    expect(legalNoteText('reverseCharge', 'it')).toBe('Inversione contabile – art. 17 DPR 633/72');
    expect(legalNoteText('stampDuty', 'it')).toBe(
      'Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014',
    );
    expect(legalNoteText('withholding', 'it')).toMatch(/ritenuta d'acconto.*art\. 25 DPR 600\/73/);
    expect(legalNoteText('exemptNature', 'it')).toMatch(/art\. 21, comma 6, DPR 633\/72/);
  });
  it('renders each note in English, keeping the Italian legal reference', () => {
    const references: Record<LegalNoteKey, RegExp> = {
      forfettario: /190\/2014.*comma|paragraph 67/,
      splitPayment: /art\. 17-ter DPR 633\/72/,
      reverseCharge: /art\. 17 DPR 633\/72/,
      stampDuty: /DM 17\/06\/2014/,
      exemptNature: /DPR 633\/72/,
      withholding: /art\. 25 DPR 600\/73/,
    };
    for (const key of KEYS) {
      const en = legalNoteText(key, 'en');
      expect(en, key).not.toBe(legalNoteText(key, 'it'));
      expect(en, key).toMatch(references[key]);
    }
    expect(legalNoteText('forfettario', 'en')).toMatch(/flat-rate scheme.*No VAT.*withholding/);
    expect(legalNoteText('reverseCharge', 'en')).toMatch(/^Reverse charge/);
  });
});

describe('natureLegalReference', () => {
  it('fits RiferimentoNormativo (≤ 100 Latin-1 characters) for every Natura and regime', () => {
    for (const regime of ['RF01', 'RF02', 'RF19']) {
      for (const nature of VAT_NATURES) {
        const text = natureLegalReference(nature, regime);
        expect(text.length, `${regime} ${nature}`).toBeLessThanOrEqual(100);
        expect(text, `${regime} ${nature}`).toMatch(/^[\x20-\x7e\xa0-\xff]+$/);
      }
    }
  });
  it('cites the right law', () => {
    expect(natureLegalReference('N2.2', 'RF19')).toBe(
      "Operazione in franchigia da IVA ai sensi dell'art. 1, commi 54-89, L. 190/2014",
    );
    expect(natureLegalReference('N2.2', 'RF02')).toMatch(/art\. 27.*DL 98\/2011/);
    expect(natureLegalReference('N2.2', 'RF01')).not.toMatch(/190\/2014/);
    expect(natureLegalReference('N4', 'RF01')).toBe('Esente art. 10 DPR 633/72');
    expect(natureLegalReference('N1', 'RF01')).toBe('Escluso art. 15 DPR 633/72');
    expect(natureLegalReference('N3.2', 'RF01')).toMatch(/art\. 41 DL 331\/93/);
    expect(natureLegalReference('N3.5', 'RF01')).toMatch(/art\. 8, c\. 1, lett\. c\)/);
    for (const nature of VAT_NATURES.filter((n) => n.startsWith('N6'))) {
      expect(natureLegalReference(nature, 'RF01'), nature).toMatch(/^Inversione contabile - .*art\. (17|74)/);
    }
    expect(natureLegalReference('N6.7', 'RF01')).toMatch(/art\. 17 c\. 6 lett\. a-ter\)/);
    expect(natureLegalReference('N6.3', 'RF01')).toMatch(/art\. 17 c\. 6 lett\. a\)/);
  });
  it('gives every Natura its own reference', () => {
    const texts = VAT_NATURES.map((n) => natureLegalReference(n, 'RF01'));
    expect(new Set(texts).size).toBe(VAT_NATURES.length);
  });
});
