import { z } from 'zod';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import { MAIL_ERROR_CODES } from '../mail/delivery.ts';
import { tooLong } from '../errors/field-messages.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { MAIL_PRESET_IDS } from './presets.ts';
import {
  DEFAULT_IMAP_PORTS,
  DEFAULT_SMTP_PORT,
  DEFAULT_SYNC_INTERVAL_MINUTES,
  MAIL_SECURITIES,
  MAIL_SYNC_STATUSES,
  type MailSecurity,
  type TMailProgress,
} from './types.ts';

/**
 * Mail account contracts (issue 15, spec §3 email credentials and §5 account configuration), shared by the routes
 * under /api/v1/mail/accounts and the Settings → Mail accounts form. Field messages are keys of the `fields`
 * catalogue, section `mailAccounts` (public/locales/{lang}/fields.json). The answer never carries a password.
 */

export type MailAccountMessageKey = Extract<FieldKey, `mailAccounts.${string}`>;
const err = (key: MailAccountMessageKey) => ({ error: key });

/** Hosts on this machine: the only ones an unencrypted connection ("none") is allowed to. */
export function isLocalHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The port a server has when the user has not chosen one: IMAP 993 (TLS) or 143, SMTP 587 (spec §9). */
export function defaultPort(server: 'imap' | 'smtp', security: MailSecurity): number {
  if (server === 'smtp') return security === 'tls' ? 465 : DEFAULT_SMTP_PORT;
  return DEFAULT_IMAP_PORTS[security];
}

export const MAIL_ACCOUNT_MAX = {
  emailAddress: 254,
  displayName: 200,
  host: 253,
  username: 254,
  password: 1000,
  signatureHtml: 20_000,
} as const;
export const SYNC_INTERVAL_RANGE = { min: 1, max: 1440 } as const;

/** Optional text: "", blank, null or absent → null; otherwise trimmed and at most `max` characters. */
export function optionalText(max: number) {
  return z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong(max));
}

/** One server of an account (IMAP or SMTP): also the organization's own SMTP server (src/shared/mail/sender-settings.ts). */
export const zEndpoint = z.object({
  host: z
    .string(err('mailAccounts.hostRequired'))
    .trim()
    .min(1, { ...err('mailAccounts.hostRequired'), abort: true })
    .max(MAIL_ACCOUNT_MAX.host, tooLong(MAIL_ACCOUNT_MAX.host))
    .refine((v) => /^[^\s/@]+$/.test(v), err('mailAccounts.hostInvalid')),
  port: z
    .number(err('mailAccounts.portInvalid'))
    .int(err('mailAccounts.portInvalid'))
    .min(1, err('mailAccounts.portInvalid'))
    .max(65535, err('mailAccounts.portInvalid')),
  security: z.enum(MAIL_SECURITIES, err('mailAccounts.securityInvalid')),
  username: z
    .string(err('mailAccounts.usernameRequired'))
    .trim()
    .min(1, err('mailAccounts.usernameRequired'))
    .max(MAIL_ACCOUNT_MAX.username, tooLong(MAIL_ACCOUNT_MAX.username)),
});
export type TMailEndpointInput = z.infer<typeof zEndpoint>;

/** A sending limit: a whole number of messages from 1 to 10,000,000, or none. */
const sendLimit = z
  .number(err('mailAccounts.limitInvalid'))
  .int(err('mailAccounts.limitInvalid'))
  .min(1, err('mailAccounts.limitInvalid'))
  .max(10_000_000, err('mailAccounts.limitInvalid'))
  .nullish()
  .transform((v) => v ?? null);

const accountFields = {
  emailAddress: z
    .string(err('mailAccounts.emailRequired'))
    .trim()
    .min(1, { ...err('mailAccounts.emailRequired'), abort: true })
    .max(MAIL_ACCOUNT_MAX.emailAddress, tooLong(MAIL_ACCOUNT_MAX.emailAddress))
    .refine(isSimpleEmail, err('mailAccounts.emailInvalid')),
  displayName: optionalText(MAIL_ACCOUNT_MAX.displayName),
  /** Sanitized by the server's allow-list when stored. */
  signatureHtml: optionalText(MAIL_ACCOUNT_MAX.signatureHtml),
  provider: z
    .enum(MAIL_PRESET_IDS, err('mailAccounts.providerInvalid'))
    .nullish()
    .transform((v) => v ?? null),
  imap: zEndpoint,
  smtp: zEndpoint,
  isPec: z.boolean().default(false),
  syncEnabled: z.boolean().default(true),
  syncIntervalMinutes: z
    .number(err('mailAccounts.intervalInvalid'))
    .int(err('mailAccounts.intervalInvalid'))
    .min(SYNC_INTERVAL_RANGE.min, err('mailAccounts.intervalInvalid'))
    .max(SYNC_INTERVAL_RANGE.max, err('mailAccounts.intervalInvalid'))
    .default(DEFAULT_SYNC_INTERVAL_MINUTES),
  /** The provider's sending limits (issue 16): messages over them wait until the window opens; null: none. */
  dailySendLimit: sendLimit,
  monthlySendLimit: sendLimit,
};

const password = z
  .string(err('mailAccounts.passwordRequired'))
  .min(1, err('mailAccounts.passwordRequired'))
  .max(MAIL_ACCOUNT_MAX.password, tooLong(MAIL_ACCOUNT_MAX.password));

/** A password that may be left out: absent or "" → undefined (keep / same as IMAP). */
export const optionalPassword = z
  .string()
  .max(MAIL_ACCOUNT_MAX.password, tooLong(MAIL_ACCOUNT_MAX.password))
  .optional()
  .transform((v) => (v ? v : undefined));

/** Security "none" sends the password in clear: only to a server on this machine (a local bridge or test server). */
function refineSecurity(value: { imap: TMailEndpointInput; smtp: TMailEndpointInput }, ctx: z.RefinementCtx) {
  for (const server of ['imap', 'smtp'] as const) {
    const endpoint = value[server];
    if (endpoint.security === 'none' && !isLocalHost(endpoint.host)) {
      ctx.addIssue({
        code: 'custom',
        path: [server, 'security'],
        message: 'mailAccounts.insecureRemote' satisfies MailAccountMessageKey,
      });
    }
  }
}

/** POST /mail/accounts and POST /mail/accounts/test: a new account. smtpPassword only when it differs. */
export const ZMailAccountInput = z
  .object({ ...accountFields, password, smtpPassword: optionalPassword })
  .superRefine(refineSecurity);
export type TMailAccountInput = z.infer<typeof ZMailAccountInput>;
export type TMailAccountFormValues = z.input<typeof ZMailAccountInput>;

/**
 * PATCH /mail/accounts/:id and POST /mail/accounts/:id/test: the whole form again; a password left empty keeps the
 * stored one. smtpPassword: empty keeps it, null removes it (SMTP logs in with the IMAP password again).
 */
export const ZMailAccountUpdate = z
  .object({
    ...accountFields,
    password: optionalPassword,
    smtpPassword: z
      .string()
      .max(MAIL_ACCOUNT_MAX.password, tooLong(MAIL_ACCOUNT_MAX.password))
      .nullish()
      .transform((v) => (v === null ? null : v ? v : undefined)),
  })
  .superRefine(refineSecurity);
export type TMailAccountUpdate = z.infer<typeof ZMailAccountUpdate>;

/** DELETE /mail/accounts/:id: the account's stored mail goes with it, so the caller confirms. */
export const ZMailAccountDelete = z.preprocess(
  (body) => body ?? {},
  z.object({ confirm: z.literal(true, err('mailAccounts.confirmRequired')) }),
);

const zEndpointAnswer = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITIES),
  username: z.string(),
});

/** An account as the API answers it: never a password, only whether SMTP has one of its own. */
export const ZMailAccount = z.object({
  id: z.string(),
  emailAddress: z.string(),
  displayName: z.string().nullable(),
  signatureHtml: z.string().nullable(),
  provider: z.string().nullable(),
  imap: zEndpointAnswer,
  smtp: zEndpointAnswer,
  hasSmtpPassword: z.boolean(),
  isPec: z.boolean(),
  syncEnabled: z.boolean(),
  syncIntervalMinutes: z.number().int(),
  dailySendLimit: z.number().int().nullable(),
  monthlySendLimit: z.number().int().nullable(),
  syncStatus: z.enum(MAIL_SYNC_STATUSES),
  syncErrorCode: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  syncProgress: z.custom<TMailProgress>().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMailAccount = z.infer<typeof ZMailAccount>;
export const ZMailAccountList = z.object({ items: z.array(ZMailAccount) });
export type TMailAccountList = z.infer<typeof ZMailAccountList>;

/** One side of a connection test: logged in, or the spec §8 class of the failure. */
export const ZMailServerCheck = z.object({
  ok: z.boolean(),
  code: z.enum(MAIL_ERROR_CODES).optional(),
});
export const ZMailConnectionTest = z.object({ imap: ZMailServerCheck, smtp: ZMailServerCheck });
export type TMailConnectionTest = z.infer<typeof ZMailConnectionTest>;
