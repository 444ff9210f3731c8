import type { TEmailActivity } from '@shared/invoicing/contracts.ts';
import {
  htmlOfText,
  renderTemplate,
  type DocumentTemplateKey,
  type TemplateValues,
} from '@shared/mail/templates.ts';
import { asMailErrorCode } from '@shared/mail/delivery.ts';
import { OUTBOX_STATUSES, type TOutboxStatus } from '@shared/mail/outbox.ts';
import type { Db } from '../../platform/db.ts';
import { outboxStatusOf } from '../../platform/outbox-repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailPort } from '../../platform/mail.ts';
import { templateFor } from '../email-templates/index.ts';
import * as repo from './repository.ts';

/** Invoice and quote e-mails are marked important (email-client spec §9). */
const IMPORTANT = { Importance: 'high', 'X-Priority': '1 (Highest)', Priority: 'urgent' };

export type DocumentMail = {
  orgId: string;
  userId: string | null;
  clientId: string;
  invoiceId?: string;
  quoteId?: string;
  /** email_activity type: quote_sent, invoice_sent, payment_reminder, overdue_notice, final_notice, … */
  type: string;
  templateKey: DocumentTemplateKey;
  language: 'it' | 'en';
  to: string | null;
  values: TemplateValues;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Text added after the rendered template (a statement's list of invoices). */
  appendText?: string;
};

/**
 * Renders the template (the one template system: the organization's version or the system text) in the client's
 * language, writes the message to the durable outbox (delivery and retries are the mail port's) and records the
 * send on the document's activity. A template with an HTML version sends it, the text as its alternative.
 */
export async function sendDocumentMail(deps: { db: Db; mail: MailPort }, m: DocumentMail) {
  if (!m.to) throw new AppError('CLIENT_EMAIL_MISSING');
  const { subject, text, html } = renderTemplate(
    await templateFor(deps, { orgId: m.orgId, key: m.templateKey, language: m.language }),
    m.values,
    m.language,
  );
  const body = m.appendText ? insertBeforeSignature(text, m.appendText) : text;
  const htmlBody = html && m.appendText ? html + htmlOfText(m.appendText) : html;
  const outboxId = await deps.mail.send(
    {
      to: m.to,
      subject,
      text: body,
      ...(htmlBody ? { html: htmlBody } : {}),
      attachments: m.attachments,
      headers: IMPORTANT,
    },
    { organizationId: m.orgId, userId: m.userId },
  );
  const id = await repo.insertEmailActivity(deps.db, {
    organizationId: m.orgId,
    userId: m.userId,
    invoiceId: m.invoiceId ?? null,
    quoteId: m.quoteId ?? null,
    clientId: m.clientId,
    outboxId,
    type: m.type,
    // The fate of the message is the outbox's; this is what it was when written (kept, or queued for a server).
    status: (await outboxStatusOf(deps.db, outboxId)) ?? 'queued',
    recipientEmail: m.to,
    subject,
    templateType: m.templateKey,
    details: { attachments: m.attachments.map((a) => a.filename) },
  });
  const [activity] = await activityRows(deps.db, m.orgId, { id });
  return activity!;
}

/** Puts extra text after the message body and before the closing greeting, when there is one. */
function insertBeforeSignature(text: string, extra: string): string {
  const closing = /\n\n(Cordiali saluti|Kind regards),/.exec(text);
  if (!closing) return text + extra;
  return text.slice(0, closing.index) + extra + text.slice(closing.index);
}

/** The document e-mails with their real state, read from the outbox message each one wrote. */
async function activityRows(
  db: Db,
  orgId: string,
  filter: repo.EmailActivityFilter,
): Promise<TEmailActivity[]> {
  const rows = await repo.listEmailActivity(db, orgId, filter);
  return rows.map((row) => {
    const status = row.outboxStatus ?? row.recordedStatus;
    const details = (row.details ?? {}) as { attachments?: unknown };
    return {
      id: row.id,
      type: row.type,
      status: (OUTBOX_STATUSES as readonly string[]).includes(status) ? (status as TOutboxStatus) : 'sent',
      errorCode: asMailErrorCode(row.errorCode),
      lastError: row.lastError,
      recipientEmail: row.recipientEmail,
      subject: row.subject,
      sentAt: row.sentAt.toISOString(),
      attachments: Array.isArray(details.attachments) ? details.attachments.map(String) : [],
    };
  });
}

/** The document e-mails of one invoice, quote or client. */
export async function activityOf(
  { db }: { db: Db },
  input: { orgId: string } & ({ invoiceId: string } | { quoteId: string } | { clientId: string }),
): Promise<TEmailActivity[]> {
  const { orgId, ...ref } = input;
  return activityRows(db, orgId, ref);
}
