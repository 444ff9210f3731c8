import { computeDocument } from '@shared/invoicing/compute.ts';
import {
  NO_REFERENCES,
  type DocumentReferences,
  type DocumentSnapshot,
  type LineInput,
  type TaxSettings,
} from '@shared/invoicing/document.ts';

/**
 * Document snapshots of the FatturaPA scenarios (tests and timeXmlGeneration): every total comes from
 * computeDocument, as the server's snapshots do. Tax identifiers carry valid check characters.
 */
type Seller = DocumentSnapshot['seller'];
type Buyer = DocumentSnapshot['buyer'];

export const SAMPLE_SELLER: Seller = {
  name: 'Studio Bianchi S.r.l.',
  firstName: null,
  lastName: null,
  vatNumber: '01234567897',
  vatCountry: 'IT',
  codiceFiscale: '01234567897',
  address: 'Via Roma 12',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  country: 'IT',
  email: 'info@studiobianchi.it',
  pec: 'studiobianchi@pec.it',
  phone: '+39 02 1234567',
  regime: 'RF01',
  iban: 'IT60X0542811101000000123456',
  bankName: 'Banca di Milano',
};

export const SAMPLE_BUYER: Buyer = {
  name: 'Alfa Costruzioni S.p.A.',
  firstName: null,
  lastName: null,
  vatNumber: '12345678903',
  vatCountry: 'IT',
  codiceFiscale: null,
  address: 'Corso Vittorio Emanuele II 45',
  postalCode: '10121',
  city: 'Torino',
  province: 'TO',
  country: 'IT',
  email: 'amministrazione@alfa.it',
  pec: null,
  phone: null,
  sdiCode: 'M5UXCR1',
  isPublicAdministration: false,
  paOfficeCode: null,
};

export const ORDINARY_TAX: TaxSettings = {
  regime: 'RF01',
  splitPayment: false,
  withholding: null,
  pensionFund: null,
  stampDutyChargedToClient: false,
};

export type SampleInput = {
  kind?: DocumentSnapshot['kind'];
  number?: string | null;
  seller?: Partial<Seller>;
  buyer?: Partial<Buyer>;
  lines: LineInput[];
  tax?: Partial<TaxSettings>;
  relatedDocument?: DocumentSnapshot['relatedDocument'];
  paymentMethod?: DocumentSnapshot['paymentMethod'];
  references?: Partial<DocumentReferences>;
};

export function line(
  description: string,
  quantity: string,
  unitPriceCents: number,
  extra: Partial<LineInput> = {},
): LineInput {
  return { description, quantity, unitPriceCents, discountPercent: '0', vatRate: 22, unit: null, ...extra };
}

export function sampleDocument(input: SampleInput): DocumentSnapshot {
  const kind = input.kind ?? 'invoice';
  const tax: TaxSettings = { ...ORDINARY_TAX, ...input.tax };
  return {
    kind,
    documentType: kind === 'credit_note' ? 'TD04' : 'TD01',
    number: input.number === undefined ? '2026/0001' : input.number,
    issueDate: '2026-03-15',
    dueDate: kind === 'invoice' ? '2026-04-14' : null,
    relatedDocument: input.relatedDocument ?? null,
    language: 'it',
    seller: { ...SAMPLE_SELLER, regime: tax.regime, ...input.seller },
    buyer: { ...SAMPLE_BUYER, ...input.buyer },
    lines: input.lines,
    tax,
    totals: computeDocument(input.lines, tax),
    paymentMethod: input.paymentMethod ?? 'bank_transfer',
    references: { ...NO_REFERENCES, ...input.references },
    notes: null,
    terms: null,
    status: 'issued',
  };
}

const FORFETTARIO_SELLER: Partial<Seller> = {
  name: 'Giulia Verdi',
  firstName: 'Giulia',
  lastName: 'Verdi',
  vatNumber: '09876543217',
  codiceFiscale: 'BNCLCU90A41F205Z',
  bankName: null,
};

const forfettarioLines = [
  line('Progettazione grafica del logo', '1', 45000, { vatRate: 0, nature: 'N2.2', unit: 'pz' }),
  line('Revisioni', '2', 2500, { vatRate: 0, nature: 'N2.2', unit: 'h' }),
];

/** Every scenario the tests validate against the schema, by name. */
export const FATTURAPA_SCENARIOS = {
  ordinary: sampleDocument({ lines: [line('Consulenza informatica', '10', 8000, { unit: 'h' })] }),
  mixedRatesWithDiscounts: sampleDocument({
    lines: [
      line('Software gestionale, licenza annuale', '3', 19999, { discountPercent: '12.5', unit: 'pz' }),
      line('Pasti di lavoro', '2.5', 1333, { vatRate: 10, discountPercent: '10', unit: 'n.' }),
      line('Libri tecnici', '0.3333', 3000, { vatRate: 4 }),
      line('Installazione', '1', 15000),
    ],
  }),
  forfettarioStampCharged: sampleDocument({
    seller: FORFETTARIO_SELLER,
    buyer: { sdiCode: null, pec: 'alfa.costruzioni@pec.it' },
    tax: { regime: 'RF19', stampDutyChargedToClient: true },
    lines: forfettarioLines,
  }),
  forfettarioStampBorne: sampleDocument({
    seller: FORFETTARIO_SELLER,
    tax: { regime: 'RF19', stampDutyChargedToClient: false },
    lines: forfettarioLines,
  }),
  forfettarioWithPensionFund: sampleDocument({
    seller: FORFETTARIO_SELLER,
    tax: {
      regime: 'RF19',
      stampDutyChargedToClient: true,
      pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: false },
    },
    lines: [line('Sviluppo sito web', '1', 100000, { vatRate: 0, nature: 'N2.2' })],
  }),
  splitPaymentPa: sampleDocument({
    buyer: {
      name: 'Comune di Bergamo',
      vatNumber: null,
      codiceFiscale: '80001234568',
      address: 'Piazza Matteotti 27',
      postalCode: '24122',
      city: 'Bergamo',
      province: 'BG',
      sdiCode: null,
      isPublicAdministration: true,
      paOfficeCode: 'UFE3VC',
    },
    tax: { splitPayment: true },
    lines: [
      line('Manutenzione impianti', '1', 120000),
      line('Servizio di ristorazione', '40', 1250, { vatRate: 10, unit: 'pasti' }),
      line('Corso di formazione', '1', 5000, { vatRate: 0, nature: 'N4' }),
    ],
  }),
  withholdingAndPensionFund: sampleDocument({
    seller: {
      name: 'Marco Rossi',
      firstName: 'Marco',
      lastName: 'Rossi',
      vatNumber: '09876543217',
      codiceFiscale: 'RSSMRA85T10A562S',
    },
    tax: {
      withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
      pensionFund: { type: 'TC22', ratePercent: '4', subjectToWithholding: true },
    },
    lines: [line('Consulenza professionale', '1', 100000), line('Parere scritto', '1', 25000)],
  }),
  professionalWithExpenses: sampleDocument({
    seller: {
      name: 'Marco Rossi',
      firstName: 'Marco',
      lastName: 'Rossi',
      vatNumber: '09876543217',
      codiceFiscale: 'RSSMRA85T10A562S',
    },
    tax: {
      withholding: { type: 'RT01', ratePercent: '20', causale: 'A' },
      pensionFund: { type: 'TC04', ratePercent: '4', subjectToWithholding: false },
      stampDutyChargedToClient: true,
    },
    lines: [
      line('Progettazione architettonica', '1', 250000),
      line('Diritti di segreteria anticipati (art. 15)', '1', 10000, { vatRate: 0, nature: 'N1' }),
    ],
  }),
  thirdsRounding: sampleDocument({
    lines: [1, 2, 3].map((n) => line(`Quota ${n} di 3 del canone`, '0.3333', 1000)),
  }),
  publicAdministrationContract: sampleDocument({
    buyer: {
      name: 'Comune di Bergamo',
      vatNumber: null,
      codiceFiscale: '80001234568',
      address: 'Piazza Matteotti 27',
      postalCode: '24122',
      city: 'Bergamo',
      province: 'BG',
      sdiCode: null,
      isPublicAdministration: true,
      paOfficeCode: 'UFE3VC',
    },
    tax: { splitPayment: true },
    lines: [line('Manutenzione del verde pubblico, primo semestre', '1', 300000)],
    references: {
      purchase: {
        kind: 'contract',
        documentId: 'Rep. 1234/2026',
        date: '2026-01-20',
        cig: 'Z1A2B3C4D5',
        cup: 'H11B22000000001',
      },
      // 3000.00 taxable, VAT 660.00 paid by the Comune (split payment): 3000.00 due, in two instalments.
      instalments: [
        { dueDate: '2026-04-14', amountCents: 150000 },
        { dueDate: '2026-05-14', amountCents: 150000 },
      ],
    },
  }),
  regularExporter: sampleDocument({
    lines: [
      line('Componenti meccanici per macchine agricole', '40', 12500, {
        vatRate: 0,
        nature: 'N3.5',
        unit: 'pz',
      }),
    ],
    references: { intentDeclaration: { protocol: '26012312345678901-000001', date: '2026-01-23' } },
  }),
  deferredWithDeliveryNotes: sampleDocument({
    lines: [
      line('Olio idraulico, consegne di marzo', '200', 450, { unit: 'l' }),
      line('Filtri aria', '12', 1800, { unit: 'pz' }),
    ],
    references: {
      deferred: true,
      deliveryNotes: [
        { number: 'DDT 41/2026', date: '2026-03-03' },
        { number: 'DDT 57/2026', date: '2026-03-12' },
      ],
    },
  }),
  reverseCharge: sampleDocument({
    lines: [
      line('Tinteggiatura locali (subappalto)', '120', 950, { vatRate: 0, nature: 'N6.7', unit: 'm2' }),
    ],
  }),
  creditNote: sampleDocument({
    kind: 'credit_note',
    number: 'NC-2026/0001',
    relatedDocument: { number: '2026/0001', issueDate: '2026-02-10' },
    lines: [line('Storno parziale: consulenza non resa', '2', 8000, { unit: 'h' })],
  }),
  foreignEuBuyer: sampleDocument({
    buyer: {
      name: 'Müller Maschinenbau GmbH',
      vatNumber: '136695976',
      vatCountry: 'DE',
      address: 'Königstraße 10',
      postalCode: '70173',
      city: 'Stuttgart',
      province: null,
      country: 'DE',
      sdiCode: null,
    },
    lines: [line('Consulenza tecnica', '8', 9000, { vatRate: 0, nature: 'N2.1', unit: 'h' })],
  }),
  foreignPrivateBuyer: sampleDocument({
    buyer: {
      name: 'John Smith',
      firstName: 'John',
      lastName: 'Smith',
      vatNumber: null,
      vatCountry: 'US',
      address: '350 Fifth Avenue',
      postalCode: 'NY 10118',
      city: 'New York',
      province: 'NY',
      country: 'US',
      sdiCode: null,
    },
    lines: [line('Traduzione documenti', '1', 30000)],
  }),
  naturalPersonBuyer: sampleDocument({
    buyer: {
      name: 'Luca Bianchi',
      firstName: 'Luca',
      lastName: 'Bianchi',
      vatNumber: null,
      codiceFiscale: 'VRDGPP80A01H501U',
      sdiCode: null,
      pec: null,
    },
    lines: [line('Riparazione caldaia', '1', 18000)],
  }),
  accentedText: sampleDocument({
    seller: { name: 'Società Agricola “Città di Forlì” – S.r.l.', city: 'Forlì', province: 'FC' },
    buyer: { name: 'Caffè & Pasticceria <Dolce Vita>', address: 'Via dell’Università 1' },
    lines: [
      line('Degustazione caffè — 10 € a persona… (più “extra”)', '12', 1000, { unit: 'm²' }),
      line('Spedizione a Łódź e Győr', '1', 2500),
    ],
  }),
} satisfies Record<string, DocumentSnapshot>;

export type FatturaPaScenario = keyof typeof FATTURAPA_SCENARIOS;
