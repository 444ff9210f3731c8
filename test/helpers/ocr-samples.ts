/**
 * The OCR test set of issue 17, generated: Italian and English receipts (scontrino / documento commerciale
 * layout), invoices and letters, drawn as SVG text in the DejaVu and Liberation fonts and rendered by sharp to
 * PNG at 300 dpi ("scan") or degraded as a phone photo ("photo": on a table, turned about 3°, uneven light,
 * blur, noise, JPEG). Deterministic: the same seed gives the same documents, bytes and truths. Each sample
 * carries its text and its fields, for the OCR tests and the bench (`npm run bench -- --only=ocr`).
 */
import sharp from 'sharp';
import { partitaIvaCheckDigit } from '@shared/business-profile/italian-tax-ids.ts';

export type SampleKind = 'receipt' | 'invoice' | 'letter';
export type SampleQuality = 'scan' | 'photo';
export type SampleTruth = {
  date: string;
  time: string | null;
  totalCents: number | null;
  vat: { ratePercent: number; vatCents: number }[];
  issuerVatNumber: string | null;
  documentNumber: string | null;
  paymentMethod: 'cash' | 'card' | 'bank_transfer' | null;
};
export type OcrSample = {
  id: string;
  kind: SampleKind;
  language: 'it' | 'en';
  quality: SampleQuality;
  /** PNG (scan) or JPEG (photo). */
  image: Buffer;
  /** The printed text, a line per printed line. */
  text: string;
  fields: SampleTruth;
};

/** mulberry32: a small seeded PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const COMPANIES = [
  'Alimentari Rossi',
  'Farmacia San Marco',
  'Bar Centrale',
  'Ferramenta Bianchi',
  'Supermercato Verdi',
  'Cartoleria Gialli',
  'Ristorante Da Mario',
  'Panificio Esposito',
  'Libreria Colombo',
  'Ottica Ricci',
  'Edicola Marino',
  'Pasticceria Greco',
  'Elettronica Bruno',
  'Macelleria Gallo',
  'Tabaccheria Conti',
  'Officina De Luca',
];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'];
const STREETS = [
  'Via Roma',
  'Via Garibaldi',
  'Corso Italia',
  'Via Mazzini',
  'Piazza Duomo',
  'Viale Europa',
  'Via Verdi',
];
const CITIES = [
  ['40121', 'Bologna', 'BO'],
  ['20121', 'Milano', 'MI'],
  ['00184', 'Roma', 'RM'],
  ['10121', 'Torino', 'TO'],
  ['50122', 'Firenze', 'FI'],
  ['80133', 'Napoli', 'NA'],
  ['47121', 'Forlì', 'FC'],
] as const;
const ITEMS_IT = [
  ['Pane integrale', 4],
  ['Latte fresco', 4],
  ['Caffè espresso', 10],
  ['Cornetto', 10],
  ['Acqua naturale', 22],
  ['Detersivo piatti', 22],
  ['Quaderno A4', 22],
  ['Penna a sfera', 22],
  ['Pizza margherita', 10],
  ['Mozzarella', 4],
  ['Pomodori', 4],
  ['Biscotti', 10],
  ['Batterie AA', 22],
  ['Cacciavite', 22],
  ['Tachipirina', 10],
  ['Shampoo', 22],
] as const;
const ITEMS_EN = [
  ['Espresso coffee', 10],
  ['Croissant', 10],
  ['Still water', 22],
  ['Notebook A4', 22],
  ['Ballpoint pen', 22],
  ['Margherita pizza', 10],
  ['Fresh milk', 4],
  ['Wholemeal bread', 4],
  ['Sunscreen', 22],
  ['Postcards', 22],
  ['Sandwich', 10],
  ['Orange juice', 10],
] as const;
const WORDS_IT =
  'la presente per comunicarvi che il contratto di fornitura sarà rinnovato alle stesse condizioni economiche del precedente anno salvo diversa indicazione scritta entro trenta giorni dalla ricezione restiamo a disposizione per ogni chiarimento e porgiamo cordiali saluti in merito alla vostra richiesta del mese scorso confermiamo la disponibilità dei materiali ordinati e la consegna presso il vostro magazzino'.split(
    ' ',
  );
const WORDS_EN =
  'we are writing to confirm that the supply agreement will be renewed on the same terms as last year unless we receive written notice within thirty days of this letter please do not hesitate to contact us should you need any further information regarding your order of last month the goods are available and will be delivered to your warehouse'.split(
    ' ',
  );
const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function piva(rng: Rng): string {
  const first = `0${String(rng.int(100000000, 999999999))}`;
  return first + partitaIvaCheckDigit(first);
}
const pad2 = (n: number) => String(n).padStart(2, '0');
function money(cents: number, lang: 'it' | 'en'): string {
  const units = Math.floor(cents / 100);
  const dec = pad2(cents % 100);
  if (lang === 'en') return `${units.toLocaleString('en-GB')}.${dec}`;
  return `${String(units).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
}
function randomDate(rng: Rng) {
  return { y: rng.int(2023, 2026), m: rng.int(1, 12), d: rng.int(1, 28) };
}
const iso = (d: { y: number; m: number; d: number }) => `${d.y}-${pad2(d.m)}-${pad2(d.d)}`;

/** A line of `width` columns: the text left, the amount right. */
function lr(left: string, right: string, width = 40): string {
  const gap = Math.max(1, width - left.length - right.length);
  return left + ' '.repeat(gap) + right;
}
function center(text: string, width = 40): string {
  return ' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text;
}

type Drawn = { lines: string[]; fields: SampleTruth };

function receipt(rng: Rng, lang: 'it' | 'en'): Drawn {
  const name = `${rng.pick(COMPANIES)} ${rng.pick(FORMS)}`.toUpperCase();
  const [cap, city, prov] = rng.pick(CITIES);
  const vatNo = piva(rng);
  const date = randomDate(rng);
  const time = `${pad2(rng.int(7, 22))}:${pad2(rng.int(0, 59))}`;
  const docNo = `${String(rng.int(1, 9999)).padStart(4, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
  const pool: readonly (readonly [string, number])[] = lang === 'it' ? ITEMS_IT : ITEMS_EN;
  const count = rng.int(2, 7);
  const items: { label: string; rate: number; cents: number }[] = [];
  for (let i = 0; i < count; i++) {
    const [label, rate] = rng.pick(pool);
    const qty = rng.chance(0.25) ? rng.int(2, 4) : 1;
    const unit = rng.int(50, 2500);
    items.push({ label: qty > 1 ? `${label} x${qty}` : label, rate, cents: unit * qty });
  }
  const total = items.reduce((s, i) => s + i.cents, 0);
  const byRate = new Map<number, number>();
  for (const i of items) byRate.set(i.rate, (byRate.get(i.rate) ?? 0) + i.cents);
  const vat = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, gross]) => {
      const tax = Math.round((gross * rate) / (100 + rate));
      return { ratePercent: rate, grossCents: gross, taxableCents: gross - tax, vatCents: tax };
    });
  const vatTotal = vat.reduce((s, v) => s + v.vatCents, 0);
  const method = rng.pick(['cash', 'card', 'electronic'] as const);
  const m = (c: number) => money(c, lang);
  const lines: string[] = [];
  lines.push(center(name));
  lines.push(center(`${rng.pick(STREETS)} ${rng.int(1, 120)}`));
  lines.push(center(`${cap} ${city} (${prov})`));
  if (lang === 'it')
    lines.push(center(rng.pick([`P.IVA ${vatNo}`, `Partita IVA ${vatNo}`, `P. IVA IT${vatNo}`])));
  else lines.push(center(rng.pick([`VAT No. IT${vatNo}`, `VAT Reg. IT${vatNo}`])));
  if (rng.chance(0.5)) lines.push(center(`Tel. 0${rng.int(10, 99)} ${rng.int(100000, 999999)}`));
  lines.push('');
  if (lang === 'it') {
    lines.push(center('DOCUMENTO COMMERCIALE'));
    lines.push(center('di vendita o prestazione'));
    lines.push(lr('DESCRIZIONE', 'IVA   Prezzo(€)'));
  } else {
    lines.push(center('SALES RECEIPT'));
    lines.push(lr('ITEM', 'VAT   Price(€)'));
  }
  for (const i of items) lines.push(lr(i.label, `${i.rate}%`.padEnd(5) + ' ' + m(i.cents).padStart(8)));
  if (rng.chance(0.5)) lines.push(lr(lang === 'it' ? 'SUBTOTALE' : 'Subtotal', m(total)));
  lines.push(lr(lang === 'it' ? 'TOTALE COMPLESSIVO' : 'TOTAL EUR', m(total)));
  lines.push(lr(lang === 'it' ? 'di cui IVA' : 'of which VAT', m(vatTotal)));
  let paymentMethod: SampleTruth['paymentMethod'];
  if (method === 'cash') {
    paymentMethod = 'cash';
    const given = Math.ceil(total / 500) * 500 + (rng.chance(0.5) ? 1000 : 0);
    lines.push(lr(lang === 'it' ? 'Pagamento contante' : 'Cash', m(given)));
    if (lang === 'it') lines.push(lr('Pagamento elettronico', m(0)));
    lines.push(lr(lang === 'it' ? 'Resto' : 'Change', m(given - total)));
  } else {
    paymentMethod = 'card';
    if (lang === 'it') {
      if (rng.chance(0.5)) lines.push(lr('Pagamento contante', m(0)));
      lines.push(
        lr(
          method === 'card'
            ? rng.pick(['Pagamento carta', 'Bancomat', 'Carta di credito'])
            : 'Pagamento elettronico',
          m(total),
        ),
      );
    } else lines.push(lr(rng.pick(['Paid by card', 'Card payment', 'Contactless']), m(total)));
  }
  lines.push(lr(lang === 'it' ? 'Importo pagato' : 'Amount paid', m(total)));
  lines.push('');
  const tableLayout = rng.chance(0.5);
  if (tableLayout) {
    lines.push(lang === 'it' ? 'Aliquota   Imponibile    Imposta' : 'VAT rate   Net amount    VAT');
    for (const v of vat)
      lines.push(
        `${`${v.ratePercent},00%`.padEnd(10)} ${m(v.taxableCents).padStart(10)} ${m(v.vatCents).padStart(10)}`,
      );
  } else {
    for (const v of vat) lines.push(lr(`${lang === 'it' ? 'IVA' : 'VAT'} ${v.ratePercent}%`, m(v.vatCents)));
  }
  lines.push('');
  const dateText =
    lang === 'it'
      ? rng.pick([
          `${pad2(date.d)}-${pad2(date.m)}-${date.y} ${time}`,
          `${pad2(date.d)}/${pad2(date.m)}/${date.y} ore ${time}`,
        ])
      : rng.pick([
          `${pad2(date.d)}/${pad2(date.m)}/${date.y} ${time}`,
          `${date.d} ${MONTHS_EN[date.m - 1]!.slice(0, 3)} ${date.y} ${time}`,
        ]);
  lines.push(dateText);
  lines.push(lang === 'it' ? `DOCUMENTO N. ${docNo}` : `Receipt No. ${docNo}`);
  lines.push(`RT ${rng.int(10, 99)}MEX${rng.int(100000, 999999)}`);
  lines.push(center(lang === 'it' ? 'Grazie e arrivederci' : 'Thank you, goodbye'));
  return {
    lines,
    fields: {
      date: iso(date),
      time,
      totalCents: total,
      vat: vat.map((v) => ({ ratePercent: v.ratePercent, vatCents: v.vatCents })),
      issuerVatNumber: vatNo,
      documentNumber: docNo,
      paymentMethod,
    },
  };
}

type A4Line = { text: string; x?: number; anchor?: 'start' | 'end'; bold?: boolean; gap?: number };

function invoice(rng: Rng, lang: 'it' | 'en'): { rows: A4Line[][]; fields: SampleTruth; text: string[] } {
  const issuer = `${rng.pick(COMPANIES)} ${rng.pick(FORMS)}`;
  const client = `${rng.pick(COMPANIES)} ${rng.pick(FORMS)}`;
  const [cap, city, prov] = rng.pick(CITIES);
  const vatNo = piva(rng);
  const clientVat = piva(rng);
  const date = randomDate(rng);
  const number = `${date.y}/${rng.int(1, 400)}`;
  const rate = rng.pick([22, 22, 10]);
  const lines = Array.from({ length: rng.int(2, 6) }, () => ({
    label: rng.pick<readonly [string, number]>(lang === 'it' ? ITEMS_IT : ITEMS_EN)[0],
    qty: rng.int(1, 20),
    unit: rng.int(100, 20000),
  }));
  const taxable = lines.reduce((s, l) => s + l.qty * l.unit, 0);
  const tax = Math.round((taxable * rate) / 100);
  const total = taxable + tax;
  const m = (c: number) => money(c, lang);
  const it = lang === 'it';
  const d = it ? `${pad2(date.d)}/${pad2(date.m)}/${date.y}` : `${date.d} ${MONTHS_EN[date.m - 1]} ${date.y}`;
  const rows: A4Line[][] = [
    [{ text: issuer, bold: true }],
    [{ text: `${rng.pick(STREETS)} ${rng.int(1, 120)}, ${cap} ${city} (${prov})` }],
    [{ text: `${it ? 'P.IVA' : 'VAT No.'} IT${vatNo}` }],
    [{ text: `info@${issuer.split(' ')[1]!.toLowerCase()}.it` }],
    [{ text: it ? 'Spett.le' : 'Bill to:', x: 1400, gap: 1 }],
    [{ text: client, x: 1400 }],
    [{ text: `${it ? 'P.IVA' : 'VAT No.'} ${clientVat}`, x: 1400 }],
    [{ text: it ? `Fattura n. ${number} del ${d}` : `Invoice No. ${number} dated ${d}`, bold: true, gap: 1 }],
    [
      { text: it ? 'Descrizione' : 'Description', bold: true, gap: 1 },
      { text: it ? 'Q.tà' : 'Qty', x: 1350, anchor: 'end', bold: true },
      { text: it ? 'Prezzo' : 'Price', x: 1750, anchor: 'end', bold: true },
      { text: it ? 'Importo' : 'Amount', x: 2200, anchor: 'end', bold: true },
    ],
    ...lines.map((l) => [
      { text: l.label },
      { text: String(l.qty), x: 1350, anchor: 'end' as const },
      { text: m(l.unit), x: 1750, anchor: 'end' as const },
      { text: m(l.qty * l.unit), x: 2200, anchor: 'end' as const },
    ]),
    [
      { text: it ? 'Aliquota' : 'VAT rate', x: 1000, bold: true, gap: 1 },
      { text: it ? 'Imponibile' : 'Net amount', x: 1750, anchor: 'end', bold: true },
      { text: it ? 'Imposta' : 'VAT', x: 2200, anchor: 'end', bold: true },
    ],
    [
      { text: `${it ? 'IVA' : 'VAT'} ${rate}%`, x: 1000 },
      { text: m(taxable), x: 1750, anchor: 'end' },
      { text: m(tax), x: 2200, anchor: 'end' },
    ],
    [
      { text: it ? 'Totale documento' : 'Total due', x: 1000, bold: true, gap: 1 },
      { text: `€ ${m(total)}`, x: 2200, anchor: 'end', bold: true },
    ],
    [
      {
        text: it ? 'Pagamento: bonifico bancario a 30 giorni' : 'Payment: bank transfer within 30 days',
        gap: 1,
      },
    ],
    [{ text: `IBAN IT60 X054 2811 1010 0000 0123 456` }],
  ];
  return {
    rows,
    text: rows.map((r) => r.map((c) => c.text).join(' ')),
    fields: {
      date: iso(date),
      time: null,
      totalCents: total,
      vat: [{ ratePercent: rate, vatCents: tax }],
      issuerVatNumber: vatNo,
      documentNumber: number,
      paymentMethod: 'bank_transfer',
    },
  };
}

function letter(rng: Rng, lang: 'it' | 'en'): { rows: A4Line[][]; fields: SampleTruth; text: string[] } {
  const issuer = `${rng.pick(COMPANIES)} ${rng.pick(FORMS)}`;
  const [, city] = rng.pick(CITIES);
  const date = randomDate(rng);
  const words = lang === 'it' ? WORDS_IT : WORDS_EN;
  const dateLine =
    lang === 'it'
      ? `${city}, ${date.d} ${MONTHS_IT[date.m - 1]} ${date.y}`
      : `${city}, ${date.d} ${MONTHS_EN[date.m - 1]} ${date.y}`;
  const rows: A4Line[][] = [
    [{ text: issuer, bold: true }],
    [{ text: dateLine, gap: 1 }],
    [{ text: lang === 'it' ? 'Gentili signori,' : 'Dear Sirs,', gap: 1 }],
  ];
  for (let p = 0; p < 3; p++) {
    let line = '';
    const n = rng.int(40, 70);
    for (let w = 0; w < n; w++) {
      const word = rng.pick(words);
      if ((line + ' ' + word).length > 68) {
        rows.push([{ text: line.trim(), gap: rows.length > 3 && line === '' ? 1 : 0 }]);
        line = '';
      }
      line += ` ${word}`;
    }
    rows.push([{ text: `${line.trim()}.` }]);
    rows.push([{ text: '' }]);
  }
  rows.push([{ text: lang === 'it' ? 'Cordiali saluti' : 'Kind regards' }]);
  return {
    rows,
    text: rows.map((r) => r.map((c) => c.text).join(' ')),
    fields: {
      date: iso(date),
      time: null,
      totalCents: null,
      vat: [],
      issuerVatNumber: null,
      documentNumber: null,
      paymentMethod: null,
    },
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A receipt 80 mm wide at 300 dpi: 945 px of paper, 40 columns of DejaVu Sans Mono. */
function receiptSvg(lines: string[]): string {
  const width = 1000;
  const size = 34;
  const lh = Math.round(size * 1.45);
  const height = lines.length * lh + 160;
  const body = lines
    .map(
      (l, i) =>
        `<text x="40" y="${100 + i * lh}" font-family="DejaVu Sans Mono" font-size="${size}" xml:space="preserve">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`;
}

/** An A4 page at 300 dpi (2480 × 3508 px), 11 pt text (46 px). */
function a4Svg(rows: A4Line[][], font: string): string {
  const size = 46;
  let y = 260;
  const parts: string[] = [];
  for (const row of rows) {
    y += Math.round(size * 1.5) + (row[0]?.gap ? size : 0);
    for (const c of row) {
      if (!c.text) continue;
      parts.push(
        `<text x="${c.x ?? 250}" y="${y}" font-family="${font}" font-size="${size}"${c.bold ? ' font-weight="bold"' : ''}${c.anchor === 'end' ? ' text-anchor="end"' : ''} xml:space="preserve">${esc(c.text)}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}

async function renderScan(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#ffffff' }).png().toBuffer();
}

/**
 * A phone photo of the page: shrunk to about 200 dpi, laid on a grey table with a margin, turned by an angle
 * of 2–3.5° either way, lit unevenly (a gradient multiplied in), blurred, noised and saved as JPEG q 72.
 */
export async function toPhoto(png: Buffer, rng: Rng, angle?: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const scale = 0.7;
  const w = Math.round((meta.width as number) * scale);
  const h = Math.round((meta.height as number) * scale);
  const deg = angle ?? (rng.chance(0.5) ? 1 : -1) * (2 + rng.next() * 1.5);
  const turned = await sharp(png)
    .resize(w, h)
    .rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const margin = Math.round(w * 0.08);
  const W = turned.info.width + margin * 2;
  const H = turned.info.height + margin * 2;
  const table = await sharp({
    create: { width: W, height: H, channels: 3, background: { r: 120, g: 112, b: 100 } },
  })
    .composite([{ input: turned.data, left: margin, top: margin }])
    .png()
    .toBuffer();
  const fx = rng.next();
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="${fx}" y1="0" x2="${1 - fx}" y2="1"><stop offset="0" stop-color="rgb(255,250,240)"/><stop offset="1" stop-color="rgb(${rng.int(150, 185)},${rng.int(145, 175)},${rng.int(135, 165)})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: rng.int(12, 20) },
    },
  })
    .png()
    .toBuffer();
  return sharp(table)
    .composite([
      { input: light, blend: 'multiply' },
      { input: noise, blend: 'overlay' },
    ])
    .blur(0.6 + rng.next() * 0.5)
    .jpeg({ quality: 72 })
    .toBuffer();
}

export type SampleSpec = { kind: SampleKind; language: 'it' | 'en'; quality: SampleQuality };

/** One sample from its spec and seed (the seed decides content and degradation). */
export async function makeSample(spec: SampleSpec, seed: number): Promise<OcrSample> {
  const rng = prng(seed);
  let svg: string;
  let text: string[];
  let fields: SampleTruth;
  if (spec.kind === 'receipt') {
    const r = receipt(rng, spec.language);
    svg = receiptSvg(r.lines);
    text = r.lines;
    fields = r.fields;
  } else {
    const r = spec.kind === 'invoice' ? invoice(rng, spec.language) : letter(rng, spec.language);
    svg = a4Svg(r.rows, rng.pick(['DejaVu Sans', 'Liberation Sans', 'Liberation Serif']));
    text = r.text;
    fields = r.fields;
  }
  const png = await renderScan(svg);
  const image = spec.quality === 'photo' ? await toPhoto(png, rng) : png;
  return {
    id: `${spec.kind}-${spec.language}-${spec.quality}-${seed}`,
    ...spec,
    image,
    text: text.join('\n'),
    fields,
  };
}

/** The bench's set: n receipts and m A4 pages (invoices and letters), each language and quality in turn. */
export async function makeSampleSet(receipts: number, pages: number, seed = 17): Promise<OcrSample[]> {
  const out: OcrSample[] = [];
  for (let i = 0; i < receipts; i++)
    out.push(
      await makeSample(
        { kind: 'receipt', language: i % 4 < 2 ? 'it' : 'en', quality: i % 2 ? 'photo' : 'scan' },
        seed * 1000 + i,
      ),
    );
  for (let i = 0; i < pages; i++)
    out.push(
      await makeSample(
        {
          kind: i % 4 < 2 ? 'invoice' : 'letter',
          language: i % 8 < 4 ? 'it' : 'en',
          quality: i % 2 ? 'photo' : 'scan',
        },
        seed * 1000 + 500 + i,
      ),
    );
  return out;
}

/** Whitespace runs made one space, blank lines dropped: the text as the CER compares it. */
export function normalizeForCer(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Levenshtein distance over characters, two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = new Uint32Array(b.length + 1).map((_, j) => j);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Character error rate of the OCR text against the truth (both normalised). */
export function characterErrorRate(ocr: string, truth: string): number {
  const t = normalizeForCer(truth);
  return t.length ? editDistance(normalizeForCer(ocr), t) / t.length : 0;
}
