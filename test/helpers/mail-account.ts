import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mailAccounts } from '@server/db/schema/mailbox.ts';

/**
 * A mail_accounts row for a signed-up user in an organization, its password sealed with the app's
 * services.mailCredentials, pointing at a test IMAP server (plain connection on loopback). Until the accounts
 * branch lands, the mail tests create their accounts with this.
 */
export async function addMailAccount(
  app: FastifyInstance,
  owner: { organizationId: string; userId: string },
  server: { host: string; port: number; username: string; password: string },
  extra: {
    emailAddress?: string;
    syncIntervalMinutes?: number;
    smtpPort?: number;
    displayName?: string;
  } = {},
): Promise<string> {
  const [row] = await app.services.database.db
    .insert(mailAccounts)
    .values({
      organizationId: owner.organizationId,
      userId: owner.userId,
      emailAddress: extra.emailAddress ?? `${server.username}-${randomUUID().slice(0, 6)}@example.test`,
      imapHost: server.host,
      imapPort: server.port,
      imapSecurity: 'none',
      imapUsername: server.username,
      smtpHost: server.host,
      smtpPort: extra.smtpPort ?? 2525,
      displayName: extra.displayName ?? null,
      smtpSecurity: 'none',
      smtpUsername: server.username,
      passwordSealed: app.services.mailCredentials.seal(server.password),
      syncIntervalMinutes: extra.syncIntervalMinutes ?? 5,
    })
    .returning({ id: mailAccounts.id });
  return row!.id;
}
