import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it receives. `failNext(n)` makes the
 * next n deliveries fail with a temporary 451, as a busy server would.
 */
export async function startSmtpServer(port = 0, options: { refuseLogin?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    // refuseLogin: the server asks for a login and refuses every one (535), as with a wrong password.
    authOptional: !options.refuseLogin,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A stop is an outage, not a polite shutdown: open connections are dropped within 0.1 s.
    closeTimeout: 100,
    onAuth(_auth, _session, callback) {
      if (options.refuseLogin) return callback(new Error('Authentication credentials invalid'));
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Temporary failure, try again later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    failNext(count = 1) {
      failures = count;
    },
    /** Waits until a message for `to` has arrived (polling, up to `timeoutMs`). */
    async waitFor(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port that nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

/** The body of a raw message with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The header value of a raw message (unfolded). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
