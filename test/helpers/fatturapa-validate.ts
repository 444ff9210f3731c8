/**
 * Test helper: validates FatturaPA files against the official schema v1.2.2 through the server's own validator
 * (src/server/platform/xml-schema.ts), and reads the official examples kept as fixtures in test/fixtures/fatturapa
 * (copied from the team's reference folder, licences beside them; their absence is an error, not a skip).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { XMLFileInfo } from 'xmllint-wasm';
import { validateXmlFiles, type XmlValidation } from '../../src/server/platform/xml-schema.ts';

export const FATTURAPA_REFERENCE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/fatturapa',
);

export type FatturaPaValidation = XmlValidation;

/** Validates one XML document; `errors` holds xmllint's messages (with line numbers) when it is invalid. */
export async function validateFatturaPaXml(
  xml: string | Uint8Array,
  fileName = 'fattura.xml',
): Promise<FatturaPaValidation> {
  const results = await validateFatturaPaFiles([{ fileName, contents: xml }]);
  return results[fileName] as FatturaPaValidation;
}

/**
 * Validates several documents in one xmllint run (one schema load instead of one per file), each judged on
 * its own: the result per file name. File names must be distinct.
 */
export function validateFatturaPaFiles(
  files: readonly XMLFileInfo[],
): Promise<Record<string, FatturaPaValidation>> {
  return validateXmlFiles('fatturapa', files);
}

/** Reads a file of the reference folder (e.g. "examples/IT01234567890_FPA02.xml"). */
export async function readFatturaPaReference(relativePath: string): Promise<string> {
  const file = path.join(FATTURAPA_REFERENCE_DIR, relativePath);
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    throw new Error(`FatturaPA reference file missing: ${file}`, { cause });
  }
}
