import { classifySmtpError, type SmtpFailure } from '@shared/mail/delivery.ts';
import type { TMailConnectionTest } from '@shared/mailbox/accounts.ts';
import { openImap, type ImapEndpoint } from './imap-client.ts';
import { classifyImapError } from './mail-errors.ts';
import { openSmtp } from './smtp-client.ts';

/** "Test connection" answers within seconds: a server that does not greet in time is reported, not waited for. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

type Check = TMailConnectionTest['imap'];

/** Logs in to IMAP (imapflow) and logs out. The password stays in memory; imapflow's logger is off. */
export async function checkImap(
  endpoint: ImapEndpoint,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<Check> {
  try {
    const client = await openImap(endpoint, {
      timeouts: { connectionMs: timeoutMs, greetingMs: timeoutMs, socketMs: timeoutMs },
    });
    await client.logout().catch(() => client.close());
    return { ok: true };
  } catch (err) {
    return { ok: false, code: classifyImapError(err) };
  }
}

/** Connects to SMTP, upgrades as the security asks and logs in (nodemailer `verify()`); nothing is sent. */
export async function checkSmtp(
  endpoint: ImapEndpoint,
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<Check> {
  const transport = openSmtp(endpoint, timeoutMs);
  try {
    await transport.verify();
    return { ok: true };
  } catch (err) {
    return { ok: false, code: classifySmtpError(err as SmtpFailure) };
  } finally {
    transport.close();
  }
}

export async function testConnection(
  endpoints: { imap: ImapEndpoint; smtp: ImapEndpoint },
  timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
): Promise<TMailConnectionTest> {
  const [imap, smtp] = await Promise.all([
    checkImap(endpoints.imap, timeoutMs),
    checkSmtp(endpoints.smtp, timeoutMs),
  ]);
  return { imap, smtp };
}
