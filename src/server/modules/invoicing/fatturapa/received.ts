import { validateXml } from '../../../platform/xml-schema.ts';
import { readFatturaPa, type ReceivedFile } from './read-xml.ts';
import { openSignedFile } from './signed-file.ts';

/** A supplier's invoice file: IT01234567890_00001.xml or .xml.p7m (an SDI notification has more after the _). */
const INVOICE_FILE = /^[A-Z]{2}[A-Z0-9]{1,28}_[A-Z0-9]{1,5}\.xml(\.p7m)?$/i;

export type ReceivedReading = { ok: true; file: ReceivedFile } | { ok: false; errors: string[] };

/**
 * A FatturaPA file received from a supplier (issue 16), named as the SDI names them: opened when signed, checked
 * against the official schema, read. Null for any other file (not so named, or not a FatturaElettronica inside).
 */
export async function readReceivedFatturaPa(
  fileName: string,
  content: Buffer,
): Promise<ReceivedReading | null> {
  const name = fileName.trim();
  if (!INVOICE_FILE.test(name)) return null;
  const xml = /\.p7m$/i.test(name) ? openSignedFile(content) : content;
  if (!xml) return null;
  const text = xml.toString('utf8');
  if (!/<([A-Za-z0-9_]+:)?FatturaElettronica[\s>]/.test(text.slice(0, 4000))) return null;
  const validation = await validateXml('fatturapa', text, name.replace(/\.p7m$/i, ''));
  if (!validation.valid) return { ok: false, errors: validation.errors };
  return { ok: true, file: readFatturaPa(text) };
}
