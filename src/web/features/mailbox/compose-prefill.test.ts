import { describe, expect, it } from 'vitest';
import { emptyDraft } from './compose-draft.ts';
import {
  documentLabelKey,
  prefilledDraft,
  type DocumentLabelKey,
  type PrefillSource,
} from './compose-prefill.ts';

const CLIENT = '44444444-4444-4444-8444-444444444444';
const INVOICE = '55555555-5555-4555-8555-555555555555';
const QUOTE = '66666666-6666-4666-8666-666666666666';
const ACCOUNT = '77777777-7777-4777-8777-777777777777';

const TEXTS: Record<DocumentLabelKey, string> = {
  'mailbox:documents.invoice': 'Fattura {{number}}',
  'mailbox:documents.invoiceDraft': 'Fattura (bozza)',
  'mailbox:documents.creditNote': 'Nota di credito {{number}}',
  'mailbox:documents.quote': 'Preventivo {{number}}',
};
const label = (key: DocumentLabelKey, values: { number: string }) =>
  TEXTS[key].replace('{{number}}', values.number);

const rossi = { name: 'Officine Rossi S.r.l.', email: 'amministrazione@rossi.example' };
const base = emptyDraft(ACCOUNT, '<p>Anna</p>');

function source(patch: Partial<PrefillSource>): PrefillSource {
  return {
    request: { recipient: '', clientId: null, document: null },
    client: null,
    document: null,
    ...patch,
  };
}

describe('the composer filled from a client, an invoice or a quote (issue 16)', () => {
  it("writes to the client: its name and address in To, the rest as a new message's", () => {
    const draft = prefilledDraft(
      base,
      source({ request: { recipient: '', clientId: CLIENT, document: null }, client: rossi }),
      label,
    );
    expect(draft).toEqual({
      ...base,
      to: 'Officine Rossi S.r.l. <amministrazione@rossi.example>',
      // A template chosen in it is filled with the client's values.
      templateContext: { clientId: CLIENT },
    });
  });

  it('quotes a name with a separator, and writes the address alone when the client has no name', () => {
    const named = prefilledDraft(
      base,
      source({ client: { name: 'Rossi, Bianchi & C.', email: 'a@b.it' } }),
      label,
    );
    expect(named.to).toBe('"Rossi, Bianchi & C." <a@b.it>');
    const unnamed = prefilledDraft(base, source({ client: { name: '', email: 'a@b.it' } }), label);
    expect(unnamed.to).toBe('a@b.it');
  });

  it("the link's address wins over the client's, with the client's name", () => {
    const draft = prefilledDraft(
      base,
      source({
        request: { recipient: 'pec@rossi.example', clientId: CLIENT, document: null },
        client: rossi,
      }),
      label,
    );
    expect(draft.to).toBe('Officine Rossi S.r.l. <pec@rossi.example>');
  });

  it('from an invoice: its client, "Fattura 12/2026" and its PDF attached as a document of the app', () => {
    const draft = prefilledDraft(
      base,
      source({
        request: { recipient: '', clientId: null, document: { kind: 'invoice', id: INVOICE } },
        document: { kind: 'invoice', id: INVOICE, number: '12/2026', creditNote: false, client: rossi },
      }),
      label,
    );
    expect(draft.to).toBe('Officine Rossi S.r.l. <amministrazione@rossi.example>');
    expect(draft.subject).toBe('Fattura 12/2026');
    expect(draft.html).toBe(base.html);
    // A template chosen in it takes the invoice's values (number, total, due date).
    expect(draft.templateContext).toEqual({ invoiceId: INVOICE });
    expect(draft.attachments).toEqual([
      {
        filename: 'Fattura 12/2026.pdf',
        contentType: 'application/pdf',
        size: 0,
        document: { kind: 'invoice', id: INVOICE, format: 'pdf' },
      },
    ]);
  });

  it('names a quote, a credit note and an invoice not issued yet', () => {
    const doc = { id: QUOTE, creditNote: false, client: rossi };
    expect(documentLabelKey({ ...doc, kind: 'quote', number: 'P-3/2026' })).toBe('mailbox:documents.quote');
    expect(documentLabelKey({ ...doc, kind: 'invoice', number: '4/2026', creditNote: true })).toBe(
      'mailbox:documents.creditNote',
    );
    expect(documentLabelKey({ ...doc, kind: 'invoice', number: null })).toBe(
      'mailbox:documents.invoiceDraft',
    );
    const quote = prefilledDraft(
      base,
      source({ document: { ...doc, kind: 'quote', number: 'P-3/2026' } }),
      label,
    );
    expect(quote.subject).toBe('Preventivo P-3/2026');
    expect(quote.attachments[0]?.document).toEqual({ kind: 'quote', id: QUOTE, format: 'pdf' });
  });

  it('leaves the message as it was when nothing was found (a client without an address, a document not read)', () => {
    const draft = prefilledDraft(
      base,
      source({
        request: { recipient: '', clientId: CLIENT, document: { kind: 'invoice', id: INVOICE } },
        client: { name: 'Rossi', email: null },
      }),
      label,
    );
    expect(draft).toEqual({ ...base, templateContext: { clientId: CLIENT } });
  });
});
