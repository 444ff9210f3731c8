import { crc32, deflateSync } from 'node:zlib';
import { extractText, extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { computeDocument } from '@shared/invoicing/compute.ts';
import type { DocumentSnapshot, LineInput, TaxSettings } from '@shared/invoicing/document.ts';
import { legalNoteText, natureLegalReference } from '@shared/invoicing/legal-notes.ts';
import { documentPdfFileName, renderDocumentPdf } from './render.ts';
import { INVOICE_STATUSES, QUOTE_STATUSES } from '@shared/invoicing/contracts.ts';
import { TEMPLATES, TEMPLATE_NAMES, statusColor } from './templates.ts';
import { contrastRatio } from '@shared/format/colour-contrast.ts';

const SELLER: DocumentSnapshot['seller'] = {
  name: 'Studio Rossi S.r.l.',
  firstName: null,
  lastName: null,
  vatNumber: '01234567890',
  vatCountry: 'IT',
  codiceFiscale: '01234567890',
  address: 'Corso della Repubblica 12',
  postalCode: '47121',
  city: 'Forlì',
  province: 'FC',
  country: 'IT',
  email: 'info@studiorossi.it',
  pec: 'studiorossi@pec.it',
  phone: '+39 0543 123456',
  regime: 'RF01',
  iban: 'IT60X0542811101000000123456',
  bankName: 'Banca di Forlì',
  logo: null,
};

const BUYER: DocumentSnapshot['buyer'] = {
  name: 'Bianchi Costruzioni S.p.A.',
  firstName: null,
  lastName: null,
  vatNumber: '09876543210',
  vatCountry: 'IT',
  codiceFiscale: null,
  address: 'Via Emilia 250',
  postalCode: '47122',
  city: 'Forlì',
  province: 'FC',
  country: 'IT',
  email: 'amministrazione@bianchi.it',
  pec: null,
  phone: null,
  sdiCode: 'M5UXCR1',
  isPublicAdministration: false,
  paOfficeCode: null,
};

const PA_BUYER: DocumentSnapshot['buyer'] = {
  ...BUYER,
  name: 'Comune di Cesenatico',
  vatNumber: '00220600407',
  codiceFiscale: '00220600407',
  address: 'Via Moretti 5',
  postalCode: '47042',
  city: 'Cesenatico',
  sdiCode: null,
  pec: 'protocollo@pec.comune.cesenatico.fc.it',
  isPublicAdministration: true,
  paOfficeCode: 'UFABCD',
};

const ORDINARY: TaxSettings = {
  regime: 'RF01',
  splitPayment: false,
  withholding: null,
  pensionFund: null,
  stampDutyChargedToClient: true,
};

const line = (
  description: string,
  quantity: string,
  unitPriceCents: number,
  vatRate: 22 | 10 | 4 | 0,
  discountPercent = '0',
): LineInput => ({
  description,
  quantity,
  unit: 'pz',
  unitPriceCents,
  discountPercent,
  vatRate,
  nature: vatRate === 0 ? 'N2.2' : null,
});

/** 2 × 500.00 + 3 × 150.00 −10 % at 22 %, 80.00 at 4 %: taxable 1,485.00, VAT 312.30, total 1,797.30. */
const STANDARD_LINES = [
  line('Consulenza di progetto a Forlì', '2', 50000, 22),
  line(
    "Licenza software: è incluso l'aggiornamento più recente per la città e la qualità",
    '3',
    15000,
    22,
    '10',
  ),
  line('Manuale tecnico', '1', 8000, 4),
];

function makeDoc(
  over: Partial<Omit<DocumentSnapshot, 'totals' | 'tax'>> & { tax?: Partial<TaxSettings> } = {},
): DocumentSnapshot {
  const lines = over.lines ?? STANDARD_LINES;
  const tax = { ...ORDINARY, ...over.tax };
  return {
    kind: 'invoice',
    documentType: 'TD01',
    number: '2025/0042',
    issueDate: '2025-03-05',
    dueDate: '2025-04-04',
    relatedDocument: null,
    language: 'it',
    seller: SELLER,
    buyer: BUYER,
    paymentMethod: 'bank_transfer',
    notes: 'Grazie per la fiducia.',
    terms: null,
    status: 'issued',
    ...over,
    lines,
    tax,
    totals: computeDocument(lines, tax),
  };
}

/** The extracted text with every run of white space (the no-break space of "1,00 €" too) as one space. */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const { totalPages, text } = await extractText(bytes.slice(), { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

/** A 2 × 2 RGB PNG, built by hand. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 0, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const EXPECTED = {
  it: {
    amounts: [
      '1.000,00 €',
      '150,00 €',
      '405,00 €',
      '80,00 €',
      '1.485,00 €',
      '312,30 €',
      '309,10 €',
      '1.797,30 €',
    ],
    words: ['FATTURA', 'n. 2025/0042', 'Imponibile', 'IVA', 'Totale documento', 'RIEPILOGO IVA', '10%'],
    dates: ['05/03/2025', '04/04/2025'],
    iban: 'IT60 X054 2811 1010 0000 0123 456',
  },
  en: {
    amounts: ['€1,000.00', '€150.00', '€405.00', '€80.00', '€1,485.00', '€312.30', '€309.10', '€1,797.30'],
    words: ['INVOICE', 'No. 2025/0042', 'Taxable', 'VAT', 'Document total', 'VAT SUMMARY', '10%'],
    dates: ['5 Mar 2025', '4 Apr 2025'],
    iban: 'IT60 X054 2811 1010 0000 0123 456',
  },
} as const;

describe('renderDocumentPdf: every template in both languages', () => {
  for (const template of TEMPLATE_NAMES) {
    for (const language of ['it', 'en'] as const) {
      it(`${template} / ${language}: amounts, dates, accents and € as the locale writes them`, async () => {
        const bytes = renderDocumentPdf(makeDoc({ language }), template);
        expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
        const { pages, text } = await pdfText(bytes);
        expect(pages).toBe(1);
        const want = EXPECTED[language];
        for (const s of [...want.amounts, ...want.words, ...want.dates, want.iban]) expect(text).toContain(s);
        expect(text).toContain('Forlì');
        expect(text).toContain('€');
        expect(text).toContain("è incluso l'aggiornamento più recente per la città e la qualità");
        expect(text).toContain(language === 'it' ? 'Pagina 1/1' : 'Page 1/1');
        expect(text).toContain(language === 'it' ? 'EMESSA' : 'ISSUED');
      });
    }
  }
});

describe('renderDocumentPdf: tax wording', () => {
  it('forfettario with stamp duty: the legal notes, the N2.2 reference and the €2.00 added to the total', async () => {
    for (const language of ['it', 'en'] as const) {
      const doc = makeDoc({
        language,
        seller: { ...SELLER, regime: 'RF19' },
        lines: [line('Servizio fotografico a Forlì', '1', 120000, 0)],
        tax: { regime: 'RF19' },
      });
      expect(doc.totals.legalNotes).toEqual(['forfettario', 'stampDuty']);
      const { text } = await pdfText(renderDocumentPdf(doc, 'default'));
      expect(text).toContain(oneLine(legalNoteText('forfettario', language)));
      expect(text).toContain(oneLine(legalNoteText('stampDuty', language)));
      expect(text).toContain(natureLegalReference('N2.2', 'RF19'));
      if (language === 'it') {
        expect(text).toMatch(/Imposta di bollo 2,00 €/);
        expect(text).toContain('1.202,00 €');
      } else {
        expect(text).toMatch(/Stamp duty €2\.00/);
        expect(text).toContain('€1,202.00');
      }
    }
  });

  it('stamp duty borne by the seller is shown apart and not added to the total', async () => {
    const doc = makeDoc({
      seller: { ...SELLER, regime: 'RF19' },
      lines: [line('Servizio fotografico', '1', 120000, 0)],
      tax: { regime: 'RF19', stampDutyChargedToClient: false },
    });
    const { text } = await pdfText(renderDocumentPdf(doc, 'modern'));
    expect(text).toContain("Imposta di bollo (a carico dell'emittente) 2,00 €");
    expect(text).toMatch(/Totale documento 1\.200,00 €/);
  });

  it('split payment: wording, the VAT not collected and the amount due', async () => {
    for (const language of ['it', 'en'] as const) {
      const doc = makeDoc({
        language,
        buyer: PA_BUYER,
        lines: [line('Manutenzione impianti', '1', 100000, 22)],
        tax: { splitPayment: true },
      });
      const { text } = await pdfText(renderDocumentPdf(doc, 'elegant'));
      expect(text).toContain(oneLine(legalNoteText('splitPayment', language)));
      if (language === 'it') {
        expect(text).toContain('IVA non incassata – Scissione dei pagamenti -220,00 €');
        expect(text).toContain('Totale documento 1.220,00 €');
        expect(text).toContain('Netto a pagare 1.000,00 €');
        expect(text).toContain('Codice univoco ufficio UFABCD');
        expect(text).toContain('22% (scissione)');
      } else {
        expect(text).toContain('VAT not collected – Split payment -€220.00');
        expect(text).toContain('Amount due €1,000.00');
        expect(text).toContain('PA office code UFABCD');
      }
    }
  });

  it('withholding and pension fund: both amounts, the wording and the net to pay', async () => {
    for (const language of ['it', 'en'] as const) {
      const doc = makeDoc({
        language,
        lines: [line('Consulenza fiscale', '1', 100000, 22)],
        tax: {
          withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
          pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
        },
      });
      const { text } = await pdfText(renderDocumentPdf(doc, 'minimal'));
      expect(text).toContain(oneLine(legalNoteText('withholding', language)));
      if (language === 'it') {
        expect(text).toContain('Contributo cassa previdenziale 4% 40,00 €');
        expect(text).toContain('Imponibile 1.040,00 €');
        expect(text).toContain('Totale documento 1.268,80 €');
        expect(text).toContain("Ritenuta d'acconto 20% -200,00 €");
        expect(text).toContain('Netto a pagare 1.068,80 €');
      } else {
        expect(text).toContain('Pension fund contribution 4% €40.00');
        expect(text).toContain('Withholding tax 20% -€200.00');
        expect(text).toContain('Amount due €1,068.80');
      }
    }
  });

  it('leaves art. 15 expenses (N1) out of the pension fund, and the VAT summary adds up to the lines', async () => {
    const doc = makeDoc({
      lines: [
        line('Progettazione', '1', 250000, 22),
        { ...line('Diritti di segreteria anticipati', '1', 10000, 0), nature: 'N1' },
        ...[1, 2, 3].map((n) => line(`Quota ${n}`, '0.3333', 1000, 10)),
      ],
      tax: {
        withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
        pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
      },
    });
    const { text } = await pdfText(renderDocumentPdf(doc, 'default'));
    // cassa 4 % of 2500.00 + 9.99 = 100.40 (not 104.40 with the expense)
    expect(text).toContain('Contributo cassa previdenziale 4% 100,40 €');
    // the 10 % row is 3 × 3,33 = 9,99 as the lines print it (the exact 9,999 would give 10,00)
    expect(text.split('3,33 €').length - 1).toBeGreaterThanOrEqual(3);
    expect(text).toContain('10% 9,99 € 1,00 €');
    expect(text).toContain('22% 2.600,40 € 572,09 €');
  });

  it('prints the contract with CIG and CUP, the instalments, the delivery notes and the declaration of intent', async () => {
    const doc = makeDoc({
      buyer: PA_BUYER,
      lines: [line('Manutenzione', '1', 100000, 22), { ...line('Ricambi', '1', 10000, 0), nature: 'N3.5' }],
      references: {
        purchase: {
          kind: 'contract',
          documentId: 'Rep. 12/2025',
          date: '2025-01-20',
          cig: 'Z1A2B3C4D5',
          cup: 'H11B22000000001',
        },
        intentDeclaration: { protocol: '25012312345678901-000001', date: '2025-01-23' },
        instalments: [
          { dueDate: '2025-04-04', amountCents: 66000 },
          { dueDate: '2025-05-04', amountCents: 66000 },
        ],
        deferred: true,
        deliveryNotes: [{ number: 'DDT 7/2025', date: '2025-02-27' }],
      },
    });
    const { text } = await pdfText(renderDocumentPdf(doc, 'default'));
    expect(text).toContain('Contratto Rep. 12/2025 · 20/01/2025');
    expect(text).toContain('CIG Z1A2B3C4D5');
    expect(text).toContain('CUP H11B22000000001');
    expect(text).toContain('Fattura differita TD24');
    expect(text).toContain('DDT DDT 7/2025 · 27/02/2025');
    // The long protocol may wrap in the narrow details column.
    expect(text.replace(/ /g, '')).toContain("Dichiarazioned'intento25012312345678901-000001·23/01/2025");
    expect(text).toContain('Rata 1/2: 04/04/2025 · 660,00 €');
    expect(text).toContain('Rata 2/2: 04/05/2025 · 660,00 €');
  });

  it('names the INPS contribution (TC22) as such', async () => {
    const doc = makeDoc({
      lines: [line('Progettazione grafica', '1', 100000, 22)],
      tax: { pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: true } },
    });
    const { text } = await pdfText(renderDocumentPdf(doc, 'creative'));
    expect(text).toContain('Rivalsa INPS 4% 40,00 €');
  });
});

describe('renderDocumentPdf: kinds of document', () => {
  it('a quote: title, validity date in the details and in the footer', async () => {
    const doc = makeDoc({ kind: 'quote', number: 'P-2025/7', status: 'sent', dueDate: '2025-04-04' });
    const { text } = await pdfText(renderDocumentPdf(doc, 'modern'));
    expect(text).toContain('PREVENTIVO');
    expect(text).toContain('n. P-2025/7');
    expect(text).toContain('INVIATO');
    expect(text).toContain('Valido fino al 04/04/2025');
    expect(text).toContain('Preventivo valido fino al 04/04/2025');
    expect(text).toMatch(/Totale 1\.797,30 €/);
  });

  it('a quote without a date says it is valid for 30 days', async () => {
    const doc = makeDoc({ kind: 'quote', language: 'en', dueDate: null, status: 'draft' });
    const { text } = await pdfText(renderDocumentPdf(doc, 'default'));
    expect(text).toContain('Quote valid for 30 days from the issue date');
  });

  it('a credit note cites the invoice it corrects', async () => {
    const doc = makeDoc({
      kind: 'credit_note',
      documentType: 'TD04',
      number: '2025/0050',
      relatedDocument: { number: '2025/0012', issueDate: '2025-02-01' },
    });
    const { text } = await pdfText(renderDocumentPdf(doc, 'elegant'));
    expect(text).toContain('NOTA DI CREDITO');
    expect(text).toContain('Rettifica fattura n. 2025/0012 · 01/02/2025');
  });

  it('a draft without a number says so', async () => {
    const { text } = await pdfText(
      renderDocumentPdf(makeDoc({ number: null, status: 'draft', language: 'en' }), 'default'),
    );
    expect(text).toContain('INVOICE');
    expect(text).toContain('Draft');
    expect(text).toContain('DRAFT');
  });
});

describe('renderDocumentPdf: long documents and odd input', () => {
  const many = Array.from({ length: 120 }, (_, i) =>
    line(
      i === 57
        ? `Voce 058 ${'lavorazione speciale con descrizione molto lunga '.repeat(20)}fine della voce`
        : `Voce ${String(i + 1).padStart(3, '0')} materiale di consumo`,
      '1',
      1000 + i,
      22,
    ),
  );

  it('120 lines: several pages, every line once, the table header on each page, n/N in the footer', async () => {
    const doc = makeDoc({ lines: many });
    const bytes = renderDocumentPdf(doc, 'default');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(1);
    for (let i = 1; i <= 120; i++) {
      expect(text.split(`Voce ${String(i).padStart(3, '0')} `).length - 1, `line ${i}`).toBe(1);
    }
    expect(text).toContain(
      `${'lavorazione speciale con descrizione molto lunga '.repeat(20)}fine della voce`,
    );
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Pagina ${n}/${pages}`);
    const { text: perPage } = await extractText(bytes.slice(), { mergePages: false });
    const withTable = perPage.filter((p) => /Voce \d{3}/.test(p));
    expect(withTable.length).toBeGreaterThan(1);
    for (const page of withTable) expect(page).toContain('Descrizione');
    expect(text).toContain(`Totale documento`);
  });

  it('lays no text over other text, nor off the page, in any template', async () => {
    for (const template of TEMPLATE_NAMES) {
      for (const logo of [null, tinyPng()]) {
        const doc = makeDoc({
          kind: 'credit_note',
          documentType: 'TD04',
          relatedDocument: { number: '2025/0012', issueDate: '2025-02-01' },
          seller: {
            ...SELLER,
            name: 'Studio Associato di Ingegneria e Architettura Rossi, Bianchi e Verdi',
            logo,
          },
          lines: many.slice(0, 30),
          tax: {
            withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
            pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
          },
          terms: 'Pagamento a 30 giorni data fattura.',
        });
        const { items } = await extractTextItems(renderDocumentPdf(doc, template).slice());
        const problems: string[] = [];
        for (const [p, page] of items.entries()) {
          const boxes = page.filter((item) => item.str.trim());
          for (const [i, a] of boxes.entries()) {
            if (a.x < 0 || a.x + a.width > 595.3 || a.y < 0 || a.y + a.height > 841.9) {
              problems.push(`p${p + 1} "${a.str}" off the page`);
            }
            for (const b of boxes.slice(i + 1)) {
              // Glyph boxes: from the baseline up to about the cap height.
              const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
              const dy = Math.min(a.y + a.height * 0.7, b.y + b.height * 0.7) - Math.max(a.y, b.y);
              if (dx > 0.5 && dy > 0.5) problems.push(`p${p + 1} "${a.str}" over "${b.str}"`);
            }
          }
        }
        expect(problems, `${template}${logo ? ' with logo' : ''}`).toEqual([]);
      }
    }
  });

  it('characters the font lacks do not cut the text short', async () => {
    const doc = makeDoc({ lines: [line('Caffè 🚀 consegnato\tin sede', '1', 1000, 22)] });
    const { text } = await pdfText(renderDocumentPdf(doc, 'default'));
    expect(text).toContain('Caffè ? consegnato in sede');
  });

  it('embeds a PNG logo, and ignores bytes that are no image', async () => {
    const withLogo = renderDocumentPdf(makeDoc({ seller: { ...SELLER, logo: tinyPng() } }), 'default');
    expect(Buffer.from(withLogo).toString('latin1')).toContain('/Subtype /Image');
    const broken = new Uint8Array([...tinyPng().subarray(0, 20), 1, 2, 3]);
    const withBroken = renderDocumentPdf(makeDoc({ seller: { ...SELLER, logo: broken } }), 'modern');
    expect((await pdfText(withBroken)).text).toContain('Studio Rossi S.r.l.');
    const junk = renderDocumentPdf(
      makeDoc({ seller: { ...SELLER, logo: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]) } }),
      'default',
    );
    expect(Buffer.from(junk).toString('latin1')).not.toContain('/Subtype /Image');
    expect((await pdfText(junk)).text).toContain('1.797,30 €');
  });
});

describe('documentPdfFileName', () => {
  it('follows {Kind}_{number}_{issue date}.pdf with a safe number', () => {
    const base = { issueDate: '2025-03-05' };
    expect(documentPdfFileName({ ...base, kind: 'quote', number: 'P-2025/7' })).toBe(
      'Quote_P-2025-7_2025-03-05.pdf',
    );
    expect(documentPdfFileName({ ...base, kind: 'invoice', number: '42' })).toBe('Invoice_42_2025-03-05.pdf');
    expect(documentPdfFileName({ ...base, kind: 'credit_note', number: '2025/0050' })).toBe(
      'CreditNote_2025-0050_2025-03-05.pdf',
    );
    expect(documentPdfFileName({ ...base, kind: 'invoice', number: null })).toBe(
      'Invoice_Draft_2025-03-05.pdf',
    );
  });
});

describe('templates', () => {
  const statuses = [...new Set([...QUOTE_STATUSES, ...INVOICE_STATUSES])];

  it('give every status its own colour, readable with white text on it', () => {
    for (const name of TEMPLATE_NAMES) {
      const colors = statuses.map((status) => statusColor(TEMPLATES[name], status));
      expect(new Set(colors).size, name).toBe(statuses.length);
      for (const c of colors) expect(contrastRatio(c, '#ffffff'), `${name} ${c}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(statusColor(TEMPLATES.default, 'unknown')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keep text readable: body, muted and headings on white, light text on the primary colour', () => {
    for (const name of TEMPLATE_NAMES) {
      const { colors } = TEMPLATES[name];
      for (const c of [colors.text, colors.muted, colors.heading]) {
        expect(contrastRatio(c, '#ffffff'), `${name} ${c}`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(colors.onPrimary, colors.primary), name).toBeGreaterThanOrEqual(4.5);
      if (colors.zebra) expect(contrastRatio(colors.text, colors.zebra), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('differ from one another in colours, font, header or margins', () => {
    const looks = TEMPLATE_NAMES.map((name) => {
      const t = TEMPLATES[name];
      return JSON.stringify([t.colors.primary, t.font, t.headerStyle, t.headerHeight, t.margins]);
    });
    expect(new Set(looks).size).toBe(TEMPLATE_NAMES.length);
  });
});
