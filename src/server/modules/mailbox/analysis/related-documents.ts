import type { TRelatedDocument } from '@shared/mailbox/types.ts';

/**
 * Invoice and quote numbers mentioned in a subject ("Fattura 12/2026", "Preventivo P7/2026", "Rif. FT-2026-004"):
 * the tokens with a digit, made of letters, digits and / - _ . (at most 20 characters, FatturaPA's limit).
 */
export function documentNumberCandidates(subject: string): string[] {
  const tokens = subject.match(/[\p{L}\p{N}][\p{L}\p{N}/\-_.]*/gu) ?? [];
  const found = new Set<string>();
  for (const raw of tokens) {
    const token = raw.replace(/[/\-_.]+$/, '');
    if (!/\d/.test(token) || token.length > 20) continue;
    found.add(token.toUpperCase());
    // "n.12/2026", "nr.12/2026": the number after the abbreviation.
    const after = /^(?:n|nr|num|no)\.(.+)$/i.exec(token)?.[1];
    if (after) found.add(after.toUpperCase());
  }
  return [...found];
}

/** The organization's documents whose number the subject mentions (the caller looks the candidates up). */
export function relatedDocumentsOf(
  subject: string,
  documents: { type: 'invoice' | 'quote'; id: string; number: string }[],
): TRelatedDocument[] {
  const candidates = new Set(documentNumberCandidates(subject));
  const seen = new Set<string>();
  const result: TRelatedDocument[] = [];
  for (const doc of documents) {
    if (!candidates.has(doc.number.toUpperCase()) || seen.has(doc.id)) continue;
    seen.add(doc.id);
    result.push({ type: doc.type, id: doc.id, number: doc.number });
  }
  return result;
}
