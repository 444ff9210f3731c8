import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '@shared/ids/uuid.ts';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { addDays } from '@shared/dates/dates.ts';
import { computeDocument } from '@shared/invoicing/compute.ts';
import { catalogueText, type TextKey } from '@shared/i18n/texts.ts';
import type {
  QuoteStatus,
  TInvoice,
  TInvoiceInput,
  TPublicQuote,
  TQuote,
  TQuoteInput,
  TQuoteListItem,
  TQuoteListQuery,
  TEmailActivity,
} from '@shared/invoicing/contracts.ts';
import type { LineInput } from '@shared/invoicing/document.ts';
import { FALLBACK_CLIENT_NAME } from '@shared/mail/templates.ts';
import { quoteTemplateValues } from '../template-values.ts';
import { formatDocumentNumber } from '@shared/invoicing/numbering.ts';
import {
  canRespondToQuote,
  canTransitionQuote,
  effectiveQuoteStatus,
  isQuoteExpired,
} from '@shared/invoicing/status.ts';
import { toLimitOffset } from '@shared/pagination/pagination.ts';
import type { Db } from '../../../platform/db.ts';
import { hashToken, newToken } from '../../../platform/link-tokens.ts';
import { AppError } from '../../../platform/errors.ts';
import type { MailPort } from '../../../platform/mail.ts';
import type { RealtimeHub } from '../../../platform/realtime.ts';
import type { FileStore } from '../../../platform/storage.ts';
import { createInvoiceDraft, type InvoiceDraftInput } from '../invoices/service.ts';
import { nextDocumentNumber } from '../repository.ts';
import { activityOf, sendDocumentMail } from '../document-mail.ts';
import { formatMoneyFor, todayIn } from '../dates-and-money.ts';
import { documentPdf, loadDocument, quoteDocument } from '../document.ts';
import { loadParties, taxSettingsFor, type DocumentParties } from '../snapshot.ts';
import { notifyOrganization } from '../../notifications/index.ts';
import { readLogo } from '../../business-profiles/index.ts';
import * as repo from './repository.ts';
import { independentReads } from '../../../db/database.ts';

/**
 * Quotes (issue 5): numbered per year when created, edited while draft, sent or expired, sent to the client
 * with the PDF and a link where the client reads, downloads and accepts or rejects the quote, and converted to
 * a draft invoice once accepted. Statuses move only by the table in src/shared/invoicing/status.ts; a refused
 * change answers 409 INVALID_TRANSITION with the status keys {from, to}.
 */

export type QuoteDeps = { db: Db };
export type QuoteFileDeps = { db: Db; files: FileStore };
export type QuoteMailDeps = { db: Db; mail: MailPort; files: FileStore; appUrl: string };
export type QuoteResponseDeps = QuoteFileDeps & {
  mail: MailPort;
  hub: RealtimeHub;
  appUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/** 32 random bytes in base64url, as sendQuote makes them. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The link keeps working (read-only once the quote is past its validity) this long after validUntil. */
const LINK_DAYS_AFTER_VALIDITY = 30;

/** Statuses whose content may still change: a sent quote is revised, an expired one gets a new date. */
const EDITABLE: readonly QuoteStatus[] = ['draft', 'sent', 'expired'];
/** Statuses a quote is e-mailed from: first send, re-send (new link), or expired → sent with a new date. */
const SENDABLE: readonly QuoteStatus[] = ['draft', 'sent', 'expired'];

const transition = (from: string, to: string) => AppError.withParams('INVALID_TRANSITION', { from, to });

/** An id that is not a UUID cannot name a quote: 404, like another organization's id. */
function assertId(id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

async function requireQuote(db: Db, orgId: string, id: string) {
  assertId(id);
  const row = await repo.findQuote(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const languageOf = (value: string): 'it' | 'en' => (value === 'en' ? 'en' : 'it');
const statusOf = (row: repo.QuoteRow, today: string) =>
  effectiveQuoteStatus(row.status as QuoteStatus, row.validUntil, today);

function toQuote(
  row: repo.QuoteRow,
  parties: DocumentParties,
  activity: TEmailActivity[],
  today: string,
): TQuote {
  return {
    id: row.id,
    number: row.number,
    client: {
      id: row.clientId,
      name: parties.client ? clientDisplayName(parties.client) : '',
      email: parties.client?.email ?? null,
    },
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    status: statusOf(row, today),
    language: languageOf(row.language),
    lines: row.lines,
    withholding: row.tax.withholding,
    pensionFund: row.tax.pensionFund,
    totals: computeDocument(row.lines, row.tax),
    notes: row.notes,
    terms: row.terms,
    pdfTemplate: row.pdfTemplate as TQuote['pdfTemplate'],
    sentAt: row.sentAt?.toISOString() ?? null,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    clientResponseMessage: row.clientResponseMessage,
    convertedInvoiceId: row.convertedInvoiceId,
    activity,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function present(db: Db, orgId: string, row: repo.QuoteRow): Promise<TQuote> {
  const [parties, activity, today] = await independentReads(db, [
    () => loadParties({ db }, { orgId, clientId: row.clientId }),
    () => activityOf({ db }, { orgId, quoteId: row.id }),
    () => todayIn({ db }, { orgId }),
  ]);
  return toQuote(row, parties, activity, today);
}

function toListItem(row: repo.QuoteListRow, today: string): TQuoteListItem {
  return {
    id: row.id,
    number: row.number,
    client: {
      id: row.clientId,
      name: row.clientCompanyName?.trim() || row.clientFullName?.trim() || '',
      email: row.clientEmail,
    },
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    status: effectiveQuoteStatus(row.status as QuoteStatus, row.validUntil, today),
    totalCents: row.totalCents,
  };
}

export async function listQuotes(deps: QuoteDeps, input: { orgId: string; query: TQuoteListQuery }) {
  const { orgId, query } = input;
  const today = await todayIn(deps, { orgId });
  const { items, total } = await repo.listQuotes(deps.db, orgId, query, toLimitOffset(query), today);
  return {
    items: items.map((row) => toListItem(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getQuote(deps: QuoteDeps, input: { orgId: string; id: string }): Promise<TQuote> {
  return present(deps.db, input.orgId, await requireQuote(deps.db, input.orgId, input.id));
}

/**
 * The stored values of a quote from its input: the client must be the organization's (404), validity defaults
 * to the issue date + the organization's validity days and cannot precede the issue date, the language is the
 * client's, the tax settings come from the profile's regime and the client, the totals from computeDocument.
 */
async function quoteValues(deps: QuoteDeps, orgId: string, input: TQuoteInput, pdfTemplate?: string) {
  const parties = await loadParties(deps, { orgId, clientId: input.clientId });
  if (!parties.client) {
    throw new AppError('NOT_FOUND', [{ path: 'clientId', message: 'invoicing.errors.clientRequired' }]);
  }
  const validUntil = input.validUntil ?? addDays(input.issueDate, parties.settings.quoteValidityDays);
  if (validUntil < input.issueDate) {
    throw new AppError('VALIDATION_ERROR', [
      { path: 'validUntil', message: 'invoicing.errors.validUntilBeforeIssue' },
    ]);
  }
  const tax = taxSettingsFor({
    regime: parties.profile?.taxRegime,
    client: parties.client,
    settings: parties.settings,
    withholding: input.withholding,
    pensionFund: input.pensionFund,
  });
  const lines = input.lines as LineInput[];
  const totals = computeDocument(lines, tax);
  return {
    settings: parties.settings,
    values: {
      clientId: input.clientId,
      issueDate: input.issueDate,
      validUntil,
      language: languageOf(parties.client.preferredLanguage),
      lines,
      tax,
      taxableCents: totals.taxableCents,
      vatCents: totals.vatCents,
      totalCents: totals.totalCents,
      amountDueCents: totals.amountDueCents,
      notes: input.notes,
      terms: input.terms,
      pdfTemplate: input.pdfTemplate ?? pdfTemplate ?? parties.settings.pdfTemplate,
    },
  };
}

/** A new draft quote, numbered in the insert transaction (the counter row serialises concurrent creations). */
export async function createQuote(
  deps: QuoteDeps,
  input: { orgId: string; userId: string; input: TQuoteInput },
): Promise<TQuote> {
  const { settings, values } = await quoteValues(deps, input.orgId, input.input);
  const year = Number(values.issueDate.slice(0, 4));
  const row = await deps.db.transaction(async (tx) => {
    const sequence = await nextDocumentNumber(tx, input.orgId, 'quote', year);
    return repo.insertQuote(tx, input.orgId, {
      ...values,
      number: formatDocumentNumber(settings.quoteNumberPattern, year, sequence),
      year,
      sequence,
      status: 'draft',
      createdBy: input.userId,
    });
  });
  return present(deps.db, input.orgId, row);
}

/**
 * Replaces the content of a draft, sent or expired quote (the number stays; a sent quote stays sent and its
 * link shows the new content). Accepted, rejected and converted quotes are final: 409 INVALID_TRANSITION
 * {from: status, to: 'draft'}, since editing would reopen them.
 */
export async function updateQuote(
  deps: QuoteDeps,
  { orgId, id, input }: { orgId: string; id: string; input: TQuoteInput },
): Promise<TQuote> {
  const existing = await requireQuote(deps.db, orgId, id);
  if (!EDITABLE.includes(existing.status as QuoteStatus)) throw transition(existing.status, 'draft');
  const { values } = await quoteValues(deps, orgId, input, existing.pdfTemplate);
  const row = await repo.updateQuoteIf(deps.db, orgId, id, EDITABLE, values);
  if (!row) throw transition((await requireQuote(deps.db, orgId, id)).status, 'draft');
  return present(deps.db, orgId, row);
}

/** Only a draft can be deleted; otherwise 409 INVALID_TRANSITION {from: status, to: 'deleted'}. */
export async function deleteQuote(
  deps: QuoteDeps,
  { orgId, id }: { orgId: string; id: string },
): Promise<void> {
  const existing = await requireQuote(deps.db, orgId, id);
  if (!(await repo.deleteDraftQuote(deps.db, orgId, id))) throw transition(existing.status, 'deleted');
}

/**
 * A status change made by the user (a quote handed over in person, an answer received by phone): the table of
 * canTransitionQuote from the effective status (a sent quote past its validity is expired). "converted" only
 * through conversion (it needs the invoice); "sent" only while the validity date is not past.
 */
export async function changeQuoteStatus(
  deps: QuoteDeps,
  input: { orgId: string; id: string; status: QuoteStatus },
): Promise<TQuote> {
  const row = await requireQuote(deps.db, input.orgId, input.id);
  const today = await todayIn(deps, { orgId: input.orgId });
  const from = statusOf(row, today);
  const to = input.status;
  const refused =
    to === 'converted' ||
    !canTransitionQuote(from, to) ||
    (to === 'sent' && isQuoteExpired(row.validUntil, today));
  if (refused) throw transition(from, to);
  const now = new Date();
  const updated = await repo.updateQuoteIf(deps.db, input.orgId, input.id, [row.status as QuoteStatus], {
    status: to,
    ...(to === 'sent' && !row.sentAt ? { sentAt: now } : {}),
    ...(to === 'accepted' || to === 'rejected' ? { respondedAt: now } : {}),
  });
  // Changed by someone else in the meantime: report the status it has now.
  if (!updated) throw transition(statusOf(await requireQuote(deps.db, input.orgId, input.id), today), to);
  return present(deps.db, input.orgId, updated);
}

/** The PDF of a quote, with today's profile, client and status. */
export async function quotePdf(deps: QuoteFileDeps, input: { orgId: string; id: string }) {
  return documentPdf(await loadDocument(deps, { orgId: input.orgId, kind: 'quote', id: input.id }));
}

/**
 * E-mails the quote to the client (quote_send template in the client's language, PDF attached, marked
 * important) with a fresh link: 32 random bytes, of which only the SHA-256 is stored, valid until 30 days after
 * the quote's validity. A re-send replaces the previous link. The quote becomes sent.
 */
export async function sendQuote(
  deps: QuoteMailDeps,
  input: { orgId: string; userId: string; id: string },
): Promise<{ activity: TEmailActivity }> {
  const row = await requireQuote(deps.db, input.orgId, input.id);
  const today = await todayIn(deps, { orgId: input.orgId });
  if (!SENDABLE.includes(row.status as QuoteStatus)) throw transition(row.status, 'sent');
  if (isQuoteExpired(row.validUntil, today)) throw transition('expired', 'sent');
  const doc = await quoteDocument(deps, { orgId: input.orgId, row });
  const { buyer, seller, totals } = doc.snapshot;
  if (!buyer.email) throw new AppError('CLIENT_EMAIL_MISSING');
  // The PDF shows the quote as the client receives it: sent.
  const pdf = documentPdf({ ...doc, snapshot: { ...doc.snapshot, status: 'sent' } });

  const token = newToken();
  const linkExpiry = new Date(`${addDays(row.validUntil, LINK_DAYS_AFTER_VALIDITY)}T23:59:59.999Z`);
  const withLink = await repo.updateQuoteIf(deps.db, input.orgId, row.id, SENDABLE, {
    publicTokenHash: hashToken(token),
    publicTokenExpiresAt: linkExpiry,
  });
  if (!withLink) throw transition((await requireQuote(deps.db, input.orgId, row.id)).status, 'sent');

  const lang = languageOf(row.language);
  const activity = await sendDocumentMail(deps, {
    orgId: input.orgId,
    userId: input.userId,
    clientId: row.clientId,
    quoteId: row.id,
    type: 'quote_sent',
    templateKey: 'quote_send',
    language: lang,
    to: buyer.email,
    values: {
      // The snapshot's parties are today's client and profile (buyerOf, sellerOf).
      client_name: buyer.name || FALLBACK_CLIENT_NAME[lang],
      company_name: seller.name,
      company_email: seller.email ?? '',
      company_phone: seller.phone ?? '',
      ...quoteTemplateValues({ ...row, totalCents: totals.totalCents }, lang),
      quote_link: `${deps.appUrl}/q/${token}`,
    },
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }],
  });
  // Conditional: a client answering through the new link in the meantime keeps the answer.
  await repo.updateQuoteIf(deps.db, input.orgId, row.id, SENDABLE, {
    status: 'sent',
    sentAt: row.sentAt ?? new Date(),
  });
  return { activity };
}

/** The invoice input a quote converts to: same client, lines, notes, terms, withholding, fund, template. */
function invoiceInputOf(row: repo.QuoteRow, issueDate: string): InvoiceDraftInput {
  return {
    documentType: 'TD01',
    relatedInvoiceId: null,
    clientId: row.clientId,
    issueDate,
    dueDate: null,
    paymentMethod: 'bank_transfer',
    lines: row.lines.map((line) => ({
      itemId: line.itemId ?? null,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit ?? null,
      unitPriceCents: line.unitPriceCents,
      discountPercent: line.discountPercent,
      vatRate: line.vatRate,
      nature: line.nature ?? null,
      ...(line.withholding === undefined ? {} : { withholding: line.withholding }),
    })),
    notes: row.notes,
    terms: row.terms,
    withholding: row.tax.withholding,
    pensionFund: row.tax.pensionFund,
    pdfTemplate: row.pdfTemplate as TInvoiceInput['pdfTemplate'],
  };
}

/**
 * Converts an accepted quote into a draft invoice dated today, in one transaction: the quote row is locked,
 * the invoice created, and the quote set converted with a compare-and-set on "accepted", so a second
 * conversion (even a simultaneous one) is refused and leaves no second invoice behind.
 */
export async function convertQuote(
  deps: QuoteDeps,
  input: { orgId: string; userId: string; id: string },
): Promise<TInvoice> {
  assertId(input.id);
  const today = await todayIn(deps, { orgId: input.orgId });
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockQuote(tx, input.orgId, input.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'accepted') throw transition(statusOf(row, today), 'converted');
    const invoice = await createInvoiceDraft(
      { db: tx },
      { orgId: input.orgId, userId: input.userId, input: invoiceInputOf(row, today), fromQuoteId: row.id },
    );
    const converted = await repo.updateQuoteIf(tx, input.orgId, row.id, ['accepted'], {
      status: 'converted',
      convertedInvoiceId: invoice.id,
    });
    if (!converted) throw transition(row.status, 'converted');
    return invoice;
  });
}

// ─── The client's side: the link sent by e-mail ─────────────────────────────────────────────────────────────

/** The quote of a link; an unknown, malformed or expired token → 404 QUOTE_LINK_INVALID. */
async function quoteByToken(db: Db, token: string, now = new Date()) {
  if (!TOKEN.test(token)) throw new AppError('QUOTE_LINK_INVALID');
  const row = await repo.findQuoteByTokenHash(db, hashToken(token));
  if (!row?.publicTokenExpiresAt || row.publicTokenExpiresAt <= now) throw new AppError('QUOTE_LINK_INVALID');
  return row;
}

/** The seller as the public page shows it: name, address on one line, tax ids, contacts, whether a logo exists. */
function publicSeller(profile: DocumentParties['profile']): TPublicQuote['seller'] {
  const place = [profile?.postalCode, profile?.city].filter(Boolean).join(' ');
  const address = [
    profile?.street,
    [place, profile?.province ? `(${profile.province})` : ''].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: profile?.companyName ?? '',
    vatNumber: profile?.vatNumber ?? null,
    codiceFiscale: profile?.codiceFiscale ?? null,
    address: address || null,
    email: profile?.email ?? null,
    phone: profile?.phone ?? null,
    hasLogo: !!profile?.logoKey,
  };
}

function toPublicQuote(row: repo.QuoteRow, parties: DocumentParties, today: string): TPublicQuote {
  return {
    number: row.number,
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    status: statusOf(row, today),
    language: languageOf(row.language),
    sellerName: parties.profile?.companyName ?? '',
    seller: publicSeller(parties.profile),
    clientName: parties.client ? clientDisplayName(parties.client) : '',
    lines: row.lines,
    totals: computeDocument(row.lines, row.tax),
    terms: row.terms,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    canRespond: canRespondToQuote(row.status as QuoteStatus, row.validUntil, today),
  };
}

export async function getPublicQuote(deps: QuoteDeps, input: { token: string }): Promise<TPublicQuote> {
  const row = await quoteByToken(deps.db, input.token);
  const [parties, today] = await Promise.all([
    loadParties(deps, { orgId: row.organizationId, clientId: row.clientId }),
    todayIn(deps, { orgId: row.organizationId }),
  ]);
  return toPublicQuote(row, parties, today);
}

/** The seller's logo behind a client's link; none → 404. */
export async function publicQuoteLogo(deps: QuoteFileDeps, input: { token: string }) {
  const row = await quoteByToken(deps.db, input.token);
  const logo = await readLogo(deps, { orgId: row.organizationId });
  if (!logo) throw new AppError('NOT_FOUND');
  return logo;
}

/** The PDF behind a client's link: the same document as the organization's. */
export async function publicQuotePdf(deps: QuoteFileDeps, input: { token: string }) {
  const row = await quoteByToken(deps.db, input.token);
  return documentPdf(await quoteDocument(deps, { orgId: row.organizationId, row }));
}

/**
 * The organization hears of answers in Italian, the product's language: there is no per-user language yet
 * (the quote's own language is the client's, not the staff's).
 */
const ORG_NOTICE_LANGUAGE: 'it' | 'en' = 'it';

/**
 * The client accepts or rejects through the link: only while the quote is sent and within its validity
 * (409 INVALID_TRANSITION otherwise, e.g. a second answer). The organization is then told over the live
 * channel and the quote's creator by e-mail; a failure there is logged, the answer stays recorded.
 */
export async function respondToQuote(
  deps: QuoteResponseDeps,
  input: { token: string; response: 'accepted' | 'rejected'; message: string | null },
): Promise<TPublicQuote> {
  const row = await quoteByToken(deps.db, input.token);
  const orgId = row.organizationId;
  const today = await todayIn(deps, { orgId });
  const updated = await repo.recordResponse(
    deps.db,
    row.id,
    { status: input.response, message: input.message },
    today,
  );
  if (!updated) {
    const current = (await repo.findQuote(deps.db, orgId, row.id)) ?? row;
    throw transition(statusOf(current, today), input.response);
  }
  const parties = await loadParties(deps, { orgId, clientId: row.clientId });
  try {
    await notifyResponse(deps, updated, parties);
  } catch (err) {
    deps.log?.warn({ err, quoteId: row.id }, 'could not notify the organization of a quote answer');
  }
  return toPublicQuote(updated, parties, today);
}

async function notifyResponse(deps: QuoteResponseDeps, row: repo.QuoteRow, parties: DocumentParties) {
  const text = (key: TextKey<'mail'>, values?: Record<string, string>) =>
    catalogueText('mail', key, ORG_NOTICE_LANGUAGE, values);
  const accepted = row.status === 'accepted';
  const clientName = (parties.client && clientDisplayName(parties.client)) || FALLBACK_CLIENT_NAME.it;
  const title = text(accepted ? 'quoteAnswer.titleAccepted' : 'quoteAnswer.titleRejected', {
    number: row.number,
  });
  const summary = text(accepted ? 'quoteAnswer.summaryAccepted' : 'quoteAnswer.summaryRejected', {
    client: clientName,
    number: row.number,
    total: formatMoneyFor(row.totalCents, ORG_NOTICE_LANGUAGE),
  });
  const said = row.clientResponseMessage
    ? `${text('quoteAnswer.clientMessage')}: «${row.clientResponseMessage}»`
    : '';
  await notifyOrganization(deps, {
    orgId: row.organizationId,
    type: accepted ? 'success' : 'warning',
    title,
    message: said ? `${summary} ${said}` : summary,
    data: { url: `/quotes/${row.id}` },
  });
  const creator = row.createdBy ? await repo.findUserContact(deps.db, row.createdBy) : undefined;
  if (!creator) return;
  await deps.mail.send(
    {
      to: creator.email,
      subject: title,
      text: [
        text('greeting', { name: creator.name }),
        '',
        summary,
        ...(said ? ['', said] : []),
        '',
        `${text('quoteAnswer.open')}: ${deps.appUrl}/quotes/${row.id}`,
      ].join('\n'),
    },
    { organizationId: row.organizationId, userId: row.createdBy },
  );
}
