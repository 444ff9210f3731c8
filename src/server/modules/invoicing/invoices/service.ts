import { isUuid } from '@shared/ids/uuid.ts';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { addDays } from '@shared/dates/dates.ts';
import type {
  TInvoice,
  TInvoiceInput,
  TInvoiceListItem,
  TInvoiceListQuery,
  TInvoicePage,
  TInvoiceTotals,
  TPayment,
} from '@shared/invoicing/contracts.ts';
import { computeDocument } from '@shared/invoicing/compute.ts';
import {
  NO_REFERENCES,
  type DocumentReferences,
  type DocumentSnapshot,
  type LineInput,
} from '@shared/invoicing/document.ts';
import { formatDocumentNumber } from '@shared/invoicing/numbering.ts';
import { invoiceStatus } from '@shared/invoicing/status.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MailPort } from '../../../platform/mail.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { nextDocumentNumber } from '../repository.ts';
import { activityOf } from '../document-mail.ts';
import { todayIn } from '../dates-and-money.ts';
import { documentPdf, eInvoiceOf, invoiceNotFound, loadDocument } from '../document.ts';
import { invoiceSnapshot, loadParties, referencesOf, taxSettingsFor } from '../snapshot.ts';
import {
  fatturaPaProblems,
  missingFatturaPaData,
  problemDetails,
  type FatturaPaProblem,
} from '../fatturapa/missing-data.ts';
import { invoiceMailAttachments } from '@shared/mail/templates.ts';
import * as repo from './repository.ts';
import { independentReads } from '../../../db/database.ts';

export type InvoiceDeps = { db: Db };
export type InvoiceFileDeps = { db: Db; files: FileStore };
export type InvoiceMailDeps = { db: Db; mail: MailPort; files: FileStore };
/** A draft's input; the e-invoice references may be left out (quote conversion, credit notes, demo data). */
export type InvoiceDraftInput = Omit<TInvoiceInput, 'references'> & { references?: DocumentReferences };

/** An id that is not a UUID cannot name an invoice: 404 INVOICE_NOT_FOUND, like another organization's id. */
export function assertId(id: string) {
  if (!isUuid(id)) throw invoiceNotFound(id);
}

export function outstandingOf(row: Pick<repo.InvoiceRow, 'amountDueCents' | 'paidCents' | 'creditedCents'>) {
  return Math.max(0, row.amountDueCents - row.paidCents - row.creditedCents);
}

function toPayment(row: repo.PaymentRow): TPayment {
  return {
    id: row.id,
    paidOn: row.paidOn,
    amountCents: row.amountCents,
    method: row.method as TPayment['method'],
    note: row.note,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getInvoice(deps: InvoiceDeps, input: { orgId: string; id: string }): Promise<TInvoice> {
  assertId(input.id);
  const row = await repo.findInvoice(deps.db, input.orgId, input.id);
  if (!row) throw invoiceNotFound(input.id);
  return present(deps, { orgId: input.orgId, row });
}

/** The PDF of an invoice or credit note: the frozen snapshot once issued, today's data while a draft. */
export async function invoicePdf(deps: InvoiceFileDeps, input: { orgId: string; id: string }) {
  return documentPdf(await loadDocument(deps, { orgId: input.orgId, kind: 'invoice', id: input.id }));
}

/** The FatturaPA XML of an issued document, or EINVOICE_DATA_MISSING with the exact list of what is missing. */
export async function invoiceXml(deps: InvoiceDeps, input: { orgId: string; id: string }) {
  // No file store: the XML has no logo, so none is read.
  const doc = await loadDocument({ db: deps.db }, { orgId: input.orgId, kind: 'invoice', id: input.id });
  const { file, problems } = eInvoiceOf(doc);
  if (!file) throw new AppError('EINVOICE_DATA_MISSING', problemDetails(problems));
  return file;
}

/** The invoice as the API answers it: its snapshot's checks, payments, credit notes and e-mails. */
export async function present(
  deps: InvoiceDeps,
  input: { orgId: string; row: repo.InvoiceRow },
): Promise<TInvoice> {
  const { orgId, row } = input;
  const [parties, payments, creditNotes, activity, related, today] = await independentReads(deps.db, [
    () => loadParties(deps, { orgId, clientId: row.clientId }),
    () => repo.paymentsOf(deps.db, orgId, row.id),
    () => repo.creditNotesOf(deps.db, orgId, row.id),
    () => activityOf(deps, { orgId, invoiceId: row.id }),
    () =>
      row.relatedInvoiceId ? repo.numbersOf(deps.db, orgId, [row.relatedInvoiceId]) : Promise.resolve([]),
    () => todayIn(deps, { orgId }),
  ]);
  const client = parties.client;
  const snapshot =
    row.snapshot ?? (client ? invoiceSnapshot(row, { ...parties, client }, row.tax, 'draft') : null);
  const draft = row.phase === 'draft';
  const problems: IssueProblem[] = [
    ...(draft ? await dateProblems(deps.db, orgId, row, today) : []),
    ...(snapshot ? eInvoiceProblemsOf(snapshot, draft) : NO_CLIENT_PROBLEMS),
  ];
  // The same decision as sending (sending.ts): the XML is attached only when it can be built.
  const mailAttachments = invoiceMailAttachments(snapshot ? missingFatturaPaData(snapshot) : ['buyer.taxId']);
  return {
    id: row.id,
    documentType: row.documentType as TInvoice['documentType'],
    number: row.number,
    status: invoiceStatus(row, today),
    client: {
      id: row.clientId,
      name: row.snapshot?.buyer.name ?? (client ? clientDisplayName(client) : ''),
      email: client?.email ?? null,
    },
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    paymentMethod: row.paymentMethod as TInvoice['paymentMethod'],
    references: row.snapshot?.references ?? referencesOf(row),
    language: row.language === 'en' ? 'en' : 'it',
    lines: row.lines,
    withholding: row.tax.withholding,
    pensionFund: row.tax.pensionFund,
    totals: row.snapshot?.totals ?? computeDocument(row.lines, row.tax),
    paidCents: row.paidCents,
    creditedCents: row.creditedCents,
    outstandingCents: row.phase === 'issued' && row.documentType === 'TD01' ? outstandingOf(row) : 0,
    relatedInvoice: related[0] ?? null,
    creditNotes,
    fromQuoteId: row.fromQuoteId,
    notes: row.notes,
    terms: row.terms,
    pdfTemplate: row.pdfTemplate as TInvoice['pdfTemplate'],
    issuedAt: row.issuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    reminderCount: row.reminderCount,
    lastReminderAt: row.lastReminderAt?.toISOString() ?? null,
    payments: payments.map(toPayment),
    activity,
    eInvoiceMissing: [...new Set(problems.map((p) => p.key))],
    eInvoiceProblems: problems,
    mailAttachments,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A problem that keeps a draft from being issued: an e-invoice problem, or one of its date. */
type IssueProblem = Omit<FatturaPaProblem, 'key'> & {
  key: FatturaPaProblem['key'] | 'document.issueDateFuture' | 'document.issueDateBeforeLast';
};

const NO_CLIENT_PROBLEMS: IssueProblem[] = [{ key: 'buyer.taxId', path: 'buyer.taxId' }];

/**
 * Rule: the SDI refuses an invoice dated after today (in the organization's time zone), and a later number may
 * not carry an earlier date than the last issued document of its series and year.
 */
async function dateProblems(
  db: Db,
  orgId: string,
  row: Pick<repo.InvoiceRow, 'issueDate' | 'documentType'>,
  today: string,
): Promise<IssueProblem[]> {
  const problems: IssueProblem[] = [];
  if (row.issueDate > today) {
    problems.push({ key: 'document.issueDateFuture', path: 'issueDate', params: { today } });
  }
  const last = await repo.lastIssuedOf(db, orgId, row.documentType, Number(row.issueDate.slice(0, 4)));
  if (last && row.issueDate < last.issueDate) {
    problems.push({
      key: 'document.issueDateBeforeLast',
      path: 'issueDate',
      params: { date: last.issueDate, number: last.number ?? '' },
    });
  }
  return problems;
}

/**
 * What keeps the document from its e-invoice (fatturaPaProblems, the check the XML build runs). A draft has no
 * number until issued, and issuing gives it one: its list leaves that out and is what issuing would refuse.
 */
function eInvoiceProblemsOf(snapshot: DocumentSnapshot, draft: boolean): FatturaPaProblem[] {
  const problems = fatturaPaProblems(snapshot);
  return draft ? problems.filter((p) => p.key !== 'document.number') : problems;
}

/** The answer to issuing a document whose e-invoice could not be made: every problem, on its field. */
function notIssuable(problems: IssueProblem[]): AppError {
  return new AppError('INVOICE_NOT_ISSUABLE', problemDetails(problems));
}

export function toListItem(row: repo.InvoiceListRow, today: string): TInvoiceListItem {
  return {
    id: row.id,
    documentType: row.documentType as TInvoiceListItem['documentType'],
    number: row.number,
    status: invoiceStatus(row, today),
    client: {
      id: row.clientId,
      name: row.clientCompanyName || row.clientFullName || '',
      email: row.clientEmail,
    },
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    totalCents: row.totalCents,
    amountDueCents: row.amountDueCents,
    paidCents: row.paidCents,
    outstandingCents: row.phase === 'issued' && row.documentType === 'TD01' ? outstandingOf(row) : 0,
  };
}

export async function listInvoices(
  deps: InvoiceDeps,
  input: { orgId: string; query: TInvoiceListQuery },
): Promise<TInvoicePage> {
  const { orgId, query } = input;
  const today = await todayIn(deps, { orgId });
  const { items, total } = await repo.listInvoices(deps.db, orgId, query, toLimitOffset(query), today);
  return {
    items: items.map((row) => toListItem(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function invoiceTotals(
  deps: InvoiceDeps,
  input: { orgId: string; query: TInvoiceListQuery },
): Promise<TInvoiceTotals> {
  const today = await todayIn(deps, { orgId: input.orgId });
  return repo.invoiceTotals(deps.db, input.orgId, input.query, today);
}

/** Values of a draft from its input: client checked, due date and language from the client, totals computed. */
async function draftValues(deps: InvoiceDeps, orgId: string, input: InvoiceDraftInput) {
  const parties = await loadParties(deps, { orgId, clientId: input.clientId });
  if (!parties.client)
    throw new AppError('NOT_FOUND', [{ path: 'clientId', message: 'invoicing.errors.clientRequired' }]);
  // Rule: with instalments the invoice is due when the last one is (status, overdue and reminders read it).
  const lastInstalment = input.documentType === 'TD04' ? undefined : input.references?.instalments.at(-1);
  const dueDate =
    lastInstalment?.dueDate ?? input.dueDate ?? addDays(input.issueDate, parties.client.paymentTermsDays);
  if (dueDate < input.issueDate) {
    throw new AppError('VALIDATION_ERROR', [{ path: 'dueDate', message: 'invoicing.errors.dueBeforeIssue' }]);
  }
  let relatedInvoiceId: string | null = null;
  if (input.documentType === 'TD04') {
    const related = input.relatedInvoiceId
      ? await repo.findInvoice(deps.db, orgId, input.relatedInvoiceId)
      : undefined;
    if (!related || related.phase !== 'issued' || related.documentType !== 'TD01') {
      throw new AppError('VALIDATION_ERROR', [
        { path: 'relatedInvoiceId', message: 'invoicing.errors.relatedInvoiceRequired' },
      ]);
    }
    relatedInvoiceId = related.id;
  }
  const tax = taxSettingsFor({
    regime: parties.profile?.taxRegime,
    client: parties.client,
    settings: parties.settings,
    withholding: input.withholding,
    pensionFund: input.pensionFund,
  });
  const totals = computeDocument(input.lines as LineInput[], tax);
  return {
    documentType: input.documentType,
    relatedInvoiceId,
    clientId: input.clientId,
    issueDate: input.issueDate,
    dueDate,
    language: parties.client.preferredLanguage === 'en' ? 'en' : 'it',
    paymentMethod: input.paymentMethod,
    lines: input.lines as LineInput[],
    tax,
    // A credit note settles against its invoice: no instalments, no deferral of its own.
    documentReferences:
      input.documentType === 'TD04'
        ? { ...NO_REFERENCES, purchase: input.references?.purchase ?? null }
        : (input.references ?? NO_REFERENCES),
    taxableCents: totals.taxableCents,
    vatCents: totals.vatCents,
    totalCents: totals.totalCents,
    amountDueCents: totals.amountDueCents,
    notes: input.notes,
    terms: input.terms,
    pdfTemplate: input.pdfTemplate ?? parties.settings.pdfTemplate,
  };
}

/** A new draft invoice or credit note (no number until issued). Used by the route and by quote conversion. */
type DraftCreation = { orgId: string; userId: string; input: InvoiceDraftInput; fromQuoteId?: string | null };

export async function createInvoiceDraft(deps: InvoiceDeps, input: DraftCreation): Promise<TInvoice> {
  return present(deps, { orgId: input.orgId, row: await createInvoiceDraftRow(deps, input) });
}

/** The draft's row, without the presentation (the demo seed writes a year of invoices through it). */
export async function createInvoiceDraftRow(
  deps: InvoiceDeps,
  input: DraftCreation,
): Promise<repo.InvoiceRow> {
  const values = await draftValues(deps, input.orgId, input.input);
  return repo.insertInvoice(deps.db, input.orgId, {
    ...values,
    phase: 'draft',
    fromQuoteId: input.fromQuoteId ?? null,
    createdBy: input.userId,
  });
}

export async function updateInvoiceDraft(
  deps: InvoiceDeps,
  { orgId, id, input }: { orgId: string; id: string; input: InvoiceDraftInput },
): Promise<TInvoice> {
  assertId(id);
  const existing = await repo.findInvoice(deps.db, orgId, id);
  if (!existing) throw invoiceNotFound(id);
  if (existing.phase !== 'draft') throw new AppError('DOCUMENT_FROZEN');
  const values = await draftValues(deps, orgId, input);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockInvoice(tx, orgId, id);
    if (locked?.phase !== 'draft') throw new AppError('DOCUMENT_FROZEN');
    return repo.updateInvoice(tx, orgId, id, values);
  });
  return present(deps, { orgId, row });
}

export async function deleteInvoiceDraft(
  deps: InvoiceDeps,
  { orgId, id }: { orgId: string; id: string },
): Promise<void> {
  assertId(id);
  const existing = await repo.findInvoice(deps.db, orgId, id);
  if (!existing) throw invoiceNotFound(id);
  if (!(await repo.deleteDraft(deps.db, orgId, id))) throw new AppError('DOCUMENT_FROZEN');
}

/**
 * Issues a draft: the next number of its series and year (inside the transaction that stores it, so concurrent
 * issuers get consecutive numbers with no gap), the totals recomputed with today's profile and client, and the
 * snapshot frozen. A credit note adds its amount to the invoice it corrects.
 */
export async function issueInvoice(
  deps: InvoiceDeps,
  input: { orgId: string; id: string },
): Promise<TInvoice> {
  return present(deps, { orgId: input.orgId, row: await issueInvoiceRow(deps, input) });
}

/** Issues the draft and returns its row, without the presentation. */
export async function issueInvoiceRow(
  deps: InvoiceDeps,
  { orgId, id }: { orgId: string; id: string },
): Promise<repo.InvoiceRow> {
  assertId(id);
  return deps.db.transaction(async (tx) => {
    const draft = await repo.lockInvoice(tx, orgId, id);
    if (!draft) throw invoiceNotFound(id);
    if (draft.phase !== 'draft') {
      throw AppError.withParams('INVALID_TRANSITION', { from: draft.phase, to: 'issued' });
    }
    const parties = await loadParties({ db: tx }, { orgId, clientId: draft.clientId });
    const { client } = parties;
    if (!client) throw AppError.withParams('INVOICE_CLIENT_NOT_FOUND', { id });
    let related: { number: string; issueDate: string } | null = null;
    if (draft.documentType === 'TD04') {
      const corrected = draft.relatedInvoiceId
        ? await repo.lockInvoice(tx, orgId, draft.relatedInvoiceId)
        : undefined;
      if (!corrected || corrected.phase !== 'issued' || !corrected.number) {
        throw new AppError('VALIDATION_ERROR', [
          { path: 'relatedInvoiceId', message: 'invoicing.errors.relatedInvoiceRequired' },
        ]);
      }
      related = { number: corrected.number, issueDate: corrected.issueDate };
    }
    const year = Number(draft.issueDate.slice(0, 4));
    const series = draft.documentType === 'TD04' ? 'credit_note' : 'invoice';
    // The counter row stays locked until the transaction ends, so the last issued document that dateProblems
    // reads cannot change under us: numbers and dates of a series and year go up together.
    const sequence = await nextDocumentNumber(tx, orgId, series, year);
    const dates = await dateProblems(tx, orgId, draft, await todayIn({ db: tx }, { orgId }));
    const pattern =
      series === 'credit_note'
        ? parties.settings.creditNoteNumberPattern
        : parties.settings.invoiceNumberPattern;
    const number = formatDocumentNumber(pattern, year, sequence);
    const tax = taxSettingsFor({
      regime: parties.profile?.taxRegime,
      client,
      settings: parties.settings,
      withholding: draft.tax.withholding,
      pensionFund: draft.tax.pensionFund,
    });
    const snapshot = invoiceSnapshot({ ...draft, number }, { ...parties, client }, tax, 'issued', related);
    // Rule: nothing is numbered and frozen that could never become an e-invoice: the very check of the XML.
    const problems = [...dates, ...fatturaPaProblems(snapshot)];
    if (problems.length > 0) throw notIssuable(problems);
    const { logo: _logo, ...seller } = snapshot.seller;
    const issued = await repo.updateInvoice(tx, orgId, id, {
      phase: 'issued',
      number,
      year,
      sequence,
      tax,
      taxableCents: snapshot.totals.taxableCents,
      vatCents: snapshot.totals.vatCents,
      totalCents: snapshot.totals.totalCents,
      amountDueCents: snapshot.totals.amountDueCents,
      snapshot: { ...snapshot, seller },
      issuedAt: new Date(),
    });
    if (draft.documentType === 'TD04' && draft.relatedInvoiceId) {
      const corrected = (await repo.findInvoice(tx, orgId, draft.relatedInvoiceId))!;
      await repo.updateInvoice(tx, orgId, corrected.id, {
        creditedCents: corrected.creditedCents + snapshot.totals.amountDueCents,
      });
    }
    return issued;
  });
}

/** A draft credit note (TD04) that copies the issued invoice's lines; the user edits and issues it. */
export async function createCreditNote(
  deps: InvoiceDeps,
  input: { orgId: string; userId: string; invoiceId: string },
): Promise<TInvoice> {
  assertId(input.invoiceId);
  const invoice = await repo.findInvoice(deps.db, input.orgId, input.invoiceId);
  if (!invoice) throw invoiceNotFound(input.invoiceId);
  if (invoice.phase !== 'issued' || invoice.documentType !== 'TD01') {
    throw AppError.withParams('INVALID_TRANSITION', { from: invoice.phase, to: 'credit_note' });
  }
  const today = await todayIn(deps, { orgId: input.orgId });
  return createInvoiceDraft(deps, {
    orgId: input.orgId,
    userId: input.userId,
    input: {
      documentType: 'TD04',
      relatedInvoiceId: invoice.id,
      clientId: invoice.clientId,
      issueDate: today,
      dueDate: today,
      paymentMethod: invoice.paymentMethod as TInvoiceInput['paymentMethod'],
      lines: invoice.lines as TInvoiceInput['lines'],
      notes: null,
      terms: null,
      withholding: invoice.tax.withholding as TInvoiceInput['withholding'],
      pensionFund: invoice.tax.pensionFund as TInvoiceInput['pensionFund'],
      references: { ...NO_REFERENCES, purchase: referencesOf(invoice).purchase },
      pdfTemplate: invoice.pdfTemplate as TInvoiceInput['pdfTemplate'],
    },
  });
}
