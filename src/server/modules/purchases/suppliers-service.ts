import { isUuid } from '@shared/ids/uuid.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import { openInstallments } from '@shared/purchases/payables.ts';
import {
  mergeSupplierUpdate,
  type TSupplierDetail,
  type TSupplierListQuery,
  type TSupplierPage,
  type TSupplierUpdate,
} from '@shared/suppliers/contracts.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { todayIn } from '../invoicing/index.ts';
import * as repo from './suppliers-repository.ts';

/**
 * Suppliers (issue 17): the list with what was bought from each and what is still owed, one supplier with its open
 * instalments, and corrections to its name and address. A supplier that is also a client (same P.IVA or codice
 * fiscale) names that client, so the screens link rather than copy.
 */

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSupplier>>>;

function listItem({ createdAt: _c, updatedAt: _u, ...row }: Row) {
  return row;
}

export async function listSuppliers(
  deps: { db: Db },
  orgId: string,
  query: TSupplierListQuery,
): Promise<TSupplierPage> {
  // An id that is no UUID names no client: an empty page, as for another organization's client.
  if (query.clientId !== undefined && !isUuid(query.clientId)) {
    return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  }
  const { items, total } = await repo.listSuppliers(deps.db, orgId, {
    q: query.q || undefined,
    clientId: query.clientId,
    ...toLimitOffset(query),
  });
  return { items: items.map(listItem), total, page: query.page, pageSize: query.pageSize };
}

export async function getSupplier(deps: { db: Db }, orgId: string, id: string): Promise<TSupplierDetail> {
  const row = isUuid(id) ? await repo.findSupplier(deps.db, orgId, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  const [open, today] = await Promise.all([
    repo.openInvoicesOfSupplier(deps.db, orgId, id),
    todayIn(deps, { orgId }),
  ]);
  const payables = open
    .flatMap((invoice) =>
      openInstallments(invoice, invoice.paidCents, invoice.issueDate).map((installment) => ({
        invoiceId: invoice.id,
        number: invoice.number,
        documentType: invoice.documentType,
        issueDate: invoice.issueDate,
        dueDate: installment.dueDate,
        openCents: installment.openCents,
        overdue: installment.dueDate < today,
      })),
    )
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number.localeCompare(b.number));
  return {
    ...listItem(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    payables,
  };
}

/** Corrects the supplier's name or address (checked as a client's address is); answers the supplier as saved. */
export async function updateSupplier(
  deps: { db: Db },
  input: { orgId: string; id: string; changes: TSupplierUpdate },
): Promise<TSupplierDetail> {
  const current = isUuid(input.id) ? await repo.supplierPlace(deps.db, input.orgId, input.id) : undefined;
  if (!current) throw new AppError('NOT_FOUND');
  const merged = mergeSupplierUpdate(current, input.changes);
  if (!merged.ok) throw new AppError('VALIDATION_ERROR', merged.issues);
  const { name, ...rest } = merged.values;
  const changes = { ...rest, ...(name === undefined ? {} : { name }) };
  if (Object.keys(changes).length > 0) {
    const updated = await repo.updateSupplier(deps.db, input.orgId, input.id, changes);
    if (!updated) throw new AppError('NOT_FOUND');
  }
  return getSupplier(deps, input.orgId, input.id);
}
