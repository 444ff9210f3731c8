import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../errors/field-messages.ts';
import {
  ZMailAccount,
  ZMailAccountDelete,
  ZMailAccountInput,
  ZMailAccountUpdate,
  defaultPort,
  isLocalHost,
} from './accounts.ts';

const valid = {
  emailAddress: ' mario@example.it ',
  displayName: '  ',
  provider: null,
  imap: { host: 'imap.example.it', port: 993, security: 'tls', username: 'mario@example.it' },
  smtp: { host: 'smtp.example.it', port: 587, security: 'starttls', username: 'mario@example.it' },
  password: 'segreto 1',
};

/** The issues of a failed parse as path → message key. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('mail account contracts', () => {
  it('accepts a complete account and fills the defaults', () => {
    const parsed = ZMailAccountInput.parse(valid);
    expect(parsed).toMatchObject({
      emailAddress: 'mario@example.it',
      displayName: null,
      signatureHtml: null,
      isPec: false,
      syncEnabled: true,
      syncIntervalMinutes: 5,
      password: 'segreto 1',
    });
    expect(parsed.smtpPassword).toBeUndefined();
  });

  it('answers the spec §5 messages, in English and Italian', () => {
    const found = issues(
      ZMailAccountInput.safeParse({
        ...valid,
        imap: { host: ' ', port: 0, security: 'tls', username: '' },
        smtp: { ...valid.smtp, port: 65536 },
        password: '',
      }),
    );
    expect(found).toEqual({
      'imap.host': 'mailAccounts.hostRequired',
      'imap.port': 'mailAccounts.portInvalid',
      'imap.username': 'mailAccounts.usernameRequired',
      'smtp.port': 'mailAccounts.portInvalid',
      password: 'mailAccounts.passwordRequired',
    });
    expect(fieldMessage('mailAccounts.hostRequired', 'en')).toBe('Host is required');
    expect(fieldMessage('mailAccounts.portInvalid', 'en')).toBe('Valid port is required');
    expect(fieldMessage('mailAccounts.usernameRequired', 'en')).toBe('Username is required');
    expect(fieldMessage('mailAccounts.passwordRequired', 'en')).toBe('Password is required');
    for (const key of Object.values(found)) expect(fieldMessage(key, 'it'), key).toBeTruthy();
  });

  it('takes ports 1 and 65535 and refuses fractions and NaN (an emptied number field)', () => {
    for (const port of [1, 65535]) {
      expect(ZMailAccountInput.safeParse({ ...valid, imap: { ...valid.imap, port } }).success).toBe(true);
    }
    for (const port of [1.5, Number.NaN, '993']) {
      expect(issues(ZMailAccountInput.safeParse({ ...valid, imap: { ...valid.imap, port } }))).toEqual({
        'imap.port': 'mailAccounts.portInvalid',
      });
    }
  });

  it('allows no encryption only towards this machine', () => {
    const remote = { ...valid, smtp: { ...valid.smtp, security: 'none' } };
    expect(issues(ZMailAccountInput.safeParse(remote))).toEqual({
      'smtp.security': 'mailAccounts.insecureRemote',
    });
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]', ' LOCALHOST ']) {
      const local = { ...valid, imap: { ...valid.imap, host, security: 'none', port: 143 } };
      expect(ZMailAccountInput.safeParse(local).success, host).toBe(true);
    }
    expect(isLocalHost('127.0.0.1.example.com')).toBe(false);
    expect(isLocalHost('localhost.evil.com')).toBe(false);
  });

  it('refuses a host with a scheme or a path, a bad address, an unknown preset and a silly interval', () => {
    const found = issues(
      ZMailAccountInput.safeParse({
        ...valid,
        emailAddress: 'mario at example',
        provider: 'hotmail-1998',
        syncIntervalMinutes: 1441,
        imap: { ...valid.imap, host: 'imaps://imap.example.it/' },
      }),
    );
    expect(found).toEqual({
      emailAddress: 'mailAccounts.emailInvalid',
      provider: 'mailAccounts.providerInvalid',
      syncIntervalMinutes: 'mailAccounts.intervalInvalid',
      'imap.host': 'mailAccounts.hostInvalid',
    });
  });

  it('keeps the stored passwords on update unless new ones are given; null removes the SMTP one', () => {
    const rest = { ...valid, password: undefined };
    expect(ZMailAccountUpdate.parse(rest).password).toBeUndefined();
    expect(ZMailAccountUpdate.parse({ ...rest, password: '' }).password).toBeUndefined();
    expect(ZMailAccountUpdate.parse({ ...rest, password: 'nuova' }).password).toBe('nuova');
    expect(ZMailAccountUpdate.parse({ ...rest, smtpPassword: '' }).smtpPassword).toBeUndefined();
    expect(ZMailAccountUpdate.parse({ ...rest, smtpPassword: null }).smtpPassword).toBeNull();
    expect(ZMailAccountInput.parse({ ...valid, smtpPassword: '' }).smtpPassword).toBeUndefined();
  });

  it('needs an explicit confirmation to delete', () => {
    expect(ZMailAccountDelete.safeParse({ confirm: true }).success).toBe(true);
    expect(issues(ZMailAccountDelete.safeParse({}))).toEqual({ confirm: 'mailAccounts.confirmRequired' });
    expect(ZMailAccountDelete.safeParse({ confirm: 'true' }).success).toBe(false);
  });

  it('answers without any password even when the row has one', () => {
    const answer = ZMailAccount.parse({
      id: 'a',
      emailAddress: 'mario@example.it',
      displayName: null,
      signatureHtml: null,
      provider: null,
      imap: valid.imap,
      smtp: valid.smtp,
      hasSmtpPassword: false,
      isPec: false,
      syncEnabled: true,
      syncIntervalMinutes: 5,
      dailySendLimit: null,
      monthlySendLimit: 500,
      syncStatus: 'idle',
      syncErrorCode: null,
      lastSyncAt: null,
      syncProgress: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      password: 'segreto 1',
      passwordSealed: 'v1.x',
    });
    expect(JSON.stringify(answer)).not.toMatch(/segreto|v1\.x|password"/);
  });

  it('has the spec §9 default ports', () => {
    expect(defaultPort('imap', 'tls')).toBe(993);
    expect(defaultPort('imap', 'starttls')).toBe(143);
    expect(defaultPort('smtp', 'starttls')).toBe(587);
  });
});
