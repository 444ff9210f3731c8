import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImap } from '@server/modules/mailbox/imap-client.ts';
import { classifyImapError } from '@server/modules/mailbox/mail-errors.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../helpers/dovecot.ts';

/** The IMAP test server itself: the mail tests build on it, so its outage and password change must be real. */
const unavailable = dovecotUnavailable();

describe.skipIf(unavailable)(`Dovecot test server${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot({ alice: 'first-password' });
  });
  afterAll(async () => {
    await dovecot?.close();
  });
  const endpoint = (password: string) => ({
    host: dovecot.host,
    port: dovecot.port,
    security: 'none' as const,
    username: 'alice',
    password,
  });

  it('logs in, lists the special-use folders and takes an appended message', async () => {
    const client = await openImap(endpoint('first-password'));
    const folders = await client.list();
    expect(folders.map((f) => f.specialUse ?? f.path).sort()).toEqual([
      '\\Drafts',
      '\\Inbox',
      '\\Junk',
      '\\Sent',
      '\\Trash',
    ]);
    await client.append('INBOX', 'From: a@example.test\r\nSubject: Ciao\r\n\r\nCorpo\r\n');
    const status = await client.status('INBOX', { messages: true });
    expect(status && status.messages).toBe(1);
    await client.logout();
  });

  it('refuses a wrong password as AUTH_ERROR, and takes a changed one', async () => {
    const failure = await openImap(endpoint('wrong')).catch((err: unknown) => err);
    expect(classifyImapError(failure)).toBe('AUTH_ERROR');
    dovecot.setPassword('alice', 'second-password');
    const client = await openImap(endpoint('second-password'));
    await client.logout();
  });

  it('stops as an outage (CONNECTION_ERROR) and comes back with the same mail', async () => {
    await dovecot.stop();
    const failure = await openImap(endpoint('second-password')).catch((err: unknown) => err);
    expect(classifyImapError(failure)).toBe('CONNECTION_ERROR');
    await dovecot.start();
    const client = await openImap(endpoint('second-password'));
    const status = await client.status('INBOX', { messages: true });
    expect(status && status.messages).toBe(1);
    await client.logout();
  });
});
