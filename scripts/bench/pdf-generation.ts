import { performance } from 'node:perf_hooks';
import { computeDocument } from '@shared/invoicing/compute.ts';
import type { DocumentSnapshot, LineInput, TaxSettings } from '@shared/invoicing/document.ts';
import { renderDocumentPdf } from '../../src/server/modules/invoicing/pdf/render.ts';
import type { TemplateName } from '../../src/server/modules/invoicing/pdf/templates.ts';

/** A representative invoice (ordinary regime, two VAT rates, a discount, bank transfer) for the benchmark. */
function benchmarkSnapshot(lineCount: number): DocumentSnapshot {
  const lines: LineInput[] = Array.from({ length: lineCount }, (_, i) => ({
    description: `Consulenza e sviluppo software, fase ${i + 1}: analisi, implementazione e collaudo a Forlì`,
    quantity: i % 3 === 0 ? '2.5' : '1',
    unit: 'h',
    unitPriceCents: 8000 + i * 137,
    discountPercent: i % 4 === 0 ? '10' : '0',
    vatRate: i % 5 === 0 ? 10 : 22,
  }));
  const tax: TaxSettings = {
    regime: 'RF01',
    splitPayment: false,
    withholding: null,
    pensionFund: null,
    stampDutyChargedToClient: true,
  };
  const party = {
    vatCountry: 'IT',
    country: 'IT',
    email: 'info@example.com',
    pec: null,
    phone: '+39 0543 000000',
    province: 'FC',
    firstName: null,
    lastName: null,
  };
  return {
    kind: 'invoice',
    documentType: 'TD01',
    number: '2025/0042',
    issueDate: '2025-03-05',
    dueDate: '2025-04-04',
    relatedDocument: null,
    language: 'it',
    seller: {
      ...party,
      name: 'Studio Esempio S.r.l.',
      vatNumber: '01234567890',
      codiceFiscale: '01234567890',
      address: 'Corso della Repubblica 12',
      postalCode: '47121',
      city: 'Forlì',
      regime: 'RF01',
      iban: 'IT60X0542811101000000123456',
      bankName: 'Banca di Forlì',
    },
    buyer: {
      ...party,
      name: 'Cliente Esempio S.p.A.',
      vatNumber: '09876543210',
      codiceFiscale: null,
      address: 'Via Emilia 1',
      postalCode: '47122',
      city: 'Forlì',
      sdiCode: 'ABC1234',
      isPublicAdministration: false,
      paOfficeCode: null,
    },
    lines,
    tax,
    totals: computeDocument(lines, tax),
    paymentMethod: 'bank_transfer',
    notes: 'Grazie per la fiducia.',
    terms: null,
    status: 'issued',
  };
}

/**
 * Renders a representative invoice `n` times after one warm-up and reports wall and CPU time per document; for
 * the benchmark (CPU time is the steadier figure on a shared machine).
 */
export function timePdfGeneration(
  n: number,
  template: TemplateName = 'default',
  lineCount = 20,
): { documents: number; totalMs: number; msPerDocument: number; cpuMsPerDocument: number; bytes: number } {
  const doc = benchmarkSnapshot(lineCount);
  let bytes = renderDocumentPdf(doc, template).length;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) bytes = renderDocumentPdf(doc, template).length;
  const totalMs = performance.now() - start;
  const { user, system } = process.cpuUsage(cpu);
  const per = (ms: number) => (n > 0 ? ms / n : 0);
  return {
    documents: n,
    totalMs,
    msPerDocument: per(totalMs),
    cpuMsPerDocument: per((user + system) / 1000),
    bytes,
  };
}
