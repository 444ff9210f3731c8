import { describe, expect, it } from 'vitest';
import { documentNumberCandidates, relatedDocumentsOf } from './related-documents.ts';

const docs = [
  { type: 'invoice' as const, id: 'i1', number: '12/2026' },
  { type: 'quote' as const, id: 'q7', number: 'P7/2026' },
  { type: 'invoice' as const, id: 'i2', number: 'FT-2026-004' },
];

describe('related documents', () => {
  it('reads the numbers of a subject', () => {
    expect(documentNumberCandidates('Re: Fattura n.12/2026 del 3 marzo')).toEqual(
      expect.arrayContaining(['N.12/2026', '12/2026', '3']),
    );
    expect(documentNumberCandidates('Preventivo P7/2026.')).toContain('P7/2026');
  });

  it('links the documents the subject names', () => {
    expect(relatedDocumentsOf('Domanda su fattura 12/2026 e preventivo p7/2026', docs)).toEqual([
      { type: 'invoice', id: 'i1', number: '12/2026' },
      { type: 'quote', id: 'q7', number: 'P7/2026' },
    ]);
    expect(relatedDocumentsOf('Rif. FT-2026-004: pagamento', docs)).toEqual([
      { type: 'invoice', id: 'i2', number: 'FT-2026-004' },
    ]);
    expect(relatedDocumentsOf('Fattura 13/2026', docs)).toEqual([]);
  });
});
