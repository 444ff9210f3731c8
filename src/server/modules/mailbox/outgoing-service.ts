import type { FastifyBaseLogger } from 'fastify';
import type { AccountTransports } from '../../platform/mail.ts';
import { topics } from '../../platform/realtime.ts';
import { isSealedBytes, type SealedBox } from '../../platform/sealed-box.ts';
import { accountSecrets } from './accounts-repository.ts';
import { endpointsOf } from './credentials.ts';
import { openImap } from './imap-client.ts';
import type { MailboxDeps } from './messages-service.ts';
import { claimOwnCopy, outgoingCopy } from './outgoing-repository.ts';
import { openSmtp } from './smtp-client.ts';

/**
 * What happens to mail composed in the mailbox once the outbox has it (issue 16): it leaves through its account's
 * SMTP, its copy goes to the account's IMAP Sent folder once the server accepted it, and the open mailbox hears
 * every change of its state. app.ts wires these to the mail port.
 */

export type OutgoingDeps = MailboxDeps & { mailCredentials: SealedBox; log: FastifyBaseLogger };

/** Providers that file the mail sent through their SMTP in Sent themselves: an APPEND would make a second copy. */
const FILES_SENT_ITSELF = new Set(['gmail']);

/** The SMTP of the account an outbox row leaves through, with its password unsealed for this one send. */
export function accountTransports(deps: Pick<OutgoingDeps, 'db' | 'mailCredentials'>): AccountTransports {
  return {
    async open({ accountId, orgId, userId }) {
      const secrets = await accountSecrets(deps.db, { orgId, userId }, accountId);
      if (!secrets) return null;
      try {
        return openSmtp(endpointsOf(secrets, deps.mailCredentials).smtp);
      } catch {
        return null; // sealed under another server secret: the send fails with AUTH_ERROR and says so
      }
    },
  };
}

/**
 * After the account's SMTP accepted a message: its copy is appended to the account's Sent folder (seen), and takes
 * the UID the server gives it, so the sync does not store it twice. A failed APPEND loses nothing: the copy stays
 * in the mailbox, and if the server has the message after all, the sync finds it by its Message-ID.
 */
export async function appendSentCopy(deps: OutgoingDeps, outboxId: string): Promise<void> {
  const copy = await outgoingCopy(deps.db, outboxId);
  if (!copy?.accountId || copy.folderAccountId !== copy.accountId || copy.uid !== null || !copy.rawKey)
    return;
  if (copy.provider && FILES_SENT_ITSELF.has(copy.provider)) return;
  const [secrets, raw] = await Promise.all([
    accountSecrets(deps.db, { orgId: copy.orgId, userId: copy.userId }, copy.accountId),
    deps.files.get(copy.rawKey),
  ]);
  // A confidential copy is stored sealed: the IMAP server gets the message itself (or nothing, without the key).
  const message = raw && isSealedBytes(raw) ? (deps.mailContent?.openBytes(raw) ?? null) : raw;
  if (!secrets || !message) return;
  const client = await openImap(endpointsOf(secrets, deps.mailCredentials).imap);
  try {
    const appended = await client.append(copy.folderPath, message, ['\\Seen'], copy.receivedAt);
    if (appended && appended.uid) {
      await claimOwnCopy(deps.db, copy.messageRowId, { uid: appended.uid, modseq: null });
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Tells the sender's open mailbox where a message stands now (queued again, sent, failed and why). */
export async function publishDelivery(deps: MailboxDeps, outboxId: string): Promise<void> {
  const copy = await outgoingCopy(deps.db, outboxId);
  if (!copy) return;
  await deps.hub.publish(topics.userMail(copy.orgId, copy.userId), {
    type: 'email:updated',
    emailId: copy.messageRowId,
    updates: {},
    delivery: copy.delivery,
  });
}
