import { fromHeader } from '@shared/mail/addresses.ts';
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  ZSenderSettingsInput,
  type TSenderSettings,
  type TSenderSettingsRequest,
  type TSenderTransport,
} from '@shared/mail/sender-settings.ts';
import type { FieldKey } from '@shared/i18n/catalogue.ts';
import { defaultPort } from '@shared/mailbox/accounts.ts';
import { DEFAULT_SMTP_PORT, type MailSecurity } from '@shared/mailbox/types.ts';
import { ApiError } from '@web/app/api.ts';

/**
 * Settings → Email sending: the form's values (text as typed, the SMTP server always at hand so switching the
 * transport back and forth keeps it), and what they become for the contract and for the From line shown.
 */
export interface SenderFormValues {
  senderName: string;
  senderAddress: string;
  replyTo: string;
  transport: TSenderTransport;
  smtp: { host: string; port: number; security: MailSecurity; username: string };
  /** Write-only: empty keeps the stored one. */
  password: string;
}

export function toValues(s: TSenderSettings): SenderFormValues {
  return {
    senderName: s.senderName ?? '',
    senderAddress: s.senderAddress ?? '',
    replyTo: s.replyTo ?? '',
    transport: s.transport,
    smtp: s.smtp ?? { host: '', port: DEFAULT_SMTP_PORT, security: 'starttls', username: '' },
    password: '',
  };
}

/** The request body: the SMTP server and its password only when it sends the mail. */
export function toInput(v: SenderFormValues) {
  const own = v.transport === 'smtp';
  return {
    senderName: v.senderName,
    senderAddress: v.senderAddress,
    replyTo: v.replyTo,
    transport: v.transport,
    smtp: own ? v.smtp : null,
    password: own ? v.password : '',
  };
}

/** The port that goes with a new security when the user had kept the default of the old one. */
export function portAfterSecurity(port: number, previous: MailSecurity, next: MailSecurity): number {
  return port === defaultPort('smtp', previous) ? defaultPort('smtp', next) : port;
}

/**
 * Checks the form with the server's contract: its messages are catalogue keys at the contract's paths, which are
 * the form's own (`smtp.host`, `senderAddress`). The business's own server needs a password, typed or stored.
 */
export function senderResolver(
  hasPassword: boolean,
): Resolver<SenderFormValues, unknown, TSenderSettingsRequest> {
  return async (v) => {
    const parsed = ZSenderSettingsInput.safeParse(toInput(v));
    const errors: FieldErrors<SenderFormValues> = {};
    const fail = (path: string, message: string) => set(errors, path, { type: 'validate', message });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.');
        if (path) fail(path, issue.message);
      }
    }
    if (v.transport === 'smtp') {
      // The contract's cross-field rules run only once every field passed: the missing address shows with the rest.
      if (!v.senderAddress.trim() && !errors.senderAddress)
        fail('senderAddress', key('mailSender.addressRequired'));
      if (!v.password && !hasPassword && !errors.password)
        fail('password', key('mailAccounts.passwordRequired'));
    }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
}

const key = (k: FieldKey) => k;

/**
 * What the recipients will read: the typed values, else what applies when a field is empty. With the business's own
 * server the address has no default: null until it is typed.
 */
export function senderPreview(
  v: Pick<SenderFormValues, 'senderName' | 'senderAddress' | 'replyTo' | 'transport'>,
  defaults: TSenderSettings['defaults'],
): { from: string | null; replyTo: string | null } {
  const name = v.senderName.trim() || defaults.name;
  const typed = v.senderAddress.trim().toLowerCase();
  const address = typed || (v.transport === 'smtp' ? null : defaults.address);
  return {
    from: address ? fromHeader(name, address) : null,
    replyTo: v.replyTo.trim().toLowerCase() || defaults.replyTo,
  };
}

/**
 * The sending server's own words about a failed test (MAIL_TEST_FAILED carries them in `details[0].message`), when
 * the message shown does not already say them.
 */
export function serverWords(error: unknown, shown: string): string | null {
  if (!(error instanceof ApiError) || error.code !== 'MAIL_TEST_FAILED' || !Array.isArray(error.details)) {
    return null;
  }
  const first = error.details[0] as { message?: unknown } | null | undefined;
  const words = typeof first?.message === 'string' ? first.message.trim() : '';
  return words && !shown.includes(words) ? words : null;
}
