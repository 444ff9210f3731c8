import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { documentLinks, documents } from '../../db/schema/documents.ts';
import { purchaseInvoices } from '../../db/schema/purchases.ts';
import type { Claimed } from './reading-repository.ts';
import { refreshSearchExtra } from './repository.ts';

/** Queries of filing a document once its text is read (filing.ts). */

export async function currentFiling(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      documentType: documents.documentType,
      clientId: documents.clientId,
      supplierId: documents.supplierId,
      documentDate: documents.documentDate,
    })
    .from(documents)
    .where(eq(documents.id, id));
  return row ?? null;
}

export async function supplierOfPurchase(
  db: DbOrTx,
  orgId: string,
  invoiceId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ supplierId: purchaseInvoices.supplierId })
    .from(purchaseInvoices)
    .where(and(eq(purchaseInvoices.organizationId, orgId), eq(purchaseInvoices.id, invoiceId)));
  return row?.supplierId ?? null;
}

type Insert = typeof documents.$inferInsert;
type ReadingValues = Pick<
  Insert,
  | 'content'
  | 'textSource'
  | 'pageCount'
  | 'suggestions'
  | 'documentType'
  | 'clientId'
  | 'supplierId'
  | 'documentDate'
> &
  Partial<Pick<Insert, 'fileKey' | 'fileName' | 'mimeType' | 'sizeBytes'>>;

/**
 * Stores the reading's outcome with the filing it led to, in one transaction; nothing when the reading was
 * cancelled (or the document deleted) meanwhile. Answers whether it was stored.
 */
export async function saveReading(
  db: DbOrTx,
  doc: Claimed,
  input: {
    values: ReadingValues;
    tagIds: string[];
    links: { recordType: 'purchase_invoice'; recordId: string }[];
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(documents)
      .set({
        ...input.values,
        readingStatus: 'done',
        readingProgress: 100,
        readingError: null,
        readingLeaseUntil: null,
        updatedAt: new Date(),
      })
      .where(and(eq(documents.id, doc.id), eq(documents.readingStatus, 'running')))
      .returning({ id: documents.id });
    if (updated.length === 0) return false;
    if (input.tagIds.length > 0) {
      // Rules name tags of the organization only (checked when the rule is saved); a deleted tag is skipped.
      await tx.execute(sql`
        insert into document_tag_links (document_id, tag_id)
        select ${doc.id}::uuid, t.id from document_tags t
        where t.organization_id = ${doc.organizationId} and t.id in (${sql.join(
          input.tagIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        on conflict do nothing`);
    }
    if (input.links.length > 0) {
      await tx
        .insert(documentLinks)
        .values(
          input.links.map((l) => ({
            ...l,
            organizationId: doc.organizationId,
            documentId: doc.id,
            createdBy: doc.createdBy,
          })),
        )
        .onConflictDoNothing();
    }
    await refreshSearchExtra(tx, [doc.id]);
    return true;
  });
}
