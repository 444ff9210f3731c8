import { describe, expect, it } from 'vitest';
import type { TSenderSettings } from '@shared/mail/sender-settings.ts';
import { ApiError } from '@web/app/api.ts';
import { hasKey, keysNamedIn, loadNamespaces } from '../../../../test/helpers/locales.ts';
import { fromHeader } from '@shared/mail/addresses.ts';
import {
  portAfterSecurity,
  senderPreview,
  senderResolver,
  serverWords,
  toInput,
  toValues,
  type SenderFormValues,
} from './mail-sender-values.ts';

const DEFAULTS: TSenderSettings['defaults'] = {
  name: 'Officina Rossi S.r.l.',
  address: 'no-reply@gestionale.example',
  replyTo: 'info@officinarossi.it',
  installationServer: false,
};
const NOTHING_SET: TSenderSettings = {
  senderName: null,
  senderAddress: null,
  replyTo: null,
  transport: 'installation',
  smtp: null,
  hasPassword: false,
  defaults: DEFAULTS,
};
const OWN: TSenderSettings = {
  ...NOTHING_SET,
  senderAddress: 'fatture@officinarossi.it',
  transport: 'smtp',
  smtp: { host: 'smtp.officinarossi.it', port: 465, security: 'tls', username: 'fatture' },
  hasPassword: true,
};

const resolve = (values: SenderFormValues, hasPassword = true) =>
  senderResolver(hasPassword)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the sending settings form', () => {
  it('starts from the stored settings, with an SMTP server ready at 587 STARTTLS when none is stored', () => {
    expect(toValues(NOTHING_SET)).toEqual({
      senderName: '',
      senderAddress: '',
      replyTo: '',
      transport: 'installation',
      smtp: { host: '', port: 587, security: 'starttls', username: '' },
      password: '',
    });
    expect(toValues(OWN).smtp).toEqual(OWN.smtp);
    expect(toValues(OWN).password).toBe('');
  });

  it('sends the SMTP server only when it sends the mail; an empty password keeps the stored one', async () => {
    const installation = { ...toValues(OWN), transport: 'installation' as const, password: 'typed' };
    expect(toInput(installation)).toMatchObject({ transport: 'installation', smtp: null, password: '' });
    const own = await resolve(toValues(OWN));
    expect(own.errors).toEqual({});
    expect(own.values).toMatchObject({
      transport: 'smtp',
      senderName: null,
      senderAddress: 'fatture@officinarossi.it',
      smtp: OWN.smtp,
      password: undefined,
    });
  });

  it("gives the contract's keys at the form's own paths", async () => {
    const wrong = await resolve({ ...toValues(NOTHING_SET), senderAddress: 'fatture@', replyTo: 'x' });
    expect(wrong.errors).toMatchObject({
      senderAddress: { message: 'mailSender.addressInvalid' },
      replyTo: { message: 'mailSender.addressInvalid' },
    });
    const own = await resolve({ ...toValues(NOTHING_SET), transport: 'smtp' }, false);
    expect(own.errors).toMatchObject({
      senderAddress: { message: 'mailSender.addressRequired' },
      password: { message: 'mailAccounts.passwordRequired' },
      smtp: {
        host: { message: 'mailAccounts.hostRequired' },
        username: { message: 'mailAccounts.usernameRequired' },
      },
    });
    const insecure = await resolve({
      ...toValues(OWN),
      smtp: { host: 'smtp.officinarossi.it', port: 25, security: 'none', username: 'fatture' },
    });
    expect(insecure.errors).toMatchObject({ smtp: { security: { message: 'mailAccounts.insecureRemote' } } });
    const local = await resolve({
      ...toValues(OWN),
      smtp: { host: '127.0.0.1', port: 2525, security: 'none', username: 'test' },
    });
    expect(local.errors).toEqual({});
    const noPort = await resolve({ ...toValues(OWN), smtp: { ...OWN.smtp!, port: Number.NaN } });
    expect(noPort.errors).toMatchObject({ smtp: { port: { message: 'mailAccounts.portInvalid' } } });
  });

  it('moves a default port along with the security, and leaves a chosen one', () => {
    expect(portAfterSecurity(587, 'starttls', 'tls')).toBe(465);
    expect(portAfterSecurity(465, 'tls', 'starttls')).toBe(587);
    expect(portAfterSecurity(2525, 'starttls', 'tls')).toBe(2525);
  });

  it('shows the From and Reply-To the recipients will read', () => {
    const empty = { senderName: '', senderAddress: '', replyTo: '', transport: 'installation' as const };
    expect(senderPreview(empty, DEFAULTS)).toEqual({
      from: '"Officina Rossi S.r.l." <no-reply@gestionale.example>',
      replyTo: 'info@officinarossi.it',
    });
    expect(
      senderPreview(
        { ...empty, senderName: ' Officina "Rossi" ', senderAddress: 'Fatture@OfficinaRossi.it' },
        { ...DEFAULTS, replyTo: null },
      ),
    ).toEqual({ from: '"Officina \\"Rossi\\"" <fatture@officinarossi.it>', replyTo: null });
    expect(
      senderPreview({ ...empty, transport: 'smtp' }, DEFAULTS).from,
      'no default with its own server',
    ).toBeNull();
    expect(fromHeader('', 'fatture@officinarossi.it')).toBe('fatture@officinarossi.it');
  });

  it("keeps the sending server's own words of a failed test, once", () => {
    const failed = (message: string) =>
      new ApiError({
        status: 422,
        code: 'MAIL_TEST_FAILED',
        message,
        details: [{ message: '535 5.7.8 Authentication credentials invalid' }],
      });
    expect(serverWords(failed('Login refused'), 'Login refused')).toBe(
      '535 5.7.8 Authentication credentials invalid',
    );
    const said = 'Login refused: 535 5.7.8 Authentication credentials invalid';
    expect(serverWords(failed(said), said)).toBeNull();
    const missing = new ApiError({ status: 409, code: 'MAIL_SERVER_MISSING', message: 'No server' });
    expect(serverWords(missing, 'No server')).toBeNull();
  });

  it('has every text it names in Italian and English', () => {
    const namespaces = ['settings', 'mail-accounts'] as const;
    const used = [...keysNamedIn([import.meta.dirname], namespaces)].filter(
      (key) => key.startsWith('settings:mailSender.') || key.startsWith('mail-accounts:form.'),
    );
    expect(used.length).toBeGreaterThan(30);
    used.push(
      'settings:tabs.mailSending',
      ...['tls', 'starttls', 'none'].map((s) => `mail-accounts:security.${s}`),
    );
    for (const lang of ['it', 'en'] as const) {
      const keys = loadNamespaces(lang, namespaces);
      expect(used.filter((key) => !hasKey(keys, key))).toEqual([]);
    }
  });
});
