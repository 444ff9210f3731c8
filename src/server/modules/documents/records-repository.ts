import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LinkRecordType } from '@shared/documents/contracts.ts';
import type { DbOrTx } from '../../db/database.ts';
import { events } from '../../db/schema/calendar.ts';
import { clients } from '../../db/schema/clients.ts';
import { inventoryItems } from '../../db/schema/inventory.ts';
import { invoices, quotes } from '../../db/schema/invoicing.ts';
import { purchaseInvoices, suppliers } from '../../db/schema/purchases.ts';
import { transactions } from '../../db/schema/transactions.ts';

/**
 * The records a document can be linked to, each with the label its chip shows. One table per type, every lookup
 * scoped to the organization, so a link never names another organization's record.
 */

type Source = { table: PgTable; id: PgColumn; org: PgColumn; label: PgColumn | SQL };

const SOURCES: Record<LinkRecordType, Source> = {
  client: {
    table: clients,
    id: clients.id,
    org: clients.organizationId,
    label: sql<string>`coalesce(${clients.companyName}, ${clients.fullName})`,
  },
  supplier: { table: suppliers, id: suppliers.id, org: suppliers.organizationId, label: suppliers.name },
  // A draft invoice has no number yet: its chip names it by the start of its id.
  invoice: {
    table: invoices,
    id: invoices.id,
    org: invoices.organizationId,
    label: sql<string>`coalesce(${invoices.number}, '#' || left(${invoices.id}::text, 8))`,
  },
  quote: { table: quotes, id: quotes.id, org: quotes.organizationId, label: quotes.number },
  transaction: {
    table: transactions,
    id: transactions.id,
    org: transactions.organizationId,
    label: sql<string>`coalesce(${transactions.description}, to_char(${transactions.occurredOn}, 'YYYY-MM-DD'))`,
  },
  event: { table: events, id: events.id, org: events.organizationId, label: events.title },
  inventory_item: {
    table: inventoryItems,
    id: inventoryItems.id,
    org: inventoryItems.organizationId,
    label: inventoryItems.name,
  },
  purchase_invoice: {
    table: purchaseInvoices,
    id: purchaseInvoices.id,
    org: purchaseInvoices.organizationId,
    label: purchaseInvoices.number,
  },
};

/** Labels of records of one type, by id (records of other organizations are not found). */
export async function recordLabels(
  db: DbOrTx,
  orgId: string,
  type: LinkRecordType,
  ids: string[],
): Promise<Map<string, string | null>> {
  const source = SOURCES[type];
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select({ id: source.id, label: source.label })
    .from(source.table)
    .where(and(eq(source.org, orgId), inArray(source.id, ids)))) as { id: string; label: string | null }[];
  return new Map(rows.map((r) => [r.id, r.label]));
}

export async function recordExists(
  db: DbOrTx,
  orgId: string,
  type: LinkRecordType,
  id: string,
): Promise<boolean> {
  return (await recordLabels(db, orgId, type, [id])).has(id);
}
