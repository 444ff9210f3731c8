import { z } from 'zod';
import { DATE_FORMATS, detectDateFormat } from './dates.ts';
import type { ImportMessageKey } from './messages.ts';
import { NUMBER_FORMATS, detectNumberFormat } from './money.ts';

/**
 * Column mappings of import files: which source header feeds which target field. Headers are matched as
 * written first, then ignoring case, accents, punctuation and spaces ("P.IVA" = "p iva" = "PIVA").
 */

/** target field → source header. */
export const ZColumnMapping = z.record(z.string().min(1).max(64), z.string().min(1).max(200));
export type TColumnMapping = z.output<typeof ZColumnMapping>;

/** "Partita I.V.A." → "partita i v a"; accents removed ("Città" → "citta"). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

const squash = (header: string) => normalizeHeader(header).replace(/ /g, '');

/** The column of a header: exact match first, then the normalised one; -1 when absent. */
export function findHeader(headers: readonly string[], header: string): number {
  const exact = headers.indexOf(header);
  if (exact >= 0) return exact;
  const wanted = squash(header);
  return wanted ? headers.findIndex((h) => squash(h) === wanted) : -1;
}

/**
 * The values of one row by target field, trimmed. A field whose header is not in the file is left out; an
 * empty cell gives "".
 */
export function applyMapping<F extends string>(
  headers: readonly string[],
  row: readonly string[],
  mapping: Partial<Record<F, string>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [field, header] of Object.entries(mapping) as [F, string | undefined][]) {
    if (!header) continue;
    const index = findHeader(headers, header);
    if (index >= 0) out[field] = (row[index] ?? '').trim();
  }
  return out;
}

/**
 * A first mapping for the user to check: for each target field (in the order given, which settles conflicts)
 * the first header equal to one of its synonyms (in their order), ignoring case, accents, punctuation and
 * spaces; then, for fields still unmapped, the first header containing a synonym as whole words
 * ("Partita IVA cliente" → vatNumber). A header feeds at most one field.
 */
export function guessMapping<F extends string>(
  headers: readonly string[],
  targets: Readonly<Record<F, readonly string[]>>,
): Partial<Record<F, string>> {
  const mapping: Partial<Record<F, string>> = {};
  const used = new Set<number>();
  const fields = Object.keys(targets) as F[];
  const words = headers.map((h) => ` ${normalizeHeader(h)} `);
  const squashed = headers.map(squash);
  const pick = (field: F, matches: (i: number, synonym: string) => boolean) => {
    for (const synonym of targets[field]) {
      const i = headers.findIndex((_, j) => !used.has(j) && matches(j, synonym));
      if (i >= 0) {
        mapping[field] = headers[i];
        used.add(i);
        return;
      }
    }
  };
  for (const field of fields) pick(field, (i, s) => squashed[i] === squash(s));
  for (const field of fields) {
    if (mapping[field] === undefined) pick(field, (i, s) => words[i]!.includes(` ${normalizeHeader(s)} `));
  }
  return mapping;
}

/**
 * Synonyms of the client fields in Italian and English, most specific first. Field order matters: PEC
 * before e-mail ("Email PEC"), tax ids before address ("Indirizzo email" is not an address).
 */
export const CLIENT_IMPORT_TARGETS = {
  companyName: [
    'ragione sociale',
    'denominazione',
    'azienda',
    'società',
    'company',
    'company name',
    'business name',
    'organization',
    'organisation',
  ],
  fullName: [
    'nome e cognome',
    'nominativo',
    'nome completo',
    'full name',
    'name',
    'nome',
    'referente',
    'contact',
    'contact name',
  ],
  type: ['tipo cliente', 'tipologia', 'tipo', 'client type', 'type'],
  vatNumber: [
    'partita iva',
    'p.iva',
    'p. iva',
    'piva',
    'numero iva',
    'vat',
    'vat number',
    'vat id',
    'vat no',
  ],
  codiceFiscale: ['codice fiscale', 'cod. fiscale', 'c.f.', 'cf', 'tax code', 'fiscal code'],
  sdiCode: ['codice sdi', 'sdi', 'codice destinatario', 'cod. destinatario', 'recipient code', 'sdi code'],
  paOfficeCode: ['codice univoco ufficio', 'codice ufficio', 'codice ipa', 'ipa', 'office code'],
  pec: ['pec', 'indirizzo pec', 'email pec', 'posta certificata', 'certified email'],
  email: ['email', 'e-mail', 'indirizzo email', 'posta elettronica', 'mail', 'email address'],
  phone: ['telefono', 'tel', 'cellulare', 'phone', 'mobile', 'phone number'],
  postalCode: ['cap', 'c.a.p.', 'codice postale', 'postal code', 'zip', 'zip code', 'postcode'],
  city: ['città', 'comune', 'località', 'city', 'town'],
  province: ['provincia', 'prov', 'pr', 'sigla provincia', 'province', 'state', 'county'],
  country: ['nazione', 'paese', 'stato', 'country', 'country code', 'nation'],
  address: ['indirizzo', 'via', 'sede', 'sede legale', 'address', 'street', 'address line 1'],
  preferredLanguage: ['lingua', 'language', 'preferred language'],
  paymentTermsDays: [
    'termini di pagamento',
    'giorni pagamento',
    'pagamento giorni',
    'payment terms',
    'payment days',
  ],
  notes: ['note', 'annotazioni', 'commenti', 'notes', 'comments'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Synonyms of the item fields. stockQuantity is the opening stock: the import records it as an "in" movement,
 * since stock only changes through movements.
 */
export const ITEM_IMPORT_TARGETS = {
  barcode: ['codice a barre', 'barcode', 'ean', 'ean13', 'ean 13', 'gtin', 'upc'],
  sku: [
    'codice articolo',
    'cod. articolo',
    'codice',
    'sku',
    'item code',
    'product code',
    'code',
    'riferimento',
  ],
  vatNatura: ['natura', 'natura iva', 'codice natura'],
  vatRate: ['aliquota iva', 'aliquota', 'iva', '% iva', 'iva %', 'vat rate', 'vat', 'tax rate'],
  cost: ['costo', 'prezzo acquisto', 'prezzo di acquisto', 'costo unitario', 'cost', 'purchase price'],
  salePrice: [
    'prezzo',
    'prezzo vendita',
    'prezzo di vendita',
    'prezzo unitario',
    'listino',
    'price',
    'sale price',
    'unit price',
  ],
  lowStockThreshold: [
    'scorta minima',
    'soglia',
    'soglia scorta',
    'min stock',
    'reorder level',
    'low stock threshold',
  ],
  stockQuantity: ['giacenza', 'quantità', 'qta', 'q.tà', 'stock', 'quantity', 'qty', 'on hand'],
  name: [
    'nome',
    'articolo',
    'prodotto',
    'denominazione',
    'nome articolo',
    'name',
    'product',
    'item',
    'product name',
    'item name',
  ],
  description: ['descrizione', 'description', 'dettagli', 'details'],
  kind: ['tipo', 'tipologia', 'type', 'kind'],
  unit: ['unità di misura', 'unità', 'um', 'u.m.', 'unit', 'uom'],
  category: ['categoria', 'famiglia', 'gruppo', 'category', 'group'],
} as const satisfies Record<string, readonly string[]>;

/** Synonyms of bank statement columns. Dare (debit) is money out, Avere (credit) money in. */
export const BANK_IMPORT_TARGETS = {
  occurredOn: [
    'data operazione',
    'data contabile',
    'data registrazione',
    'data',
    'data valuta',
    'date',
    'transaction date',
    'booking date',
    'value date',
  ],
  description: [
    'descrizione',
    'descrizione operazione',
    'causale',
    'dettagli',
    'description',
    'details',
    'memo',
    'narrative',
    'reference',
  ],
  debit: [
    'dare',
    'importo dare',
    'addebiti',
    'addebito',
    'uscite',
    'debit',
    'debits',
    'money out',
    'withdrawals',
  ],
  credit: [
    'avere',
    'importo avere',
    'accrediti',
    'accredito',
    'entrate',
    'credit',
    'credits',
    'money in',
    'deposits',
  ],
  amount: [
    'importo',
    'importo eur',
    'importo (eur)',
    'importo euro',
    'amount',
    'amount eur',
    'valore',
    'value',
  ],
} as const satisfies Record<string, readonly string[]>;

export const AMOUNT_MODES = ['signed', 'debitCredit'] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];

const err = (key: ImportMessageKey) => ({ error: key });
const header = z
  .string(err('imports.errors.columnRequired'))
  .trim()
  .min(1, err('imports.errors.columnRequired'))
  .max(200);

/**
 * How to read one bank's statement, saved per bank (bank_import_mappings.mapping): the date, description and
 * amount columns, with either one signed amount column ('signed': negative = money out) or separate Dare
 * (debit, money out) and Avere (credit, money in) columns ('debitCredit'), and the date and number formats.
 */
export const ZBankStatementMapping = z
  .object({
    occurredOn: header,
    description: header,
    amountMode: z.enum(AMOUNT_MODES, err('imports.errors.invalidChoice')),
    amountColumn: header.optional(),
    debitColumn: header.optional(),
    creditColumn: header.optional(),
    dateFormat: z.enum(DATE_FORMATS, err('imports.errors.invalidChoice')).default('dd/mm/yyyy'),
    numberFormat: z.enum(NUMBER_FORMATS, err('imports.errors.invalidChoice')).default('it'),
    delimiter: z.enum([',', ';', '\t'], err('imports.errors.invalidChoice')).optional(),
    skipLines: z.coerce.number(err('imports.errors.invalidChoice')).int().min(0).max(50).default(0),
  })
  .superRefine((m, ctx) => {
    const need = (path: 'amountColumn' | 'debitColumn' | 'creditColumn') => {
      if (!m[path])
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: 'imports.errors.columnRequired' satisfies ImportMessageKey,
        });
    };
    if (m.amountMode === 'signed') need('amountColumn');
    else {
      need('debitColumn');
      need('creditColumn');
    }
  });
export type TBankStatementMapping = z.output<typeof ZBankStatementMapping>;
export type TBankStatementMappingInput = z.input<typeof ZBankStatementMapping>;

/**
 * A first bank mapping from the headers (and, when given, some data rows to tell the date and number
 * formats; a format that cannot be told is left to the mapping's default, Italian): Dare/Avere columns give
 * 'debitCredit', a single amount column 'signed'.
 */
export function guessBankMapping(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): Partial<TBankStatementMappingInput> {
  const g = guessMapping(headers, BANK_IMPORT_TARGETS);
  const out: Partial<TBankStatementMappingInput> = { occurredOn: g.occurredOn, description: g.description };
  if (g.debit && g.credit) {
    Object.assign(out, { amountMode: 'debitCredit', debitColumn: g.debit, creditColumn: g.credit });
  } else if (g.amount) {
    Object.assign(out, { amountMode: 'signed', amountColumn: g.amount });
  }
  if (sampleRows.length) {
    const column = (h: string | undefined) => {
      const i = h ? findHeader(headers, h) : -1;
      return i < 0 ? [] : sampleRows.map((r) => r[i] ?? '');
    };
    const dateFormat = detectDateFormat(column(out.occurredOn));
    if (dateFormat) out.dateFormat = dateFormat;
    const numberFormat = detectNumberFormat(
      [out.amountColumn, out.debitColumn, out.creditColumn].flatMap(column),
    );
    if (numberFormat !== 'auto') out.numberFormat = numberFormat;
  }
  return out;
}
