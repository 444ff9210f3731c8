import { describe, expect, it } from 'vitest';
import { pecStatusOf } from '@shared/mailbox/pec.ts';
import { parseMessage } from '../ingest/parse-message.ts';
import { pecReceiptOf } from './receipts.ts';
import { pecReceipt as receipt } from '../../../../../test/helpers/pec.ts';

describe('PEC receipts (DM 2/11/2005)', () => {
  it('reads the kind, the message it refers to and the recipient of a delivery', async () => {
    const parsed = await parseMessage(
      receipt({
        kind: 'avvenuta-consegna',
        refersTo: '<offerta.1@bianchi.example>',
        consegna: 'cliente@pec.rossi.example',
      }),
    );
    expect(pecReceiptOf(parsed)).toEqual({
      kind: 'avvenuta-consegna',
      refersTo: '<offerta.1@bianchi.example>',
      recipient: 'cliente@pec.rossi.example',
      error: null,
    });
  });

  it('takes the message from the certified data when the header is missing, and the reason of a failure', async () => {
    const parsed = await parseMessage(
      receipt({
        kind: 'errore-consegna',
        refersTo: '<offerta.2@bianchi.example>',
        errore: 'no-dest',
        erroreEsteso: '5.1.1 - Casella inesistente',
        header: false,
      }),
    );
    expect(pecReceiptOf(parsed)).toMatchObject({
      kind: 'errore-consegna',
      refersTo: '<offerta.2@bianchi.example>',
      error: '5.1.1 - Casella inesistente',
    });
  });

  it('ignores ordinary mail and unknown kinds', async () => {
    const plain = await parseMessage(Buffer.from('From: a@b.it\r\nSubject: x\r\n\r\nciao\r\n'));
    expect(pecReceiptOf(plain)).toBeNull();
    const odd = await parseMessage(receipt({ kind: 'ricevuta-strana', refersTo: '<x@y>' }));
    expect(pecReceiptOf(odd)).toBeNull();
  });

  it('derives the legal status: a failure wins, then delivery, the 12-hour notice, acceptance', () => {
    expect(pecStatusOf([])).toBe('waiting');
    expect(pecStatusOf(['accettazione'])).toBe('accepted');
    expect(pecStatusOf(['accettazione', 'preavviso-errore-consegna'])).toBe('warning');
    expect(pecStatusOf(['accettazione', 'avvenuta-consegna'])).toBe('delivered');
    expect(pecStatusOf(['accettazione', 'avvenuta-consegna', 'errore-consegna'])).toBe('not_delivered');
    expect(pecStatusOf(['non-accettazione'])).toBe('not_accepted');
  });
});
