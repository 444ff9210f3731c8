import { describe, expect, it } from 'vitest';
import { computeDocument } from '@shared/invoicing/compute.ts';
import type { TQuote } from '@shared/invoicing/contracts.ts';
import {
  documentDraft,
  editorPath,
  editorValuesOf,
  emptyLine,
  liveTotals,
  newEditorValues,
  parseDocument,
  type EditorValues,
} from './editor-values.ts';

const CLIENT_ID = '6f1c1f0e-8a4b-4c55-9a51-2b7c3f0d9e11';
const ordinary = { regime: 'RF01', splitPayment: false, stampDutyChargedToClient: true };

function values(patch: Partial<EditorValues> = {}): EditorValues {
  return {
    ...newEditorValues('quote', '2026-03-10'),
    client: { id: CLIENT_ID, name: 'Rossi Srl' },
    ...patch,
  };
}

describe('dates', () => {
  it('defaults valid-until and due date from the context', () => {
    const ctx = {
      regime: 'RF01',
      quoteValidityDays: 45,
      paymentTermsDays: 60,
      defaultWithholding: null,
      defaultPensionFund: null,
    };
    expect(newEditorValues('quote', '2026-01-31', ctx).validUntil).toBe('2026-03-17');
    expect(newEditorValues('invoice', '2026-01-31', ctx).dueDate).toBe('2026-04-01');
  });
});

describe('documentDraft and parseDocument', () => {
  it('reads Italian prices and decimals into the contract', () => {
    const v = values({
      lines: [
        {
          ...emptyLine(),
          description: 'Consulenza',
          quantity: '1,5',
          price: '1.234,50',
          discountPercent: '10',
        },
      ],
    });
    const result = parseDocument(v, 'quote', 'it');
    expect(result.success).toBe(true);
    if (!result.success) return;
    const [line] = result.data.input.lines;
    expect(line).toMatchObject({
      quantity: '1.5',
      unitPriceCents: 123450,
      discountPercent: '10',
      vatRate: 22,
      nature: null,
    });
  });

  it('reads English prices in the English interface', () => {
    const v = values({ lines: [{ ...emptyLine(), description: 'Design', price: '1,234.50' }] });
    const draft = documentDraft(v, 'quote', 'en');
    expect(draft.lines[0]?.unitPriceCents).toBe(123450);
  });

  it('puts the contract messages on the form fields', () => {
    const v = values({
      client: null,
      lines: [{ ...emptyLine(), description: ' ', price: 'abc', vatRate: '0', nature: '' }],
    });
    const result = parseDocument(v, 'quote', 'it');
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      client: 'invoicing.errors.clientRequired',
      'lines.0.description': 'invoicing.errors.descriptionRequired',
      'lines.0.price': 'invoicing.errors.priceInvalid',
    });
  });

  it('asks for the Natura of a line at 0 % and drops it above 0 %', () => {
    const zero = parseDocument(
      values({ lines: [{ ...emptyLine(), description: 'Export', price: '10', vatRate: '0', nature: '' }] }),
      'quote',
      'it',
    );
    expect(zero.success).toBe(false);
    if (!zero.success)
      expect(zero.issues).toContainEqual({
        path: 'lines.0.nature',
        message: 'invoicing.errors.natureRequired',
      });
    const draft = documentDraft(
      values({ lines: [{ ...emptyLine(), description: 'X', price: '10', vatRate: '22', nature: 'N4' }] }),
      'quote',
      'it',
    );
    expect(draft.lines[0]?.nature).toBeNull();
  });

  it('refuses a validity or due date before the issue date', () => {
    const quote = parseDocument(
      values({ validUntil: '2026-03-01', lines: [{ ...emptyLine(), description: 'X', price: '1' }] }),
      'quote',
      'it',
    );
    expect(quote.success).toBe(false);
    if (!quote.success)
      expect(quote.issues[0]).toEqual({
        path: 'validUntil',
        message: 'invoicing.errors.validUntilBeforeIssue',
      });
    const invoice = parseDocument(
      { ...values({ lines: [{ ...emptyLine(), description: 'X', price: '1' }] }), dueDate: '2026-03-09' },
      'invoice',
      'it',
    );
    expect(invoice.success).toBe(false);
    if (!invoice.success) expect(invoice.issues[0]?.path).toBe('dueDate');
  });

  it('sends withholding and pension fund only when switched on', () => {
    const v = values({
      lines: [{ ...emptyLine(), description: 'X', price: '100' }],
      withholdingOn: true,
      withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
    });
    const result = parseDocument(v, 'invoice', 'it', { documentType: 'TD01', relatedInvoiceId: null });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.input.withholding).toEqual({ type: 'RT01', ratePercent: '20', causale: 'A' });
    expect(result.data.input.pensionFund).toBeNull();
  });

  it('catches what the e-invoice refuses on its field: an emoji, the abolished causale Z (issue 12, point 14)', () => {
    const v = values({
      lines: [
        { ...emptyLine(), description: 'Consulenza', price: '100' },
        { ...emptyLine(), description: 'Grafica 🎨', price: '100' },
      ],
      withholdingOn: true,
      withholding: { type: 'RT01', ratePercent: '20', causale: 'Z' },
    });
    const result = parseDocument(v, 'invoice', 'it', { documentType: 'TD01', relatedInvoiceId: null });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues).toEqual([
      { path: 'lines.1.description', message: 'invoicing.errors.unsupportedCharacters' },
      { path: 'withholding.causale', message: 'invoicing.errors.causaleInvalid' },
    ]);
    // € and typographic quotes have Latin forms: accepted.
    const fine = values({ lines: [{ ...emptyLine(), description: 'Caffè “espresso” 1 €', price: '1' }] });
    expect(parseDocument(fine, 'quote', 'it').success).toBe(true);
  });
});

describe('e-invoice references (issue 12, point 18)', () => {
  it('sends an untouched block as null, typed amounts as cents, and round-trips a stored invoice', () => {
    const base = values({ lines: [{ ...emptyLine(), description: 'X', price: '100' }] });
    const extra = { documentType: 'TD01' as const, relatedInvoiceId: null };
    const plain = parseDocument(base, 'invoice', 'it', extra);
    expect(plain.success && plain.data.kind === 'invoice' && plain.data.input.references).toEqual({
      purchase: null,
      intentDeclaration: null,
      instalments: [],
      deferred: false,
      deliveryNotes: [],
    });
    const typed = values({
      ...base,
      references: {
        ...base.references,
        purchase: { kind: 'contract', documentId: 'Rep. 5', date: '', cig: 'z1a2b3c4d5', cup: '' },
        instalments: [
          { dueDate: '2026-04-10', amount: '61,00' },
          { dueDate: '2026-05-10', amount: '61,00' },
        ],
        deferred: true,
        deliveryNotes: [{ number: 'DDT 3', date: '2026-03-02' }],
      },
    });
    const parsed = parseDocument(typed, 'invoice', 'it', extra);
    expect(parsed.success).toBe(true);
    if (!parsed.success || parsed.data.kind !== 'invoice') return;
    expect(parsed.data.input.references).toEqual({
      purchase: { kind: 'contract', documentId: 'Rep. 5', date: null, cig: 'Z1A2B3C4D5', cup: null },
      intentDeclaration: null,
      instalments: [
        { dueDate: '2026-04-10', amountCents: 6100 },
        { dueDate: '2026-05-10', amountCents: 6100 },
      ],
      deferred: true,
      deliveryNotes: [{ number: 'DDT 3', date: '2026-03-02' }],
    });
  });

  it('puts reference problems on their fields', () => {
    const v = values({
      lines: [{ ...emptyLine(), description: 'X', price: '100' }],
      references: {
        purchase: { kind: 'order', documentId: '', date: '', cig: '123', cup: '' },
        intent: { protocol: '12-3', date: '2026-01-10' },
        instalments: [{ dueDate: '2026-04-10', amount: 'abc' }],
        deferred: true,
        deliveryNotes: [],
      },
    });
    const result = parseDocument(v, 'invoice', 'it', { documentType: 'TD01', relatedInvoiceId: null });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      'references.purchase.documentId': 'invoicing.errors.purchaseIdInvalid',
      'references.purchase.cig': 'invoicing.errors.cigInvalid',
      'references.intent.protocol': 'invoicing.errors.intentProtocolInvalid',
      'references.instalments.0.amount': 'invoicing.errors.amountInvalid',
    });
    const noNotes = values({
      lines: [{ ...emptyLine(), description: 'X', price: '100' }],
      references: {
        ...v.references,
        purchase: { ...v.references.purchase, cig: '' },
        intent: { protocol: '', date: '' },
        instalments: [],
        deferred: true,
      },
    });
    const deferred = parseDocument(noNotes, 'invoice', 'it', {
      documentType: 'TD01',
      relatedInvoiceId: null,
    });
    expect(deferred.success ? [] : deferred.issues).toEqual([
      { path: 'references.deliveryNotes.root', message: 'invoicing.errors.deliveryNotesRequired' },
    ]);
  });
});

describe('editorPath', () => {
  it.each([
    ['clientId', 'client'],
    ['lines', 'lines.root'],
    ['lines.2.unitPriceCents', 'lines.2.price'],
    ['lines.2.quantity', 'lines.2.quantity'],
    ['withholding.ratePercent', 'withholding.ratePercent'],
  ])('%s → %s', (path, field) => {
    expect(editorPath(path)).toBe(field);
  });

  it('reads zod paths too', () => {
    expect(editorPath(['lines', 0, 'unitPriceCents'])).toBe('lines.0.price');
  });
});

describe('liveTotals', () => {
  it('gives exactly what computeDocument gives the server for the parsed lines', () => {
    const v = values({
      lines: [
        { ...emptyLine(), description: 'A', quantity: '3', price: '33,33', discountPercent: '10' },
        { ...emptyLine(), description: 'B', quantity: '0,3333', price: '100', vatRate: '10' },
        { ...emptyLine(), description: 'C', quantity: '1', price: '80', vatRate: '0', nature: 'N4' },
      ],
      pensionFundOn: true,
      pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
      withholdingOn: true,
      withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
    });
    const live = liveTotals(v, ordinary, 'it');
    const parsed = parseDocument(v, 'quote', 'it');
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const server = computeDocument(parsed.data.input.lines, {
      ...ordinary,
      withholding: parsed.data.input.withholding,
      pensionFund: parsed.data.input.pensionFund,
    });
    expect(live.totals).toEqual(server);
    expect(live.excluded).toBe(0);
    expect(live.lineTotals).toEqual(server.lines.map((l) => l.totalCents));
    expect(live.totals.stampDutyCents).toBe(200);
  });

  it('leaves out lines still being typed and says how many', () => {
    const v = values({
      lines: [
        { ...emptyLine(), description: 'A', price: '10' },
        { ...emptyLine(), description: 'B', price: '' },
        { ...emptyLine(), description: 'C', price: '5', vatRate: '0', nature: '' },
      ],
    });
    const live = liveTotals(v, ordinary, 'it');
    expect(live.excluded).toBe(2);
    expect(live.lineTotals).toEqual([1000, null, null]);
    expect(live.totals.totalCents).toBe(1220);
  });

  it('applies split payment and forfettario from the context', () => {
    const v = values({ lines: [{ ...emptyLine(), description: 'A', price: '100' }] });
    const split = liveTotals(v, { ...ordinary, splitPayment: true }, 'it');
    expect(split.totals.splitPaymentVatCents).toBe(2200);
    expect(split.totals.amountDueCents).toBe(10000);
    const flat = liveTotals(v, { ...ordinary, regime: 'RF19' }, 'it');
    expect(flat.totals.vatCents).toBe(0);
    expect(flat.totals.stampDutyCents).toBe(200);
    expect(flat.totals.legalNotes).toContain('forfettario');
  });

  it('flags a withholding rate that is not valid and leaves it out', () => {
    const v = values({
      lines: [{ ...emptyLine(), description: 'A', price: '100' }],
      withholdingOn: true,
      withholding: { type: 'RT01', ratePercent: 'venti', causale: 'A' },
    });
    const live = liveTotals(v, ordinary, 'it');
    expect(live.incompleteOptions).toBe(true);
    expect(live.totals.withholdingCents).toBe(0);
  });
});

describe('editorValuesOf', () => {
  it('turns a stored quote back into form text in the language', () => {
    const quote = {
      id: 'q1',
      number: 'P1/2026',
      client: { id: CLIENT_ID, name: 'Rossi Srl', email: null },
      issueDate: '2026-03-10',
      validUntil: '2026-04-09',
      status: 'draft',
      language: 'it',
      lines: [
        {
          description: 'Ore',
          quantity: '1.5',
          unit: 'h',
          unitPriceCents: 123450,
          discountPercent: '2.5',
          vatRate: 0,
          nature: 'N2.2',
        },
      ],
      withholding: null,
      pensionFund: null,
      notes: null,
      terms: 'Pagamento a 30 giorni',
      pdfTemplate: 'modern',
    } as unknown as TQuote;
    const v = editorValuesOf(quote, 'it');
    expect(v.lines[0]).toMatchObject({
      quantity: '1,5',
      price: '1.234,50',
      discountPercent: '2,5',
      vatRate: '0',
      nature: 'N2.2',
      unit: 'h',
    });
    expect(v).toMatchObject({
      validUntil: '2026-04-09',
      terms: 'Pagamento a 30 giorni',
      pdfTemplate: 'modern',
      withholdingOn: false,
    });
    const again = parseDocument(v, 'quote', 'it');
    expect(again.success).toBe(true);
    if (again.success)
      expect(again.data.input.lines[0]).toMatchObject({
        quantity: '1.5',
        unitPriceCents: 123450,
        discountPercent: '2.5',
      });
  });
});
