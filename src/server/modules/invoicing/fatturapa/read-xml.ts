import { XMLParser } from 'fast-xml-parser';
import { countDecimals, parseDecimal, rescaleHalfUp, toSafeNumber } from '@shared/invoicing/decimal.ts';

/**
 * Reading a FatturaPA file received from a supplier (issue 16): the supplier (CedentePrestatore), the customer it
 * is addressed to (CessionarioCommittente), and per body (one file may carry several invoices of one supplier to
 * one customer) the document's number, date, type, lines, VAT summary, withholding, total and due dates. The file
 * is valid against the schema before it is read (the caller checks), so required elements are present.
 */

export type ReceivedParty = {
  name: string;
  /** "IT01234567890" (country and code), or null for a party identified by codice fiscale only. */
  vatNumber: string | null;
  taxCode: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
};

export type ReceivedLine = {
  number: number;
  description: string;
  quantity: string | null;
  unitPrice: string;
  totalCents: number;
  vatRate: string;
  nature: string | null;
};

export type ReceivedVatSummary = {
  vatRate: string;
  nature: string | null;
  taxableCents: number;
  vatCents: number;
  /** I immediate, D deferred, S split payment. */
  chargeability: string | null;
};

export type ReceivedInstallment = {
  dueDate: string | null;
  amountCents: number;
  method: string;
  iban: string | null;
};

export type ReceivedInvoice = {
  documentType: string;
  currency: string;
  number: string;
  date: string;
  lines: ReceivedLine[];
  vatSummary: ReceivedVatSummary[];
  taxableCents: number;
  vatCents: number;
  /** ImportoTotaleDocumento when given, else taxable + VAT. */
  totalCents: number;
  withholdingCents: number;
  installments: ReceivedInstallment[];
  description: string | null;
};

export type ReceivedFile = {
  supplier: ReceivedParty;
  customer: ReceivedParty;
  invoices: ReceivedInvoice[];
};

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'FatturaElettronicaBody',
  'DettaglioLinee',
  'DatiRiepilogo',
  'DatiPagamento',
  'DettaglioPagamento',
  'DatiRitenuta',
  'Causale',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

const str = (node: unknown, ...path: string[]): string | null => {
  let at: unknown = node;
  for (const key of path) at = (at as Node | undefined)?.[key];
  return typeof at === 'string' && at.trim() ? at.trim() : null;
};
const list = (node: unknown, key: string): Node[] => ((node as Node | undefined)?.[key] as Node[]) ?? [];

/** An amount of the file ("1234.50", up to 8 decimals) in cents, rounded half-up. */
export function fileCents(text: string | null): number {
  if (!text) return 0;
  const scale = countDecimals(text) ?? 0;
  const value = parseDecimal(text, scale);
  if (value === null) throw new RangeError(`not an amount: ${text}`);
  return toSafeNumber(rescaleHalfUp(value, scale, 2));
}

function party(node: unknown): ReceivedParty {
  const data = (node as Node)?.DatiAnagrafici;
  const registry = (data as Node)?.Anagrafica;
  const person = [str(registry, 'Nome'), str(registry, 'Cognome')].filter(Boolean).join(' ');
  const country = str(data, 'IdFiscaleIVA', 'IdPaese');
  const code = str(data, 'IdFiscaleIVA', 'IdCodice');
  const seat = (node as Node)?.Sede;
  return {
    name: str(registry, 'Denominazione') ?? person,
    vatNumber: country && code ? `${country}${code}` : null,
    taxCode: str(data, 'CodiceFiscale'),
    address: [str(seat, 'Indirizzo'), str(seat, 'NumeroCivico')].filter(Boolean).join(' ') || null,
    postalCode: str(seat, 'CAP'),
    city: str(seat, 'Comune'),
    province: str(seat, 'Provincia'),
    country: str(seat, 'Nazione'),
  };
}

function invoice(body: Node): ReceivedInvoice {
  const general = (body.DatiGenerali as Node).DatiGeneraliDocumento as Node;
  const goods = body.DatiBeniServizi as Node;
  const lines = list(goods, 'DettaglioLinee').map((l) => ({
    number: Number(str(l, 'NumeroLinea') ?? 0),
    description: str(l, 'Descrizione') ?? '',
    quantity: str(l, 'Quantita'),
    unitPrice: str(l, 'PrezzoUnitario') ?? '0',
    totalCents: fileCents(str(l, 'PrezzoTotale')),
    vatRate: str(l, 'AliquotaIVA') ?? '0',
    nature: str(l, 'Natura'),
  }));
  const vatSummary = list(goods, 'DatiRiepilogo').map((r) => ({
    vatRate: str(r, 'AliquotaIVA') ?? '0',
    nature: str(r, 'Natura'),
    taxableCents: fileCents(str(r, 'ImponibileImporto')),
    vatCents: fileCents(str(r, 'Imposta')),
    chargeability: str(r, 'EsigibilitaIVA'),
  }));
  const taxableCents = vatSummary.reduce((s, r) => s + r.taxableCents, 0);
  const vatCents = vatSummary.reduce((s, r) => s + r.vatCents, 0);
  const declared = str(general, 'ImportoTotaleDocumento');
  const withholdingCents = list(general, 'DatiRitenuta').reduce(
    (s, w) => s + fileCents(str(w, 'ImportoRitenuta')),
    0,
  );
  const installments = list(body, 'DatiPagamento').flatMap((p) =>
    list(p, 'DettaglioPagamento').map((d) => ({
      dueDate: str(d, 'DataScadenzaPagamento'),
      amountCents: fileCents(str(d, 'ImportoPagamento')),
      method: str(d, 'ModalitaPagamento') ?? '',
      iban: str(d, 'IBAN'),
    })),
  );
  const causale = list(general, 'Causale') as unknown as string[];
  return {
    documentType: str(general, 'TipoDocumento')!,
    currency: str(general, 'Divisa') ?? 'EUR',
    number: str(general, 'Numero')!,
    date: str(general, 'Data')!,
    lines,
    vatSummary,
    taxableCents,
    vatCents,
    totalCents: declared ? fileCents(declared) : taxableCents + vatCents,
    withholdingCents,
    installments,
    description:
      causale
        .filter((c) => typeof c === 'string')
        .join(' ')
        .trim() || null,
  };
}

/** Reads a FatturaPA file (already valid against the schema). */
export function readFatturaPa(xml: string): ReceivedFile {
  const root = (parser.parse(xml) as Node).FatturaElettronica as Node | undefined;
  if (!root) throw new RangeError('not a FatturaElettronica');
  const header = root.FatturaElettronicaHeader as Node;
  return {
    supplier: party(header.CedentePrestatore),
    customer: party(header.CessionarioCommittente),
    invoices: list(root, 'FatturaElettronicaBody').map(invoice),
  };
}
