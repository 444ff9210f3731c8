/**
 * Validation of XML against the official e-invoicing schemas, offline, with xmllint-wasm (libxml2 in
 * WebAssembly: no network, so an import is never fetched). The schemas ship in src/server/schemas/fatturapa and
 * the build copies them to dist/schemas/fatturapa: from this module's folder (src/server/platform, or dist/server
 * for the bundle) both are `../schemas/fatturapa`, as the migrations are for platform/db.ts.
 *
 * The FatturaPA schema imports xmldsig by an absolute http URL; catalog.xml maps it to the local copy. xmllint-wasm
 * has no catalog support, so each catalog entry is preloaded into its in-memory file system under the URL itself.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export const SCHEMA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../schemas/fatturapa');

/** The FatturaPA invoice (v1.2.2) and the SDI's notifications (MessaggiTypes v1.1). */
export type XmlSchemaName = 'fatturapa' | 'sdi-messages';

const SCHEMA_FILES: Record<XmlSchemaName, string> = {
  fatturapa: 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
  'sdi-messages': 'MessaggiTypes_v1.1.xsd',
};

export type XmlValidation = { valid: boolean; errors: string[] };

type SchemaFiles = { schema: XMLFileInfo; preload: XMLFileInfo[] };
const loaded = new Map<XmlSchemaName, Promise<SchemaFiles>>();

async function readSchemaFile(name: string): Promise<string> {
  const file = path.join(SCHEMA_DIR, name);
  try {
    return await readFile(file, 'utf8');
  } catch (cause) {
    throw new Error(`XML schema file missing: ${file}`, { cause });
  }
}

async function loadSchema(name: XmlSchemaName): Promise<SchemaFiles> {
  const [schema, catalog, xmldsig] = await Promise.all([
    readSchemaFile(SCHEMA_FILES[name]),
    readSchemaFile('catalog.xml'),
    readSchemaFile('xmldsig-core-schema.xsd'),
  ]);
  const entries = [...catalog.matchAll(/<system\s+systemId="([^"]+)"\s+uri="([^"]+)"\s*\/>/g)];
  if (entries.length === 0) throw new Error('catalog.xml maps no system identifier');
  const preload = await Promise.all(
    entries.map(async ([, systemId, uri]) => ({
      fileName: systemId as string,
      contents: await readSchemaFile(uri as string),
    })),
  );
  // MessaggiTypes imports xmldsig by a relative location, resolved beside the schema's own (virtual) file.
  preload.push({ fileName: 'xmldsig-core-schema.xsd', contents: xmldsig });
  return { schema: { fileName: SCHEMA_FILES[name], contents: schema }, preload };
}

/**
 * Validates several documents in one xmllint run (one schema load instead of one per file), each judged on its
 * own: the result per file name (distinct names required). `errors` holds xmllint's messages, with line numbers.
 */
export async function validateXmlFiles(
  schemaName: XmlSchemaName,
  files: readonly XMLFileInfo[],
): Promise<Record<string, XmlValidation>> {
  if (new Set(files.map((f) => f.fileName)).size !== files.length) throw new Error('Duplicate file names');
  let schemaFiles = loaded.get(schemaName);
  if (!schemaFiles) {
    schemaFiles = loadSchema(schemaName);
    loaded.set(schemaName, schemaFiles);
    schemaFiles.catch(() => loaded.delete(schemaName));
  }
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

/** Validates one document against one schema. */
export async function validateXml(
  schemaName: XmlSchemaName,
  xml: string | Uint8Array,
  fileName = 'document.xml',
): Promise<XmlValidation> {
  const results = await validateXmlFiles(schemaName, [{ fileName, contents: xml }]);
  return results[fileName]!;
}
