import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { jsPDF } from 'jspdf';

/**
 * The embedded Unicode fonts of the PDFs (DejaVu, from the dejavu-fonts-ttf package): the PDF standard fonts
 * cover Latin-1 only, so "€" and accented names need a TrueType font. Each file is read and slimmed once, on
 * first use, and kept as the binary string jsPDF's virtual file system takes.
 */
export const FONT_FAMILIES = ['sans', 'serif', 'condensed'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type FontStyle = 'normal' | 'bold';

const FONT_FILES: Record<FontFamily, Record<FontStyle, string>> = {
  sans: { normal: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' },
  serif: { normal: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf' },
  condensed: { normal: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' },
};

const require = createRequire(import.meta.url);
const loaded = new Map<string, string>();

/** The slimmed TTF as a binary (latin1) string, read from disk the first time only. */
export function fontFileData(fileName: string): string {
  let data = loaded.get(fileName);
  if (data === undefined) {
    const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${fileName}`));
    data = Buffer.from(slimTrueType(new Uint8Array(bytes))).toString('latin1');
    loaded.set(fileName, data);
  }
  return data;
}

/** Embeds the family's regular and bold faces in the document; returns the font name for `setFont`. */
export function registerFontFamily(pdf: jsPDF, family: FontFamily): string {
  const fontName = `DejaVu-${family}`;
  for (const style of ['normal', 'bold'] as const) {
    const file = FONT_FILES[family][style];
    pdf.addFileToVFS(file, fontFileData(file));
    pdf.addFont(file, fontName, style, undefined, 'Identity-H');
  }
  return fontName;
}

/**
 * jsPDF parses the whole font for every document and copies the cmap, post, name, hmtx and loca tables
 * whole into each embedded subset. Keeping only the tables it reads, the Windows Unicode cmap, a post table
 * without glyph names and the name records 0–6 halves the time to render a document and the size of the PDF.
 */
export function slimTrueType(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    tables.set(tag, font.subarray(offset, offset + view.getUint32(record + 12)));
  }
  const table = (tag: string) => {
    const data = tables.get(tag);
    if (!data) throw new Error(`TrueType font without a ${tag} table`);
    return data;
  };
  const post = table('post').slice(0, 32);
  new DataView(post.buffer).setUint32(0, 0x00030000);
  const kept = new Map<string, Uint8Array>([
    ['OS/2', table('OS/2')],
    ['cmap', unicodeCmap(table('cmap'))],
    ['glyf', table('glyf')],
    ['head', table('head')],
    ['hhea', table('hhea')],
    ['hmtx', table('hmtx')],
    ['loca', table('loca')],
    ['maxp', table('maxp')],
    ['name', basicNames(table('name'))],
    ['post', post],
  ]);
  return assembleTrueType(view.getUint32(0), kept);
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The cmap with its (3, 1) format 4 subtable only, the one jsPDF maps characters with. */
function unicodeCmap(cmap: Uint8Array): Uint8Array {
  const view = dataView(cmap);
  for (let i = 0; i < view.getUint16(2); i++) {
    const record = 4 + 8 * i;
    const offset = view.getUint32(record + 4);
    if (view.getUint16(record) === 3 && view.getUint16(record + 2) === 1 && view.getUint16(offset) === 4) {
      const length = view.getUint16(offset + 2);
      const out = new Uint8Array(12 + length);
      const o = dataView(out);
      o.setUint16(2, 1);
      o.setUint16(4, 3);
      o.setUint16(6, 1);
      o.setUint32(8, 12);
      out.set(cmap.subarray(offset, offset + length), 12);
      return out;
    }
  }
  throw new Error('TrueType font without a Windows Unicode (3, 1) format 4 cmap');
}

/** The name table with records 0–6 only (copyright, family, style, unique, full and PostScript names). */
function basicNames(name: Uint8Array): Uint8Array {
  const view = dataView(name);
  const storage = view.getUint16(4);
  const records: { header: Uint8Array; nameId: number; text: Uint8Array }[] = [];
  for (let i = 0; i < view.getUint16(2); i++) {
    const record = 6 + 12 * i;
    const nameId = view.getUint16(record + 6);
    if (nameId > 6) continue;
    const start = storage + view.getUint16(record + 10);
    const text = name.subarray(start, start + view.getUint16(record + 8));
    records.push({ header: name.subarray(record, record + 6), nameId, text });
  }
  const storageStart = 6 + 12 * records.length;
  const out = new Uint8Array(storageStart + records.reduce((sum, r) => sum + r.text.length, 0));
  const o = dataView(out);
  o.setUint16(2, records.length);
  o.setUint16(4, storageStart);
  let position = 0;
  records.forEach((r, i) => {
    const record = 6 + 12 * i;
    out.set(r.header, record);
    o.setUint16(record + 6, r.nameId);
    o.setUint16(record + 8, r.text.length);
    o.setUint16(record + 10, position);
    out.set(r.text, storageStart + position);
    position += r.text.length;
  });
  return out;
}

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word =
      ((bytes[i] ?? 0) << 24) |
      ((bytes[i + 1] ?? 0) << 16) |
      ((bytes[i + 2] ?? 0) << 8) |
      (bytes[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

/** A TrueType file from its tables: directory sorted by tag, tables 4-byte aligned, checksums set. */
function assembleTrueType(sfntVersion: number, tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const pad = (n: number) => (n + 3) & ~3;
  let offset = 12 + 16 * tags.length;
  const out = new Uint8Array(tags.reduce((sum, tag) => sum + pad(tables.get(tag)!.length), offset));
  const view = dataView(out);
  const selector = Math.floor(Math.log2(tags.length));
  view.setUint32(0, sfntVersion);
  view.setUint16(4, tags.length);
  view.setUint16(6, 16 * 2 ** selector);
  view.setUint16(8, selector);
  view.setUint16(10, 16 * tags.length - 16 * 2 ** selector);
  let headOffset = 0;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    const record = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[record + k] = tag.charCodeAt(k);
    out.set(data, offset);
    if (tag === 'head') {
      headOffset = offset;
      view.setUint32(offset + 8, 0); // checkSumAdjustment is computed over the whole file below
    }
    view.setUint32(record + 4, checksum(out.subarray(offset, offset + data.length)));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    offset += pad(data.length);
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
