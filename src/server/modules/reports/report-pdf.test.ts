import { extractText, extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { TReceivables, TSalesRegisterEntry } from '@shared/reports/contracts.ts';
import { fileOf, money, receivablesFile, salesRegisterFile } from './export.ts';

const context = {
  business: 'Officina Rossi S.r.l.',
  timeZone: 'Europe/Rome',
  now: new Date('2025-04-02T08:30:00Z'),
};

async function pdfText(body: string | Buffer) {
  const bytes = new Uint8Array(body as Buffer);
  const { totalPages, text } = await extractText(bytes, { mergePages: false });
  return { pages: totalPages, perPage: text.map((t) => t.replace(/\s+/g, ' ')) };
}

const entry = (n: number, taxableCents: number): TSalesRegisterEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  number: `${n}/2025`,
  issueDate: '2025-03-10',
  documentType: 'TD01',
  clientName: n === 1 ? 'Società Cooperativa Forlì' : `Cliente ${n} S.p.A.`,
  clientVatNumber: '01234567890',
  totalCents: Math.round(taxableCents * 1.22),
  lines: [
    {
      vatRate: 22,
      nature: null,
      taxableCents,
      vatCents: Math.round(taxableCents * 0.22),
      vatCollectability: 'I',
    },
  ],
});

describe('reports as PDF', () => {
  it('prints the sales register with its heading, Italian amounts, totals and n/N on every page', async () => {
    const entries = Array.from({ length: 60 }, (_, i) => entry(i + 1, 123_456 + i));
    const file = await salesRegisterFile(
      { from: '2025-03-01', to: '2025-03-31' },
      entries,
      'pdf',
      'it',
      context,
    );
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/\.pdf$/);
    const { pages, perPage } = await pdfText(file.body);
    expect(pages).toBeGreaterThan(1);
    const first = perPage[0]!;
    expect(first).toContain('Registro vendite');
    expect(first).toContain('Documento'); // a header wraps between words, never inside one
    expect(first).toContain('Officina Rossi S.r.l.');
    expect(first).toContain('Dal 1 mar 2025 al 31 mar 2025');
    expect(first).toContain('Generato il 2 apr 2025, 10:30');
    expect(first).toContain('Società Cooperativa Forlì');
    // 1.234,56 € taxable and 271,60 € VAT of the first document, as an Italian reader writes them.
    expect(first).toContain('1.234,56 €');
    expect(first).toContain('271,60 €');
    perPage.forEach((page, i) => {
      expect(page).toContain('Imponibile'); // the header row on every page
      expect(page).toContain(`${i + 1}/${pages}`);
    });
    const taxable = entries.reduce((sum, e) => sum + e.lines[0]!.taxableCents, 0);
    const euros = new Intl.NumberFormat('it-IT', {
      style: 'currency',
      currency: 'EUR',
      useGrouping: 'always',
    });
    expect(perPage.at(-1)).toContain(`Totale`);
    expect(perPage.at(-1)).toContain(euros.format(taxable / 100).replace(/\s/g, ' '));
  });

  it('right-aligns money: each amount ends at its column edge', async () => {
    const file = await fileOf(
      'pdf',
      'en',
      'x',
      'Test',
      ['Client', 'Amount'],
      [
        ['A', money(5)],
        ['B', money(123_456_789)],
      ],
    );
    const { items } = await extractTextItems(new Uint8Array(file.body as Buffer));
    const amounts = items[0]!.filter((item) => item.str.startsWith('€'));
    expect(amounts.map((a) => a.str)).toEqual(['€0.05', '€1,234,567.89']);
    const [a, b] = amounts;
    expect(Math.abs(a!.x + a!.width - (b!.x + b!.width))).toBeLessThan(0.5);
    expect(a!.x).toBeGreaterThan(b!.x);
  });

  it('gives the receivables totals in English, and CSV and XLSX still carry plain amounts', async () => {
    const report: TReceivables = {
      asOf: '2025-04-02',
      clients: [
        {
          clientId: '00000000-0000-4000-8000-000000000001',
          name: 'Bianchi',
          notDue: 10_000,
          days1to30: 0,
          days31to60: 2_550,
          days61to90: 0,
          over90: 0,
          totalCents: 12_550,
          openInvoices: 2,
          oldestDueDate: '2025-02-10',
          averageDaysToPay: 31,
        },
      ],
      totals: {
        notDue: 10_000,
        days1to30: 0,
        days31to60: 2_550,
        days61to90: 0,
        over90: 0,
        totalCents: 12_550,
        openInvoices: 2,
      },
      previous: {
        asOf: '2025-03-02',
        totals: {
          notDue: 0,
          days1to30: 0,
          days31to60: 0,
          days61to90: 0,
          over90: 0,
          totalCents: 0,
          openInvoices: 0,
        },
      },
      payables: {
        totals: {
          notDue: 0,
          days1to30: 0,
          days31to60: 0,
          days61to90: 0,
          over90: 0,
          totalCents: 0,
          openInvoices: 0,
        },
        overdue: { cents: 0, installments: 0 },
        suppliers: [],
        installments: [],
      },
    };
    const pdf = await pdfText((await receivablesFile(report, 'pdf', 'en', context)).body);
    expect(pdf.perPage[0]).toContain('As of Apr 2, 2025');
    expect(pdf.perPage[0]).toContain('€125.50');
    const csv = await receivablesFile(report, 'csv', 'it');
    expect(String(csv.body)).toContain('Bianchi;100,00;0,00;25,50;0,00;0,00;125,50;2');
  });
});
