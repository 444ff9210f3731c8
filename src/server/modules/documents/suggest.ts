import type { TDocumentSuggestions, TRule } from '@shared/documents/contracts.ts';
import { readFields } from '@shared/documents/fields.ts';
import type { DbOrTx } from '../../db/database.ts';
import { issuerCategory, matchCorrespondents } from './suggestions-repository.ts';

/**
 * What the text of a document suggests (issue 17): the fields read from it, the clients and suppliers it names
 * (by P.IVA, codice fiscale, e-mail or company name) and the expense category the issuer's earlier expenses used.
 * The user confirms each suggestion; only matching rules file a document by themselves.
 */

export async function suggestFor(db: DbOrTx, orgId: string, text: string): Promise<TDocumentSuggestions> {
  const fields = readFields(text);
  const names = [...fields.companyNames, ...(fields.issuerName ? [fields.issuerName.value] : [])];
  const correspondents = await matchCorrespondents(db, orgId, {
    vatNumbers: fields.vatNumbers,
    taxCodes: fields.taxCodes,
    emails: fields.emails,
    names,
  });
  const issuer = correspondents[0]?.name ?? fields.issuerName?.value ?? null;
  return {
    documentType: fields.documentType,
    documentDate: fields.documentDate,
    time: fields.time,
    totalCents: fields.totalCents,
    vat: fields.vat,
    issuerName: fields.issuerName,
    vatNumbers: fields.vatNumbers,
    taxCodes: fields.taxCodes,
    ibans: fields.ibans,
    emails: fields.emails,
    documentNumber: fields.documentNumber,
    paymentMethod: fields.paymentMethod,
    correspondents,
    categoryId: await issuerCategory(db, orgId, issuer),
  };
}

// ---------------------------------------------------------------- matching rules

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a rule matches a text, as Paperless-ngx's algorithms: any word, all words (whole words), the exact phrase,
 * or a regular expression. A regular expression that does not compile matches nothing.
 */
export function ruleMatches(
  rule: Pick<TRule, 'algorithm' | 'pattern' | 'caseSensitive'>,
  text: string,
): boolean {
  const flags = rule.caseSensitive ? 'u' : 'iu';
  const wordRe = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(w)}(?![\\p{L}\\p{N}])`, flags);
  const body = text.slice(0, 200_000);
  switch (rule.algorithm) {
    case 'any':
      return words(rule.pattern).some((w) => wordRe(w).test(body));
    case 'all':
      return words(rule.pattern).every((w) => wordRe(w).test(body));
    case 'exact':
      return wordRe(rule.pattern.trim()).test(body);
    case 'regex':
      try {
        return new RegExp(rule.pattern, flags).test(body);
      } catch {
        return false;
      }
  }
}

/** A regular expression the rule form can accept. */
export function validRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
