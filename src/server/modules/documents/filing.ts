import type { DocumentType } from '@shared/documents/contracts.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { importPurchaseInvoiceFile } from '../purchases/index.ts';
import type { FileStore } from '../../platform/storage.ts';
import type { ReadOutcome } from './read-file.ts';
import * as filingRepo from './filing-repository.ts';
import type { Claimed } from './reading-repository.ts';
import { rulesInOrder } from './tags-rules-repository.ts';
import { ruleMatches, suggestFor } from './suggest.ts';

/**
 * What happens once a document's text is read (issue 17): the suggestions are stored, the matching rules file it
 * (type, tags, correspondent — never over what the user chose), an e-invoice is recorded as a purchase invoice and
 * linked, and a HEIC photo is replaced by its JPEG. One transaction; nothing is written if the reading was
 * cancelled meanwhile.
 */

export async function fileReadingDone(
  deps: { db: Db; files: FileStore; hub: RealtimeHub; log: FastifyBaseLogger },
  doc: Claimed,
  outcome: ReadOutcome,
  content: Buffer,
): Promise<void> {
  const orgId = doc.organizationId;
  const current = await filingRepo.currentFiling(deps.db, doc.id);
  if (!current) return;

  const suggestions = outcome.text.trim() ? await suggestFor(deps.db, orgId, outcome.text) : null;
  let documentType = current.documentType as DocumentType;
  let clientId = current.clientId;
  let supplierId = current.supplierId;
  let documentDate = current.documentDate;
  const tagIds = new Set<string>();
  const links: { recordType: 'purchase_invoice'; recordId: string }[] = [];

  if (outcome.einvoice && doc.createdBy) {
    const result = await importPurchaseInvoiceFile(deps, {
      orgId,
      userId: doc.createdBy,
      fileName: doc.fileName,
      content,
      source: 'upload',
      documentId: doc.id,
    });
    // Another business's invoice, or one the schema refuses, stays a document only (its reading says what it is).
    const recorded = { invoiceIds: 'invoiceIds' in result ? result.invoiceIds : [] };
    for (const id of recorded.invoiceIds) links.push({ recordType: 'purchase_invoice', recordId: id });
    if (recorded.invoiceIds.length > 0 && !clientId && !supplierId) {
      supplierId = await filingRepo.supplierOfPurchase(deps.db, orgId, recorded.invoiceIds[0]!);
    }
  }
  if (outcome.einvoice) {
    if (documentType === 'other') documentType = 'received_invoice';
    documentDate ??= outcome.einvoice.invoices[0]?.date ?? null;
  }

  const rules = await rulesInOrder(deps.db, orgId);
  const text = `${doc.fileName}\n${outcome.text}`;
  for (const rule of rules) {
    if (
      !ruleMatches(
        { algorithm: rule.algorithm as 'any', pattern: rule.pattern, caseSensitive: rule.caseSensitive },
        text,
      )
    ) {
      continue;
    }
    if (rule.assignType && documentType === 'other') documentType = rule.assignType as DocumentType;
    if (!clientId && !supplierId) {
      clientId = rule.assignClientId ?? null;
      supplierId = clientId ? null : (rule.assignSupplierId ?? null);
    }
    rule.assignTagIds.forEach((id) => tagIds.add(id));
  }

  let converted: { key: string; fileName: string } | null = null;
  if (outcome.converted) {
    converted = { key: `${doc.fileKey}-converted`, fileName: doc.fileName.replace(/\.[^.]+$/, '') + '.jpg' };
    await deps.files.put(converted.key, outcome.converted.content);
  }

  const written = await filingRepo.saveReading(deps.db, doc, {
    values: {
      content: outcome.text || null,
      textSource: outcome.textSource,
      pageCount: outcome.pageCount,
      suggestions,
      documentType,
      clientId,
      supplierId,
      documentDate,
      ...(converted
        ? {
            fileKey: converted.key,
            fileName: converted.fileName,
            mimeType: 'image/jpeg',
            sizeBytes: outcome.converted!.content.length,
          }
        : {}),
    },
    tagIds: [...tagIds],
    links,
  });
  if (converted) await deps.files.remove(written ? doc.fileKey : converted.key);
}
