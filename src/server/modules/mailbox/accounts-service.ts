import sanitizeHtml from 'sanitize-html';
import type {
  TMailAccount,
  TMailAccountInput,
  TMailAccountUpdate,
  TMailConnectionTest,
} from '@shared/mailbox/accounts.ts';
import type { Db } from '../../platform/db.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import type { FileStore } from '../../platform/storage.ts';
import {
  accountSecrets,
  addressTaken,
  attachmentsOfAccount,
  checksumsStillUsed,
  deleteAccount,
  findAccount,
  insertAccount,
  listAccounts,
  rawKeysOfAccount,
  updateAccount,
  type AccountRow,
  type AccountValues,
  type Owner,
} from './accounts-repository.ts';
import { testConnection } from './accounts-connection-test.ts';
import { endpointsOf } from './credentials.ts';
import type { ImapEndpoint } from './imap-client.ts';

/**
 * Mail accounts (issue 15, Settings → Mail accounts). Each member connects their own IMAP/SMTP accounts in the active
 * organization; every call is scoped by organization AND user, so another member (an admin or the super admin
 * included) gets NOT_FOUND for an account that is not theirs. Passwords are sealed with `box` (AES-256-GCM,
 * platform/sealed-box.ts) before they reach the database, and are never returned nor logged.
 */
export type AccountDeps = {
  db: Db;
  /** app.services.mailCredentials */
  box: SealedBox;
  files: FileStore;
  /** The connection test's timeout (10 s; tests shorten it). */
  testTimeoutMs?: number;
  /** Wakes the sync runner (sync-jobs.ts): a new account, or one whose connection changed, syncs at once. */
  wakeSync?: () => void;
};

/** Who acts, for the audit log (the request's address and browser, taken by the route). */
export type Actor = Owner & { email: string | null; ipAddress?: string | null; userAgent?: string | null };

/** A signature is shown in mail others read: the server's allow-list keeps formatting, links and images only. */
export function sanitizeSignature(html: string | null): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'data'] },
    allowProtocolRelative: false,
  }).trim();
  return clean || null;
}

function toAnswer(row: AccountRow): TMailAccount {
  return {
    id: row.id,
    emailAddress: row.emailAddress,
    displayName: row.displayName,
    signatureHtml: row.signatureHtml,
    provider: row.provider,
    imap: { host: row.imapHost, port: row.imapPort, security: row.imapSecurity, username: row.imapUsername },
    smtp: { host: row.smtpHost, port: row.smtpPort, security: row.smtpSecurity, username: row.smtpUsername },
    hasSmtpPassword: row.hasSmtpPassword,
    isPec: row.isPec,
    syncEnabled: row.syncEnabled,
    syncIntervalMinutes: row.syncIntervalMinutes,
    dailySendLimit: row.dailySendLimit,
    monthlySendLimit: row.monthlySendLimit,
    syncStatus: row.syncStatus,
    syncErrorCode: row.syncErrorCode,
    lastSyncAt: row.lastSyncAt ? new Date(row.lastSyncAt).toISOString() : null,
    syncProgress: row.syncProgress ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The settings columns of an input (passwords apart). */
function settingsOf(input: TMailAccountInput | TMailAccountUpdate) {
  return {
    emailAddress: input.emailAddress,
    displayName: input.displayName,
    signatureHtml: sanitizeSignature(input.signatureHtml),
    provider: input.provider,
    imapHost: input.imap.host,
    imapPort: input.imap.port,
    imapSecurity: input.imap.security,
    imapUsername: input.imap.username,
    smtpHost: input.smtp.host,
    smtpPort: input.smtp.port,
    smtpSecurity: input.smtp.security,
    smtpUsername: input.smtp.username,
    isPec: input.isPec,
    syncEnabled: input.syncEnabled,
    syncIntervalMinutes: input.syncIntervalMinutes,
    dailySendLimit: input.dailySendLimit,
    monthlySendLimit: input.monthlySendLimit,
  } satisfies Partial<AccountValues>;
}

const duplicate = () =>
  new AppError('ALREADY_EXISTS', [{ path: 'emailAddress', message: 'mailAccounts.emailTaken' }]);

/** The sealed passwords of a row, opened; a secret that no longer opens (server secret changed) is a clear 409. */
function openEndpoints(deps: AccountDeps, secrets: NonNullable<Awaited<ReturnType<typeof accountSecrets>>>) {
  try {
    return endpointsOf(secrets, deps.box);
  } catch {
    throw new AppError('MAIL_CREDENTIALS_UNREADABLE');
  }
}

function audit(db: Db, actor: Actor, action: 'mail_account_added' | 'mail_account_removed', details: object) {
  return recordAudit(db, {
    action,
    organizationId: actor.orgId,
    userId: actor.userId,
    userEmail: actor.email,
    targetUserId: actor.userId,
    details: details as Record<string, unknown>,
    ipAddress: actor.ipAddress ?? null,
    userAgent: actor.userAgent ?? null,
  });
}

export async function listMailAccounts(deps: AccountDeps, owner: Owner): Promise<{ items: TMailAccount[] }> {
  const rows = await listAccounts(deps.db, owner);
  return { items: rows.map(toAnswer) };
}

export async function getMailAccount(
  deps: AccountDeps,
  owner: Owner & { id: string },
): Promise<TMailAccount> {
  const row = await findAccount(deps.db, owner, owner.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toAnswer(row);
}

export async function createMailAccount(
  deps: AccountDeps,
  { actor, input }: { actor: Actor; input: TMailAccountInput },
): Promise<TMailAccount> {
  if (await addressTaken(deps.db, actor, input.emailAddress)) throw duplicate();
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertAccount(tx, actor, {
      ...settingsOf(input),
      passwordSealed: deps.box.seal(input.password),
      smtpPasswordSealed: input.smtpPassword ? deps.box.seal(input.smtpPassword) : null,
    });
    await audit(tx, actor, 'mail_account_added', {
      accountId: created,
      address: input.emailAddress,
      isPec: input.isPec,
    });
    return created;
  });
  deps.wakeSync?.(); // due now (next_sync_at defaults to the insert's time)
  return getMailAccount(deps, { ...actor, id });
}

export async function updateMailAccount(
  deps: AccountDeps,
  { owner, id, input }: { owner: Owner; id: string; input: TMailAccountUpdate },
): Promise<TMailAccount> {
  const before = await findAccount(deps.db, owner, id);
  if (!before) throw new AppError('NOT_FOUND');
  if (await addressTaken(deps.db, owner, input.emailAddress, id)) throw duplicate();
  const values: Partial<AccountValues> = settingsOf(input);
  if (input.password !== undefined) values.passwordSealed = deps.box.seal(input.password);
  if (input.smtpPassword === null) values.smtpPasswordSealed = null;
  else if (input.smtpPassword !== undefined) values.smtpPasswordSealed = deps.box.seal(input.smtpPassword);
  // A new server, login or password: the last failure (AUTH_ERROR stops the retries) no longer holds.
  const resetSync =
    input.password !== undefined ||
    input.smtpPassword !== undefined ||
    input.imap.host !== before.imapHost ||
    input.imap.port !== before.imapPort ||
    input.imap.security !== before.imapSecurity ||
    input.imap.username !== before.imapUsername ||
    input.smtp.host !== before.smtpHost ||
    input.smtp.username !== before.smtpUsername ||
    (input.syncEnabled && !before.syncEnabled);
  const updated = await updateAccount(deps.db, owner, id, values, { resetSync });
  if (!updated) throw new AppError('NOT_FOUND');
  if (resetSync) deps.wakeSync?.();
  return getMailAccount(deps, { ...owner, id });
}

/**
 * Removes the account and the mail stored for it: folders, messages, attachment rows and queued changes go with the
 * row (FK cascade); then the files: the raw messages, and each attachment file no other message of the user still
 * references (attachments are stored once per content). Files go after the commit: a crash in between leaves an
 * unreferenced file, never a message row without its file.
 */
export async function deleteMailAccount(
  deps: AccountDeps,
  { actor, id }: { actor: Actor; id: string },
): Promise<void> {
  const row = await findAccount(deps.db, actor, id);
  if (!row) throw new AppError('NOT_FOUND');
  const rawKeys = await rawKeysOfAccount(deps.db, actor, id);
  const attachments = await attachmentsOfAccount(deps.db, actor, id);
  const removed = await deps.db.transaction(async (tx) => {
    const done = await deleteAccount(tx, actor, id);
    if (done) {
      await audit(tx, actor, 'mail_account_removed', {
        accountId: id,
        address: row.emailAddress,
        messages: rawKeys.length,
      });
    }
    return done;
  });
  if (!removed) throw new AppError('NOT_FOUND');
  const stillUsed = await checksumsStillUsed(
    deps.db,
    actor,
    attachments.map((a) => a.checksum),
  );
  const keys = [
    ...rawKeys,
    ...attachments.filter((a) => !stillUsed.has(a.checksum)).map((a) => a.storageKey),
  ];
  for (const key of new Set(keys)) await deps.files.remove(key);
}

function endpointsOfInput(input: TMailAccountInput): { imap: ImapEndpoint; smtp: ImapEndpoint } {
  return {
    imap: { ...input.imap, password: input.password },
    smtp: { ...input.smtp, password: input.smtpPassword ?? input.password },
  };
}

/** POST /mail/accounts/test: the form's settings, before anything is saved. */
export async function testNewAccount(
  deps: AccountDeps,
  { input }: { input: TMailAccountInput },
): Promise<TMailConnectionTest> {
  return testConnection(endpointsOfInput(input), deps.testTimeoutMs);
}

/**
 * POST /mail/accounts/:id/test: the stored account, or the edited form's settings with the stored passwords where
 * the form leaves them empty.
 */
export async function testStoredAccount(
  deps: AccountDeps,
  { owner, id, input }: { owner: Owner; id: string; input?: TMailAccountUpdate },
): Promise<TMailConnectionTest> {
  const secrets = await accountSecrets(deps.db, owner, id);
  if (!secrets) throw new AppError('NOT_FOUND');
  const stored = openEndpoints(deps, secrets);
  if (!input) return testConnection(stored, deps.testTimeoutMs);
  const imapPassword = input.password ?? stored.imap.password;
  const smtpPassword =
    input.smtpPassword === null
      ? imapPassword
      : (input.smtpPassword ?? (secrets.smtpPasswordSealed ? stored.smtp.password : imapPassword));
  return testConnection(
    { imap: { ...input.imap, password: imapPassword }, smtp: { ...input.smtp, password: smtpPassword } },
    deps.testTimeoutMs,
  );
}
