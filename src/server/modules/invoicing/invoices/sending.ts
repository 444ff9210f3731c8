import type { ReminderType } from '@shared/invoicing/contracts.ts';
import {
  FALLBACK_CLIENT_NAME,
  invoiceMailAttachments,
  type DocumentTemplateKey,
} from '@shared/mail/templates.ts';
import { addBusinessDays } from '@shared/invoicing/reminders.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@shared/transactions/contracts.ts';
import { AppError } from '../../../platform/errors.ts';
import { sendDocumentMail } from '../document-mail.ts';
import { formatDateFor, formatMoneyFor, todayIn } from '../dates-and-money.ts';
import { clientDisplayName } from '@shared/clients/contracts.ts';
import { daysBetween } from '@shared/dates/dates.ts';
import { loadParties } from '../snapshot.ts';
import { documentPdf, eInvoiceOf, invoiceDocument, invoiceNotFound } from '../document.ts';
import { invoiceStatus } from '@shared/invoicing/status.ts';
import * as repo from './repository.ts';
import { assertId, outstandingOf, type InvoiceDeps, type InvoiceMailDeps } from './service.ts';

/**
 * Values of the e-mail templates for an invoice (email-client spec §9), in the invoice's language unless another
 * is asked (rendering a template of the other language from the composer).
 */
export async function templateValues(
  deps: InvoiceDeps,
  orgId: string,
  row: repo.InvoiceRow,
  today: string,
  language?: 'it' | 'en',
) {
  const parties = await loadParties(deps, { orgId, clientId: row.clientId });
  const lang = language ?? (row.language === 'en' ? 'en' : 'it');
  const name = parties.client ? clientDisplayName(parties.client) : '';
  const daysOverdue = Math.max(0, daysBetween(row.dueDate, today));
  return {
    parties,
    values: {
      client_name: name || FALLBACK_CLIENT_NAME[lang],
      company_name: parties.profile?.companyName ?? '',
      company_email: parties.profile?.email ?? '',
      company_phone: parties.profile?.phone ?? '',
      invoice_number: row.number ?? '',
      invoice_date: formatDateFor(row.issueDate, lang),
      issue_date: formatDateFor(row.issueDate, lang),
      due_date: formatDateFor(row.dueDate, lang),
      total_amount: formatMoneyFor(row.totalCents, lang),
      days_overdue: String(daysOverdue),
      final_deadline: formatDateFor(addBusinessDays(today, 7), lang),
    },
  };
}

/** An invoice is "sent" when the mail server accepted its message, not when the message was written. */
export function trackInvoiceDelivery(deps: Pick<InvoiceMailDeps, 'db' | 'mail'>) {
  deps.mail.onDelivered((outboxId) => repo.markInvoiceSentByOutbox(deps.db, outboxId));
}

/** Sends an issued invoice with its PDF and, when it can be produced, its FatturaPA XML. */
export async function sendInvoice(
  deps: InvoiceMailDeps,
  input: { orgId: string; userId: string; id: string },
) {
  assertId(input.id);
  const row = await repo.findInvoice(deps.db, input.orgId, input.id);
  if (!row) throw invoiceNotFound(input.id);
  if (row.phase !== 'issued')
    throw AppError.withParams('INVALID_TRANSITION', { from: row.phase, to: 'sent' });
  const today = await todayIn(deps, { orgId: input.orgId });
  const { parties, values } = await templateValues(deps, input.orgId, row, today);
  if (!parties.client) throw AppError.withParams('INVOICE_CLIENT_NOT_FOUND', { id: row.number ?? row.id });
  // One document for both files: the frozen snapshot, the logo read once.
  const doc = await invoiceDocument(deps, { orgId: input.orgId, row });
  const pdf = documentPdf(doc);
  const attachments = [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }];
  // The decision the send dialog shows (invoiceMailAttachments): the XML only when nothing it needs is missing.
  const { file: xml, problems } = eInvoiceOf(doc);
  if (xml && invoiceMailAttachments(problems.map((p) => p.key)).includes('xml')) {
    attachments.push({
      filename: xml.filename,
      contentType: 'application/xml',
      content: Buffer.from(xml.xml),
    });
  }
  const activity = await sendDocumentMail(deps, {
    orgId: input.orgId,
    userId: input.userId,
    clientId: row.clientId,
    invoiceId: row.id,
    type: 'invoice_sent',
    templateKey: 'invoice_send',
    language: row.language === 'en' ? 'en' : 'it',
    to: parties.client.email,
    values,
    attachments,
  });
  // "Sent" once the mail server accepted the message (markInvoiceSentByOutbox), never while it waits in the
  // outbox; it may have been accepted already, before the activity row existed.
  if (activity.status === 'sent' && !row.sentAt)
    await repo.updateInvoice(deps.db, input.orgId, row.id, { sentAt: new Date() });
  return { activity };
}

export const REMINDER_TEMPLATES: Record<ReminderType, { key: DocumentTemplateKey; type: string }> = {
  gentle: { key: 'payment_reminder', type: 'payment_reminder' },
  overdue: { key: 'overdue_notice', type: 'overdue_notice' },
  final: { key: 'final_notice', type: 'final_notice' },
};

/** A payment reminder; refused for a paid invoice ("Invoice {id} is already paid") and for drafts. */
export async function sendReminder(
  deps: InvoiceMailDeps,
  input: { orgId: string; userId: string | null; id: string; type: ReminderType },
) {
  assertId(input.id);
  const row = await repo.findInvoice(deps.db, input.orgId, input.id);
  if (!row) throw invoiceNotFound(input.id);
  const today = await todayIn(deps, { orgId: input.orgId });
  const status = invoiceStatus(row, today);
  if (status === 'paid') throw AppError.withParams('INVOICE_ALREADY_PAID', { id: row.number ?? row.id });
  if (row.phase !== 'issued' || row.documentType !== 'TD01' || status === 'cancelled') {
    throw AppError.withParams('INVALID_TRANSITION', { from: status, to: 'reminder' });
  }
  const activity = await deliverReminder(deps, {
    orgId: input.orgId,
    userId: input.userId,
    row,
    type: input.type,
    today,
  });
  await repo.updateInvoice(deps.db, input.orgId, row.id, {
    reminderCount: row.reminderCount + 1,
    lastReminderAt: new Date(),
  });
  return { activity };
}

/** Renders and sends one reminder of an issued invoice (the manual route and the automatic job). */
export async function deliverReminder(
  deps: InvoiceMailDeps,
  input: { orgId: string; userId: string | null; row: repo.InvoiceRow; type: ReminderType; today: string },
) {
  const { row } = input;
  const { parties, values } = await templateValues(deps, input.orgId, row, input.today);
  if (!parties.client) throw AppError.withParams('INVOICE_CLIENT_NOT_FOUND', { id: row.number ?? row.id });
  const pdf = documentPdf(await invoiceDocument(deps, { orgId: input.orgId, row }));
  const template = REMINDER_TEMPLATES[input.type];
  return sendDocumentMail(deps, {
    orgId: input.orgId,
    userId: input.userId,
    clientId: row.clientId,
    invoiceId: row.id,
    type: template.type,
    templateKey: template.key,
    language: row.language === 'en' ? 'en' : 'it',
    to: parties.client.email,
    values: { ...values, total_amount: formatMoneyFor(outstandingOf(row), row.language) },
    attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }],
  });
}

/** Confirms a recorded payment to the client (payment_confirmation template). */
export async function sendPaymentConfirmation(
  deps: InvoiceMailDeps,
  input: { orgId: string; userId: string; invoiceId: string; paymentId: string },
) {
  assertId(input.invoiceId);
  const row = await repo.findInvoice(deps.db, input.orgId, input.invoiceId);
  if (!row) throw invoiceNotFound(input.invoiceId);
  const payment = (await repo.paymentsOf(deps.db, input.orgId, row.id)).find((p) => p.id === input.paymentId);
  if (!payment) throw new AppError('NOT_FOUND');
  const today = await todayIn(deps, { orgId: input.orgId });
  const { parties, values } = await templateValues(deps, input.orgId, row, today);
  if (!parties.client) throw AppError.withParams('INVOICE_CLIENT_NOT_FOUND', { id: row.number ?? row.id });
  const lang = row.language === 'en' ? 'en' : 'it';
  const activity = await sendDocumentMail(deps, {
    orgId: input.orgId,
    userId: input.userId,
    clientId: row.clientId,
    invoiceId: row.id,
    type: 'payment_confirmation',
    templateKey: 'payment_confirmation',
    language: lang,
    to: parties.client.email,
    values: {
      ...values,
      payment_amount: formatMoneyFor(payment.amountCents, lang),
      payment_date: formatDateFor(payment.paidOn, lang),
      payment_method: PAYMENT_METHOD_LABELS[payment.method as PaymentMethod]?.[lang] ?? payment.method,
    },
    attachments: [],
  });
  return { activity };
}

/**
 * A statement of the client's open invoices (statement template): the total still due, and one line per
 * invoice with its number, date, due date and what is left, appended to the template's text.
 */
export async function sendStatement(
  deps: InvoiceMailDeps,
  input: { orgId: string; userId: string; clientId: string },
) {
  const parties = await loadParties(deps, { orgId: input.orgId, clientId: input.clientId });
  if (!parties.client) throw new AppError('NOT_FOUND');
  const today = await todayIn(deps, { orgId: input.orgId });
  const open = (await repo.openInvoicesOf(deps.db, input.orgId, input.clientId)).filter(
    (row) => outstandingOf(row) > 0,
  );
  if (open.length === 0) {
    throw new AppError('VALIDATION_ERROR', [
      { path: 'clientId', message: 'invoicing.errors.noOpenInvoices' },
    ]);
  }
  const lang = parties.client.preferredLanguage === 'en' ? 'en' : 'it';
  const total = open.reduce((sum, row) => sum + outstandingOf(row), 0);
  const lines = open.map((row) => {
    const overdue = invoiceStatus(row, today) === 'overdue';
    const left = formatMoneyFor(outstandingOf(row), lang);
    const when = `${formatDateFor(row.issueDate, lang)} · ${lang === 'en' ? 'due' : 'scadenza'} ${formatDateFor(row.dueDate, lang)}`;
    const flag = overdue ? (lang === 'en' ? ' (overdue)' : ' (scaduta)') : '';
    return `- ${lang === 'en' ? 'Invoice' : 'Fattura'} ${row.number} · ${when} · ${left}${flag}`;
  });
  const name = clientDisplayName(parties.client);
  const activity = await sendDocumentMail(deps, {
    orgId: input.orgId,
    userId: input.userId,
    clientId: input.clientId,
    type: 'statement',
    templateKey: 'statement',
    language: lang,
    to: parties.client.email,
    values: {
      client_name: name || FALLBACK_CLIENT_NAME[lang],
      company_name: parties.profile?.companyName ?? '',
      company_email: parties.profile?.email ?? '',
      company_phone: parties.profile?.phone ?? '',
      total_amount: formatMoneyFor(total, lang),
    },
    appendText: `\n\n${lines.join('\n')}`,
    attachments: [],
  });
  return { activity };
}
