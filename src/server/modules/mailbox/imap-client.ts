import { ImapFlow } from 'imapflow';
import type { MailSecurity } from '@shared/mailbox/types.ts';

/** What opening an IMAP connection needs: the account's server and its password, already unsealed. */
export type ImapEndpoint = {
  host: string;
  port: number;
  security: MailSecurity;
  username: string;
  password: string;
};

/** Hosts on this machine (the only ones security "none" may reach): shared with the web's account form. */
export { isLocalHost } from '@shared/mailbox/accounts.ts';

export const IMAP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 120_000 } as const;
export type ImapTimeouts = Partial<Record<keyof typeof IMAP_TIMEOUTS, number>>;

/**
 * A connected, logged-in ImapFlow client. Its own logger is off: imapflow logs commands, and a LOGIN line carries
 * the password. The caller closes it with `logout()` (or `close()` after a failure).
 */
const socketErrors = new WeakMap<ImapFlow, Error>();

/** The error the connection itself reported (e.g. ETIMEOUT when the server stopped answering), if any. */
export function socketErrorOf(client: ImapFlow): Error | undefined {
  return socketErrors.get(client);
}

export async function openImap(
  endpoint: ImapEndpoint,
  options: { timeouts?: ImapTimeouts } = {},
): Promise<ImapFlow> {
  const timeouts = { ...IMAP_TIMEOUTS, ...options.timeouts };
  const client = new ImapFlow({
    host: endpoint.host,
    port: endpoint.port,
    secure: endpoint.security === 'tls',
    // STARTTLS is required when asked for; "none" never upgrades (a local test server without TLS).
    doSTARTTLS: endpoint.security === 'starttls' ? true : endpoint.security === 'none' ? false : undefined,
    auth: { user: endpoint.username, pass: endpoint.password },
    logger: false,
    qresync: true,
    disableAutoIdle: true,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    clientInfo: { name: 'Gestionale' },
  });
  // An error after connect (a dropped socket, a server gone silent) fails the pending command, whose own error
  // only says the connection is gone; the event keeps the cause for socketErrorOf, and must not crash the process.
  client.on('error', (err: Error) => socketErrors.set(client, err));
  try {
    await client.connect();
  } catch (err) {
    client.close();
    throw err;
  }
  return client;
}
