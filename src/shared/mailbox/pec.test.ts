import { describe, expect, it } from 'vitest';
import { pecRecipientStates } from './pec.ts';

describe('pecRecipientStates', () => {
  it('tells each recipient’s delivery from the receipts that name it', () => {
    const receipts = [
      { kind: 'accettazione' as const, recipient: null },
      { kind: 'avvenuta-consegna' as const, recipient: 'Anna@PEC.rossi.it' },
      { kind: 'errore-consegna' as const, recipient: 'luca@pec.verdi.it' },
    ];
    expect(
      pecRecipientStates(receipts, [
        'anna@pec.rossi.it',
        'luca@pec.verdi.it',
        'sara@pec.bianchi.it',
        ' anna@pec.rossi.it',
      ]),
    ).toEqual([
      { address: 'anna@pec.rossi.it', state: 'delivered' },
      { address: 'luca@pec.verdi.it', state: 'not_delivered' },
      { address: 'sara@pec.bianchi.it', state: 'waiting' },
    ]);
  });

  it('a failure wins over a delivery of the same recipient', () => {
    const receipts = [
      { kind: 'avvenuta-consegna' as const, recipient: 'a@pec.it' },
      { kind: 'rilevazione-virus' as const, recipient: 'a@pec.it' },
    ];
    expect(pecRecipientStates(receipts, ['a@pec.it'])).toEqual([
      { address: 'a@pec.it', state: 'not_delivered' },
    ]);
  });
});
