/**
 * Test helper: validates a FatturaPA file against the official schema v1.2.2 with xmllint-wasm, offline.
 *
 * The schema, its xmldsig import and the official examples are test fixtures in test/fixtures/fatturapa (copied
 * from the team's reference folder, licences beside them); their absence is an error, not a skip. The schema imports xmldsig by an
 * absolute http URL; catalog.xml maps that URL to the local copy. xmllint-wasm has no catalog support, so each
 * catalog entry is preloaded into its in-memory file system under the URL itself: libxml2 built without HTTP
 * opens the URL as a path and finds the file (WebAssembly has no network, so nothing is ever fetched).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export const FATTURAPA_REFERENCE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/fatturapa',
);
const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';

export type FatturaPaValidation = { valid: boolean; errors: string[] };

type SchemaFiles = { schema: XMLFileInfo; preload: XMLFileInfo[] };
let schemaFiles: Promise<SchemaFiles> | null = null;

async function readReference(name: string): Promise<string> {
  const file = path.join(FATTURAPA_REFERENCE_DIR, name);
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    throw new Error(`FatturaPA reference file missing: ${file}`, {
      cause,
    });
  }
}

/** The <system systemId uri> entries of catalog.xml, preloaded under their systemId. */
async function loadSchemaFiles(): Promise<SchemaFiles> {
  const [schema, catalog] = await Promise.all([readReference(SCHEMA_FILE), readReference('catalog.xml')]);
  const entries = [...catalog.matchAll(/<system\s+systemId="([^"]+)"\s+uri="([^"]+)"\s*\/>/g)];
  if (entries.length === 0) throw new Error('catalog.xml maps no system identifier');
  const preload = await Promise.all(
    entries.map(async ([, systemId, uri]) => ({
      fileName: systemId as string,
      contents: await readReference(uri as string),
    })),
  );
  return { schema: { fileName: 'fatturapa.xsd', contents: schema }, preload };
}

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
export async function validateFatturaPaFiles(
  files: readonly XMLFileInfo[],
): Promise<Record<string, FatturaPaValidation>> {
  if (new Set(files.map((f) => f.fileName)).size !== files.length) throw new Error('Duplicate file names');
  schemaFiles ??= loadSchemaFiles();
  const { schema, preload } = await schemaFiles;
  const result = await validateXML({ xml: files, schema: [schema], preload });
  const outcome = new Set(result.rawOutput.split('\n'));
  return Object.fromEntries(
    files.map(({ fileName }) => {
      const errors = result.errors.filter((e) => e.loc?.fileName === fileName).map((e) => e.rawMessage);
      const valid = outcome.has(`${fileName} validates`) && errors.length === 0;
      return [fileName, { valid, errors: valid || errors.length > 0 ? errors : [result.rawOutput] }];
    }),
  );
}

/** Reads a file of the reference folder (e.g. "examples/IT01234567890_FPA02.xml"). */
export function readFatturaPaReference(relativePath: string): Promise<string> {
  return readReference(relativePath);
}
