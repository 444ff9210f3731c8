import { catalogueText } from '@shared/i18n/texts.ts';
import {
  allowsResend,
  SDI_PUBLIC_PEC_ADDRESS,
  type TSdiNotificationType,
  type TSdiState,
  type TSdiStatus,
  type TSdiTransmission,
} from '@shared/invoicing/sdi.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import type { RealtimeHub } from '../../../platform/realtime.ts';
import { AppError } from '../../../platform/errors.ts';
import { validateXml } from '../../../platform/xml-schema.ts';
import {
  deliveryFromRow,
  domainOf,
  findMailAccount,
  listMailAccounts,
  queueAccountMail,
  type ComposeDeps,
  type MailedXmlFile,
} from '../../mailbox/index.ts';
import { notifyUser } from '../../notifications/index.ts';
import { organizationOwnerIds } from '../../organizations/index.ts';
import { eInvoiceOf, loadDocument, type InvoiceDocument } from '../document.ts';
import { buyerOf, loadParties, sellerOf } from '../snapshot.ts';
import { problemDetails } from '../fatturapa/missing-data.ts';
import { nextDocumentNumber } from '../repository.ts';
import { readSdiNotification, type SdiNotification } from './notifications.ts';
import * as repo from './repository.ts';

/**
 * E-invoices to the SDI by PEC (issue 16). "Send to SDI" checks the FatturaPA file against the official schema,
 * then queues it from the user's PEC account to the SDI's address, the transmission recorded in the same
 * transaction as the message (one exists exactly when the other does). The SDI's answers arrive in that PEC
 * account; the mail sync hands their files here, and each moves the transmission along and tells the sender and
 * the organization's owners.
 */

export type SdiDeps = ComposeDeps;

/** What the mail sync needs to apply the SDI's answers. */
export type SdiMailDeps = { db: Db; hub: RealtimeHub; log?: FastifyBaseLogger };

type Scope = { orgId: string; userId: string };

const NOTIFICATION_STATUS: Record<Exclude<TSdiNotificationType, 'NE'>, TSdiStatus> = {
  RC: 'delivered',
  NS: 'rejected',
  MC: 'not_delivered',
  DT: 'expired',
  AT: 'attested',
};

function statusOf(n: Pick<SdiNotification, 'type' | 'outcome'>): TSdiStatus | null {
  if (n.type === 'NE') return n.outcome === 'EC01' ? 'accepted' : n.outcome === 'EC02' ? 'refused' : null;
  return NOTIFICATION_STATUS[n.type];
}

async function pecAccountsOf(db: Db, scope: Scope) {
  const accounts = await listMailAccounts(db, scope);
  return accounts.filter((a) => a.isPec);
}

/** Where the next file goes: the address the SDI assigned, else the configured one, else the public one. */
async function sdiAddress(db: Db, orgId: string): Promise<string> {
  const { configured, assigned } = await repo.sdiAddresses(db, orgId);
  return assigned ?? configured ?? SDI_PUBLIC_PEC_ADDRESS;
}

export async function sdiState(deps: SdiDeps, scope: Scope, invoiceId: string): Promise<TSdiState> {
  const doc = await loadDocument({ db: deps.db }, { orgId: scope.orgId, kind: 'invoice', id: invoiceId });
  const [rows, accounts, sendTo] = await Promise.all([
    repo.transmissionsOf(deps.db, scope.orgId, invoiceId),
    pecAccountsOf(deps.db, scope),
    sdiAddress(deps.db, scope.orgId),
  ]);
  const notifications = await repo.notificationsOf(
    deps.db,
    scope.orgId,
    rows.map((r) => r.id),
  );
  const transmissions: TSdiTransmission[] = rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    sentTo: r.sentTo,
    accountAddress: r.accountAddress,
    status: r.status,
    sdiIdentifier: r.sdiIdentifier,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    delivery:
      r.outboxId && r.outboxStatus && r.nextAttemptAt
        ? deliveryFromRow({
            outboxId: r.outboxId,
            status: r.outboxStatus,
            errorCode: r.errorCode,
            lastError: r.lastError,
            nextAttemptAt: r.nextAttemptAt,
          })
        : null,
    notifications: notifications
      .filter((n) => n.transmissionId === r.id)
      .map((n) => ({
        id: n.id,
        type: n.type,
        fileName: n.fileName,
        outcome: n.outcome,
        description: n.description,
        errors: n.errors,
        receivedAt: n.receivedAt.toISOString(),
      })),
  }));
  const latest = transmissions[0];
  return {
    transmissions,
    pecAccounts: accounts.map((a) => ({ id: a.id, emailAddress: a.emailAddress })),
    sendTo,
    canSend:
      doc.row.phase === 'issued' &&
      accounts.length > 0 &&
      (!latest || allowsResend(latest.status, latest.delivery?.status, latest.sentAt)),
  };
}

/**
 * Sends an issued invoice's FatturaPA file to the SDI from one of the user's PEC accounts (the first when none is
 * named). Refused, with nothing sent: a file with missing data (EINVOICE_DATA_MISSING) or not valid against the
 * schema (EINVOICE_SCHEMA_INVALID), no PEC account (PEC_ACCOUNT_REQUIRED), a file already on its way or answered
 * other than by a rejection (SDI_ALREADY_SENT). A file sent again gets a new name, as the SDI requires.
 */
export async function sendToSdi(
  deps: SdiDeps,
  scope: Scope,
  input: { invoiceId: string; accountId?: string },
): Promise<TSdiState> {
  const doc = await loadDocument(
    { db: deps.db },
    { orgId: scope.orgId, kind: 'invoice', id: input.invoiceId },
  );
  const account = input.accountId
    ? await findMailAccount(deps.db, scope, input.accountId)
    : (await pecAccountsOf(deps.db, scope))[0];
  if (input.accountId && !account) throw new AppError('NOT_FOUND');
  if (!account?.isPec) throw new AppError('PEC_ACCOUNT_REQUIRED');
  const sendTo = await sdiAddress(deps.db, scope.orgId);
  const previous = (await repo.transmissionsOf(deps.db, scope.orgId, input.invoiceId))[0];
  if (previous && !allowsResend(previous.status, previous.outboxStatus, previous.sentAt))
    throw new AppError('SDI_ALREADY_SENT');
  // Sent again (the SDI rejected it, or the message never left): the invoice counts as not issued yet, so its
  // business and client data are taken as corrected since (lines, number and date stay); the file gets a name the
  // SDI has not seen, from a number of its own (a gap, if this fails, harms nothing).
  const refreshed = previous ? await withCurrentParties(deps, scope.orgId, doc) : undefined;
  const again = previous
    ? await deps.db.transaction((tx) => nextDocumentNumber(tx, scope.orgId, 'sdi_resend', 0))
    : undefined;
  const built = eInvoiceOf(refreshed ?? doc, again);
  if (!built.file) throw new AppError('EINVOICE_DATA_MISSING', problemDetails(built.problems));
  const file = built.file;
  const validation = await validateXml('fatturapa', file.xml, file.filename);
  if (!validation.valid) {
    throw new AppError(
      'EINVOICE_SCHEMA_INVALID',
      validation.errors.slice(0, 20).map((message) => ({ path: 'xml', message })),
    );
  }

  await queueAccountMail(
    deps,
    scope,
    account,
    {
      to: [sendTo],
      cc: [],
      bcc: [],
      subject: file.filename,
      text: file.filename,
      html: null,
      attachments: [
        { filename: file.filename, contentType: 'application/xml', content: Buffer.from(file.xml, 'utf8') },
      ],
    },
    { sendAt: new Date(), scheduled: false },
    async (tx, queued) => {
      // Checked again under the invoice's row lock: of two clicks at once, the second finds the first's file and
      // its whole message (copy, outbox row) is rolled back.
      await repo.lockInvoice(tx, scope.orgId, input.invoiceId);
      const latest = (await repo.transmissionsOf(tx, scope.orgId, input.invoiceId))[0];
      if (latest && !allowsResend(latest.status, latest.outboxStatus, latest.sentAt))
        throw new AppError('SDI_ALREADY_SENT');
      if (refreshed)
        await repo.replaceInvoiceSnapshot(tx, scope.orgId, input.invoiceId, refreshed.row.snapshot!);
      await repo.insertTransmission(tx, {
        organizationId: scope.orgId,
        invoiceId: input.invoiceId,
        userId: scope.userId,
        accountId: account.id,
        outboxId: queued.outboxId,
        fileName: file.filename,
        sentTo: sendTo,
      });
    },
  );
  return sdiState(deps, scope, input.invoiceId);
}

/** The invoice with its frozen copy's seller and buyer as the profile and the client read now. */
async function withCurrentParties(
  deps: SdiDeps,
  orgId: string,
  doc: InvoiceDocument,
): Promise<InvoiceDocument> {
  const snapshot = doc.row.snapshot;
  if (!snapshot) return doc;
  const parties = await loadParties({ db: deps.db }, { orgId, clientId: doc.row.clientId });
  if (!parties.client) return doc;
  const seller = sellerOf(parties.profile, parties.settings, null);
  return { ...doc, row: { ...doc.row, snapshot: { ...snapshot, seller, buyer: buyerOf(parties.client) } } };
}

/** A notification's file, for download. */
export async function sdiNotificationFile(deps: { db: Db }, scope: Scope, invoiceId: string, id: string) {
  const file = await repo.notificationFile(deps.db, scope.orgId, invoiceId, id);
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

const NOTICE_LANGUAGE: 'it' | 'en' = 'it';

/**
 * The SDI's answers that arrived in a PEC account: each file named as a notification is validated against the
 * schema and matched to a transmission of this organization sent from this account by its NomeFile; it is taken
 * only from the domain the file was sent to (the SDI's), recorded once (a message synced again changes nothing),
 * and moves the transmission along (never back). The first answer's sender is the address the SDI assigned: later
 * files go there. Answers how many notifications were recorded.
 */
export async function applySdiMail(
  deps: SdiMailDeps,
  input: { orgId: string; accountId: string; files: MailedXmlFile[]; receivedAt: Date },
): Promise<number> {
  let recorded = 0;
  for (const file of input.files) {
    const reading = await readSdiNotification(file.fileName, file.content);
    if (!reading) continue;
    if (!reading.ok) {
      deps.log?.warn(
        { file: reading.fileName, errors: reading.errors.slice(0, 3) },
        'SDI notification refused',
      );
      continue;
    }
    const n = reading.notification;
    const t = await repo.findTransmissionByFile(deps.db, input.orgId, input.accountId, n.invoiceFileName);
    if (!t) continue;
    if (!file.from || domainOf(file.from) !== domainOf(t.sentTo)) {
      deps.log?.warn({ file: n.fileName }, 'SDI notification from another domain than the SDI ignored');
      continue;
    }
    const status = statusOf(n);
    const outcome = await deps.db.transaction(async (tx) => {
      const inserted = await repo.insertNotification(tx, {
        organizationId: input.orgId,
        transmissionId: t.id,
        type: n.type,
        fileName: n.fileName,
        outcome: n.outcome,
        description: n.description,
        errors: n.errors,
        xml: n.xml,
        receivedAt: n.receivedAt ?? input.receivedAt,
      });
      const advanced =
        inserted && status ? await repo.advanceTransmission(tx, t.id, status, n.sdiIdentifier) : false;
      return { inserted, advanced };
    });
    if (!outcome.inserted) continue;
    recorded++;
    if (n.type === 'RC' || n.type === 'NS' || n.type === 'MC') {
      await repo.rememberAssignedAddress(deps.db, input.orgId, file.from.trim().toLowerCase());
    }
    if (outcome.advanced && status)
      await tellOfAnswer(deps, t, status, n).catch((err: unknown) =>
        deps.log?.warn({ err }, 'could not notify of an SDI answer'),
      );
  }
  return recorded;
}

async function tellOfAnswer(
  deps: SdiMailDeps,
  t: repo.TransmissionRow,
  status: TSdiStatus,
  n: SdiNotification,
) {
  const [number, owners] = await Promise.all([
    repo.invoiceNumber(deps.db, t.organizationId, t.invoiceId),
    organizationOwnerIds(deps.db, t.organizationId),
  ]);
  const title = catalogueText('mail', `sdiNotice.title.${status}`, NOTICE_LANGUAGE, { number });
  const errors = n.errors.map((e) => `${e.code} ${e.description}`).join('; ');
  const message = errors
    ? catalogueText('mail', 'sdiNotice.errors', NOTICE_LANGUAGE, { errors })
    : catalogueText('mail', 'sdiNotice.file', NOTICE_LANGUAGE, { file: t.fileName });
  const type =
    status === 'rejected' || status === 'refused' || status === 'attested'
      ? 'error'
      : status === 'not_delivered' || status === 'expired'
        ? 'warning'
        : 'success';
  // The owners and the user who sent the file, each once.
  for (const userId of new Set([...owners, ...(t.userId ? [t.userId] : [])])) {
    await notifyUser(deps, {
      userId,
      orgId: t.organizationId,
      type,
      title,
      message,
      data: { url: `/invoices/${t.invoiceId}` },
    });
  }
}
