import { OUTBOX_STATUSES, type TOutboxStatus } from '@shared/mail/outbox.ts';
import {
  ZClientInput,
  clientInputFromImport,
  type TClient,
  type TClientInput,
  type TClientListQuery,
} from '@shared/clients/contracts.ts';
import {
  CLIENT_EXPORT_COLUMNS,
  CLIENT_EXPORT_HEADERS,
  CLIENT_EXPORT_MAX_ROWS,
  CLIENT_IMPORT_FIELDS,
  DUPLICATE_FIELD,
  DUPLICATE_MESSAGES,
  clientExportFileName,
  clientExportRow,
  clientIdentityKeys,
  duplicateKindsOf,
  type DuplicateKind,
  type TClientExportQuery,
  type TClientImportIssue,
  type TClientImportRequest,
  type TClientImportResult,
  type TClientImportRowResult,
} from '@shared/clients/import-export.ts';
import { TIMELINE_UPCOMING, sortTimeline, type TClientTimeline } from '@shared/clients/timeline.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { fieldMessage } from '@shared/errors/field-messages.ts';
import { toCsv } from '@shared/imports/csv.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, violatedUniqueConstraint } from '../../platform/errors.ts';
import { XLSX_TYPE, writeXlsx } from '../imports/spreadsheets.ts';
import { effectiveQuoteStatus, invoiceStatus } from '@shared/invoicing/status.ts';
import type { QuoteStatus } from '@shared/invoicing/contracts.ts';
import { todayIn } from '../invoicing/index.ts';
import { clientMailMessages } from '../mailbox/index.ts';
import {
  clientEvents,
  clientIdentities,
  clientInvoices,
  clientMails,
  clientQuotes,
  clientTransactions,
  deleteClient as deleteClientRow,
  findClient,
  findConflicts,
  insertClient,
  insertClientsBatch,
  listAllClients,
  listClients as listClientRows,
  setArchived,
  updateClient as updateClientRow,
  type ClientFilter,
  type ClientRow,
  type ClientValues,
} from './repository.ts';

/** Services of the clients area: no Fastify here; every call names its organization. */
export type ClientDeps = { db: Db };

export function toClient(row: ClientRow): TClient {
  return {
    id: row.id,
    type: row.type as TClient['type'],
    fullName: row.fullName,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    province: row.province,
    country: row.country,
    vatNumber: row.vatNumber,
    codiceFiscale: row.codiceFiscale,
    sdiCode: row.sdiCode,
    pec: row.pec,
    isPublicAdministration: row.isPublicAdministration,
    paOfficeCode: row.paOfficeCode,
    splitPayment: row.splitPayment,
    preferredLanguage: row.preferredLanguage as TClient['preferredLanguage'],
    paymentTermsDays: row.paymentTermsDays,
    notes: row.notes,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function filterOf(q: Omit<TClientListQuery, 'page' | 'pageSize'>): ClientFilter {
  return { q: q.q, type: q.type, country: q.country, archived: q.archived, sort: q.sort };
}

export async function listClients(deps: ClientDeps, input: { orgId: string; query: TClientListQuery }) {
  const { items, total } = await listClientRows(
    deps.db,
    input.orgId,
    filterOf(input.query),
    toLimitOffset(input.query),
  );
  return { items: items.map(toClient), total, page: input.query.page, pageSize: input.query.pageSize };
}

export async function getClient(deps: ClientDeps, input: { orgId: string; id: string }) {
  const row = await findClient(deps.db, input.orgId, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toClient(row);
}

/** Field details of a duplicate: the same shape as validation details (path, message key). */
function conflictDetails(conflicts: { vatNumber: boolean; email: boolean }) {
  const details: { path: string; message: string }[] = [];
  if (conflicts.vatNumber) details.push({ path: 'vatNumber', message: 'clients.errors.vatNumberTaken' });
  if (conflicts.email) details.push({ path: 'email', message: 'clients.errors.emailTaken' });
  return details;
}

/**
 * Runs a write and turns a unique violation that slipped past the check (two saves at once) into the same
 * ALREADY_EXISTS answer with the field that clashed.
 */
async function withUniqueFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = violatedUniqueConstraint(err);
    if (constraint === 'clients_org_vat_uq')
      throw new AppError('ALREADY_EXISTS', conflictDetails({ vatNumber: true, email: false }));
    if (constraint === 'clients_org_email_uq')
      throw new AppError('ALREADY_EXISTS', conflictDetails({ vatNumber: false, email: true }));
    throw err;
  }
}

async function assertNoConflict(db: Db, orgId: string, input: TClientInput, exceptId?: string) {
  const conflicts = await findConflicts(
    db,
    orgId,
    { vatNumber: input.vatNumber, email: input.email },
    exceptId,
  );
  if (conflicts.vatNumber || conflicts.email)
    throw new AppError('ALREADY_EXISTS', conflictDetails(conflicts));
}

export async function createClient(
  deps: ClientDeps,
  input: { orgId: string; userId: string; values: TClientInput },
) {
  await assertNoConflict(deps.db, input.orgId, input.values);
  const row = await withUniqueFields(() =>
    insertClient(deps.db, input.orgId, { ...input.values, createdBy: input.userId }),
  );
  return toClient(row);
}

export async function updateClient(
  deps: ClientDeps,
  input: { orgId: string; id: string; values: TClientInput },
) {
  if (!(await findClient(deps.db, input.orgId, input.id))) throw new AppError('NOT_FOUND');
  await assertNoConflict(deps.db, input.orgId, input.values, input.id);
  const row = await withUniqueFields(() => updateClientRow(deps.db, input.orgId, input.id, input.values));
  if (!row) throw new AppError('NOT_FOUND');
  return toClient(row);
}

export async function setClientArchived(
  deps: ClientDeps,
  input: { orgId: string; id: string; archived: boolean },
) {
  const row = await setArchived(deps.db, input.orgId, input.id, input.archived);
  if (!row) throw new AppError('NOT_FOUND');
  return toClient(row);
}

/** A client named by transactions (later: invoices, quotes, events) cannot be deleted: IN_USE; archive it. */
export async function deleteClient(deps: ClientDeps, input: { orgId: string; id: string }) {
  let deleted: boolean;
  try {
    deleted = await deleteClientRow(deps.db, input.orgId, input.id);
  } catch (err) {
    for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
      // foreign_key_violation; PostgreSQL 18 (PGlite) reports ON DELETE RESTRICT as restrict_violation.
      const code = (e as { code?: unknown }).code;
      if (code === '23503' || code === '23001') throw new AppError('IN_USE');
    }
    throw err;
  }
  if (!deleted) throw new AppError('NOT_FOUND');
}

export async function getClientTimeline(
  deps: ClientDeps,
  input: { orgId: string; userId: string; id: string; limit: number },
): Promise<TClientTimeline> {
  const client = await findClient(deps.db, input.orgId, input.id);
  if (!client) throw new AppError('NOT_FOUND');
  const [rows, quotes, invoices, mails, events, messages, today] = await Promise.all([
    clientTransactions(deps.db, input.orgId, input.id, input.limit),
    clientQuotes(deps.db, input.orgId, input.id, input.limit),
    clientInvoices(deps.db, input.orgId, input.id, input.limit),
    clientMails(deps.db, input.orgId, input.id, input.limit),
    clientEvents(deps.db, input.orgId, input.id, input.limit),
    // Mail is the user's own: only the signed-in user's messages with the client.
    clientMailMessages(deps.db, { orgId: input.orgId, userId: input.userId }, input.id, input.limit),
    todayIn(deps, { orgId: input.orgId }),
  ]);
  const items = sortTimeline([
    ...rows.slice(0, input.limit).map((r) => ({
      kind: 'transaction' as const,
      id: r.id,
      date: r.occurredOn,
      direction: r.direction as 'income' | 'expense',
      amountCents: r.amountCents,
      description: r.description,
    })),
    ...quotes.slice(0, input.limit).map((q) => ({
      kind: 'quote' as const,
      id: q.id,
      date: q.issueDate,
      number: q.number,
      documentType: null,
      status: effectiveQuoteStatus(q.status as QuoteStatus, q.validUntil, today),
      totalCents: q.totalCents,
    })),
    ...invoices.slice(0, input.limit).map((i) => ({
      kind: 'invoice' as const,
      id: i.id,
      date: i.issueDate,
      number: i.number,
      documentType: i.documentType,
      status: invoiceStatus(i, today),
      totalCents: i.totalCents,
    })),
    ...mails.slice(0, input.limit).map((m) => ({
      kind: 'mail' as const,
      id: m.id,
      date: m.sentAt.toISOString(),
      type: m.type,
      subject: m.subject,
      recipientEmail: m.recipientEmail,
      status: (OUTBOX_STATUSES as readonly string[]).includes(m.status)
        ? (m.status as TOutboxStatus)
        : ('sent' as const),
      invoiceId: m.invoiceId,
      quoteId: m.quoteId,
    })),
    ...events.slice(0, input.limit).map((e) => ({
      kind: 'event' as const,
      id: e.id,
      date: e.startDate,
      title: e.title,
      startTime: e.allDay ? null : e.startTime.slice(0, 5),
      recurring: e.rrule !== null,
    })),
    ...messages.slice(0, input.limit).map((m) => {
      const sent = m.role === 'sent' || m.role === 'drafts';
      return {
        kind: 'email' as const,
        id: m.id,
        date: m.receivedAt.toISOString(),
        direction: sent ? ('sent' as const) : ('received' as const),
        subject: m.subject,
        from: sent ? null : m.fromAddress,
      };
    }),
    { kind: 'created' as const, id: `${client.id}:created`, date: client.createdAt.toISOString() },
    ...(client.archivedAt
      ? [{ kind: 'archived' as const, id: `${client.id}:archived`, date: client.archivedAt.toISOString() }]
      : []),
  ]);
  const hasMore = [rows, quotes, invoices, mails, events, messages].some((list) => list.length > input.limit);
  return { items, hasMore, upcoming: [...TIMELINE_UPCOMING] };
}

function issue(path: string, key: string, locale: Locale): TClientImportIssue {
  return { path, key, message: fieldMessage(key, locale) ?? key };
}

/**
 * Validates every row with the shared contract, finds duplicates against the organization (P.IVA, e-mail,
 * codice fiscale; name and city for clients without any) and against earlier rows of the file, and unless it
 * is a dry run inserts in one transaction: valid_only the valid rows that are not duplicates; all_or_nothing
 * the same rows, but nothing at all (VALIDATION_ERROR) when any row is invalid. Duplicates are never inserted,
 * so importing the same file twice adds nothing the second time.
 */
export async function importClients(
  deps: ClientDeps,
  input: { orgId: string; userId: string; request: TClientImportRequest; locale: Locale },
): Promise<TClientImportResult> {
  const { rows, mode, dryRun } = input.request;
  const existing = new Map<DuplicateKind, Set<string>>([
    ['vatNumber', new Set()],
    ['email', new Set()],
    ['codiceFiscale', new Set()],
    ['nameCity', new Set()],
  ]);
  for (const client of await clientIdentities(deps.db, input.orgId)) {
    for (const [kind, key] of Object.entries(clientIdentityKeys(client)) as [DuplicateKind, string][]) {
      existing.get(kind)!.add(key);
    }
  }
  const seen = new Map<DuplicateKind, Set<string>>([...existing.keys()].map((k) => [k, new Set<string>()]));

  const results: TClientImportRowResult[] = [];
  const toInsert: ClientValues[] = [];
  rows.forEach((cells, index) => {
    const known: Partial<Record<string, string>> = {};
    for (const field of CLIENT_IMPORT_FIELDS) if (cells[field] !== undefined) known[field] = cells[field];
    if (cells.isPublicAdministration !== undefined)
      known.isPublicAdministration = cells.isPublicAdministration;
    const parsed = ZClientInput.safeParse(clientInputFromImport(known));
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) =>
        issue(i.path.join('.') || 'row', i.message, input.locale),
      );
      results.push({ index, status: 'invalid', errors });
      return;
    }
    const keys = clientIdentityKeys(parsed.data);
    // Every identifier is checked: a row can clash on its P.IVA and its e-mail at once.
    const kinds = duplicateKindsOf(keys);
    const clashes: TClientImportIssue[] = [];
    for (const kind of kinds) {
      const key = keys[kind]!;
      if (existing.get(kind)!.has(key))
        clashes.push(issue(DUPLICATE_FIELD[kind], DUPLICATE_MESSAGES[kind].taken, input.locale));
      else if (seen.get(kind)!.has(key))
        clashes.push(issue(DUPLICATE_FIELD[kind], DUPLICATE_MESSAGES[kind].repeated, input.locale));
    }
    if (clashes.length > 0) {
      results.push({ index, status: 'duplicate', errors: clashes });
      return;
    }
    for (const kind of kinds) seen.get(kind)!.add(keys[kind]!);
    // A client without ids still blocks a later row with its name and city.
    if (keys.nameCity) seen.get('nameCity')!.add(keys.nameCity);
    results.push({ index, status: 'valid', errors: [] });
    toInsert.push({ ...parsed.data, createdBy: input.userId });
  });

  const counts = {
    total: rows.length,
    valid: results.filter((r) => r.status === 'valid').length,
    invalid: results.filter((r) => r.status === 'invalid').length,
    duplicate: results.filter((r) => r.status === 'duplicate').length,
  };
  if (!dryRun && mode === 'all_or_nothing' && counts.invalid > 0) {
    const details = results
      .filter((r) => r.status === 'invalid')
      .flatMap((r) => r.errors.map((e) => ({ path: `rows.${r.index}.${e.path}`, message: e.key })))
      .slice(0, 200);
    throw new AppError('VALIDATION_ERROR', details);
  }
  if (!dryRun && toInsert.length > 0) {
    await withUniqueFields(() =>
      deps.db.transaction(async (tx) => insertClientsBatch(tx, input.orgId, toInsert)),
    );
  }
  return { dryRun, mode, ...counts, imported: dryRun ? 0 : toInsert.length, rows: results };
}

export type ClientExport = { fileName: string; contentType: string; body: string | Buffer; count: number };

/**
 * The filtered list (every page, in the list's order) as CSV or XLSX, with headers in the reader's language;
 * Italian CSV files use ";" as Excel in Italy expects, English ones ",".
 */
export async function exportClients(
  deps: ClientDeps,
  input: { orgId: string; query: TClientExportQuery; locale: Locale; today: string },
): Promise<ClientExport> {
  const rows = await listAllClients(deps.db, input.orgId, filterOf(input.query), CLIENT_EXPORT_MAX_ROWS);
  const headers = CLIENT_EXPORT_COLUMNS.map((c) => CLIENT_EXPORT_HEADERS[input.locale][c]);
  const cells = rows.map((r) => clientExportRow(toClient(r), input.locale));
  const fileName = clientExportFileName(input.query.format, input.locale, input.today);
  if (input.query.format === 'xlsx') {
    const sheet = input.locale === 'it' ? 'Clienti' : 'Clients';
    return {
      fileName,
      contentType: XLSX_TYPE,
      body: await writeXlsx(sheet, headers, cells),
      count: rows.length,
    };
  }
  const csv = toCsv(headers, cells, { delimiter: input.locale === 'it' ? ';' : ',' });
  return { fileName, contentType: 'text/csv; charset=utf-8', body: csv, count: rows.length };
}
