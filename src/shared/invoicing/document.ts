/**
 * The document model of quotes, invoices and credit notes (issue 5), shared by the tax logic (compute.ts),
 * the FatturaPA XML builder, the PDF generator, the server and the web editor.
 *
 * Money is integer euro cents everywhere. Quantities and percentages are decimal strings ("1", "0.3333",
 * "12.5") so no binary fraction ever enters a calculation; compute.ts does exact integer arithmetic on them.
 */

/** VAT rates a line may carry (percent). 0 needs a FatturaPA Natura code. */
export const VAT_RATES = [22, 10, 5, 4, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** FatturaPA NaturaType (schema v1.2.2) for lines at 0 %. */
export const VAT_NATURES = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;
export type VatNature = (typeof VAT_NATURES)[number];

/** FatturaPA TipoDocumento: invoice and credit note. */
export const DOCUMENT_TYPES = ['TD01', 'TD04'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Withholding (ritenuta d'acconto): RT01 natural persons, RT02 legal persons. */
export const WITHHOLDING_TYPES = ['RT01', 'RT02'] as const;
export type WithholdingType = (typeof WITHHOLDING_TYPES)[number];
export const DEFAULT_WITHHOLDING_RATE = '20';
/** CausalePagamento of DatiRitenuta; "A" is self-employed professional work, the common case. */
export const DEFAULT_WITHHOLDING_CAUSALE = 'A';
/** CausalePagamentoType of schema v1.2.2 (the CU codes; Z is no longer valid since 2021). */
export const WITHHOLDING_CAUSALI: readonly string[] = [
  ...'ABCDEGHILMNOPQRSTUVWXY',
  'L1',
  'M1',
  'M2',
  'O1',
  'V1',
  'ZO',
];

/** Pension-fund contribution (cassa previdenziale) types TC01…TC22 of the schema (TC22 = INPS). */
export const PENSION_FUND_TYPES = Array.from(
  { length: 22 },
  (_, i) => `TC${String(i + 1).padStart(2, '0')}`,
) as readonly string[];

/** Stamp duty (imposta di bollo): €2.00 when the amounts not subject to VAT exceed €77.47. */
export const STAMP_DUTY_CENTS = 200;
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;

/** Payment methods of the document (FatturaPA ModalitaPagamento subset) and the ledger's names for them. */
export const DOCUMENT_PAYMENT_METHODS = {
  bank_transfer: 'MP05',
  cash: 'MP01',
  card: 'MP08',
  riba: 'MP12',
  sepa_direct_debit: 'MP19',
  paypal: 'MP08',
  other: 'MP05',
} as const;
export type DocumentPaymentMethod = keyof typeof DOCUMENT_PAYMENT_METHODS;

/** One line as entered in the editor and stored. */
export type LineInput = {
  /** The inventory item it came from, if any (description, unit, price and VAT are copied, then editable). */
  itemId?: string | null;
  description: string;
  /** Decimal string ≥ 0 with up to 4 decimals ("1", "2.5", "0.3333"). */
  quantity: string;
  /** Unit of measure ("pz", "h", "kg", …); free text, may be empty. */
  unit?: string | null;
  /** Integer cents ≥ 0 (a credit note states positive amounts; its type makes them a credit). */
  unitPriceCents: number;
  /** Decimal string 0–100 with up to 2 decimals; "0" when none. */
  discountPercent: string;
  vatRate: VatRate;
  /** Required when vatRate is 0, forbidden otherwise. */
  nature?: VatNature | null;
  /** Whether the line is subject to withholding (only read when the document has withholding). */
  withholding?: boolean;
};

/** Tax settings of one document, from the business profile, the client and the editor. */
export type TaxSettings = {
  /** The seller's FatturaPA RegimeFiscale. RF19 (forfettario): no VAT (N2.2), no withholding. */
  regime: string;
  /** Split payment (art. 17-ter DPR 633/72): client is a public administration or a listed company. */
  splitPayment: boolean;
  withholding: { type: WithholdingType; ratePercent: string; causale: string } | null;
  /** Cassa previdenziale: rate on the lines' totals (art. 15 N1 expenses excluded); subject to withholding? */
  pensionFund: { type: string; ratePercent: string; subjectToWithholding: boolean } | null;
  /** Whether the €2.00 stamp duty is charged to the client (added to the total) or borne by the seller. */
  stampDutyChargedToClient: boolean;
};

/** The kind of document the buyer's purchase reference is: DatiOrdineAcquisto, DatiContratto, DatiConvenzione. */
export const PURCHASE_REFERENCE_KINDS = ['order', 'contract', 'agreement'] as const;
export type PurchaseReferenceKind = (typeof PURCHASE_REFERENCE_KINDS)[number];

/**
 * What an e-invoice carries besides parties, lines and taxes (issue 12, point 18): the reference of the
 * buyer's order or contract with CIG and CUP (required by public administrations), the declaration of intent of
 * a regular exporter (lines at N3.5), payment in instalments, and a deferred invoice (TD24) with its delivery
 * notes (DDT).
 */
export type DocumentReferences = {
  /** DatiOrdineAcquisto / DatiContratto / DatiConvenzione: IdDocumento, Data, CodiceCIG, CodiceCUP. */
  purchase: {
    kind: PurchaseReferenceKind;
    documentId: string;
    date: string | null;
    cig: string | null;
    cup: string | null;
  } | null;
  /** Declaration of intent (lines at N3.5): the protocol of its receipt ("17 digits-6 digits") and its date. */
  intentDeclaration: { protocol: string; date: string } | null;
  /** Payment in instalments (CondizioniPagamento TP01), in date order; empty: one payment on the due date. */
  instalments: { dueDate: string; amountCents: number }[];
  /** Deferred invoice (TipoDocumento TD24): the goods went with delivery notes, listed in DatiDDT. */
  deferred: boolean;
  deliveryNotes: { number: string; date: string }[];
};

export const NO_REFERENCES: DocumentReferences = {
  purchase: null,
  intentDeclaration: null,
  instalments: [],
  deferred: false,
  deliveryNotes: [],
};

/** Keys of the legally required wording (legal-notes.ts renders them in Italian and English). */
export type LegalNoteKey =
  'forfettario' | 'splitPayment' | 'reverseCharge' | 'stampDuty' | 'exemptNature' | 'withholding';

export type ComputedLine = LineInput & {
  lineNumber: number;
  /** Line amount after discount, rounded half-up to the cent (what the document and PrezzoTotale show). */
  totalCents: number;
};

/** One row of the VAT summary (FatturaPA DatiRiepilogo): a rate, or 0 with its Natura. */
export type VatSummaryRow = {
  vatRate: VatRate;
  nature: VatNature | null;
  /** Sum of the printed line totals of this rate (plus the pension fund taxed at it): no Arrotondamento. */
  taxableCents: number;
  /** taxableCents × rate / 100, rounded half-up. */
  vatCents: number;
  /** EsigibilitaIVA: I immediate, S split payment. */
  vatCollectability: 'I' | 'S';
  /** RiferimentoNormativo for natures (e.g. the forfettario or reverse-charge article). */
  legalReference: string | null;
};

export type DocumentTotals = {
  lines: ComputedLine[];
  vatSummary: VatSummaryRow[];
  /** Sum of vatSummary taxable amounts (lines + pension fund). */
  taxableCents: number;
  vatCents: number;
  /** Cassa previdenziale contribution (ImportoContributoCassa), 0 when none. */
  pensionFundCents: number;
  /** Taxable base of the pension fund (ImponibileCassa). */
  pensionFundBaseCents: number;
  /**
   * VAT rate (AliquotaIVA) and Natura of the pension fund contribution: the highest line rate, or 0 % with the
   * first line's Natura (compute.ts). Null when there is no pension fund. Optional for hand-built fixtures.
   */
  pensionFundVatRate?: VatRate | null;
  pensionFundNature?: VatNature | null;
  /** Ritenuta d'acconto (ImportoRitenuta), 0 when none. */
  withholdingCents: number;
  /** Stamp duty due on the document (0 or 200), shown and in DatiBollo. */
  stampDutyCents: number;
  /** The part of the stamp duty added to the total (0 when borne by the seller). */
  stampDutyChargedCents: number;
  /** ImportoTotaleDocumento: taxable + VAT + stamp duty charged. */
  totalCents: number;
  /** VAT not collected because of split payment (0 otherwise). */
  splitPaymentVatCents: number;
  /** What the client pays: total − withholding − split-payment VAT. */
  amountDueCents: number;
  /** The wording the document must carry, in display order. */
  legalNotes: LegalNoteKey[];
};

/** A party as printed on the document and written into the XML. */
export type Party = {
  name: string;
  /** For a natural person without company name, given and family names (FatturaPA Nome/Cognome). */
  firstName?: string | null;
  lastName?: string | null;
  vatNumber: string | null;
  /** ISO country of the VAT number (IdPaese). */
  vatCountry: string;
  codiceFiscale: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  country: string;
  email: string | null;
  pec: string | null;
  phone: string | null;
};

/** Everything the PDF and the XML need, frozen when a document is issued. */
export type DocumentSnapshot = {
  kind: 'quote' | 'invoice' | 'credit_note';
  documentType: DocumentType;
  /** Null for a draft invoice (numbers are assigned at issue). */
  number: string | null;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  /** Invoice: due date. Quote: valid until. */
  dueDate: string | null;
  /** Credit note: the invoice it corrects. */
  relatedDocument: { number: string; issueDate: string } | null;
  language: 'it' | 'en';
  seller: Party & { regime: string; iban: string | null; bankName: string | null; logo?: Uint8Array | null };
  buyer: Party & {
    sdiCode: string | null;
    isPublicAdministration: boolean;
    paOfficeCode: string | null;
  };
  lines: LineInput[];
  tax: TaxSettings;
  totals: DocumentTotals;
  paymentMethod: DocumentPaymentMethod;
  /** Order or contract, CIG/CUP, declaration of intent, instalments, delivery notes (absent in older snapshots). */
  references?: DocumentReferences;
  notes: string | null;
  terms: string | null;
  /** Status shown on the PDF (draft, sent, paid, …); templates colour it. */
  status: string;
};
