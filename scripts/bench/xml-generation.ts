import { buildFatturaPaXml } from '../../src/server/modules/invoicing/fatturapa/build-xml.ts';
import { FATTURAPA_SCENARIOS } from '../../test/fixtures/fatturapa-documents.ts';

export type XmlGenerationTiming = { documents: number; totalMs: number; perDocumentMs: number };

/**
 * Builds n FatturaPA files, cycling through the sample scenarios (their totals are computed beforehand), and
 * reports the time taken. For the benchmark script; the goal is ≤ 10 ms per document.
 */
export function timeXmlGeneration(n: number): XmlGenerationTiming {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`timeXmlGeneration: n must be ≥ 1, got ${n}`);
  const docs = Object.values(FATTURAPA_SCENARIOS);
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const doc = docs[i % docs.length] as (typeof docs)[number];
    bytes += buildFatturaPaXml(doc, { progressivoInvio: String(i % 100_000) }).length;
  }
  const totalMs = performance.now() - started;
  if (bytes === 0) throw new Error('timeXmlGeneration: no output');
  return { documents: n, totalMs, perDocumentMs: totalMs / n };
}
