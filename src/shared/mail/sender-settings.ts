import { z } from 'zod';
import { isSimpleEmail } from '../business-profile/profile-rules.ts';
import type { FieldKey } from '../i18n/catalogue.ts';
import { tooLong } from '../errors/field-messages.ts';
import { isLocalHost, optionalPassword, optionalText, zEndpoint } from '../mailbox/accounts.ts';
import { MAIL_SECURITIES } from '../mailbox/types.ts';

/**
 * The organization's sender (issue 16): who the app's own mail (quotes, invoices, reminders, invitations, team
 * invitations) is from, where replies go, and which server sends it: the installation's (SMTP_URL, the fallback)
 * or the business's own SMTP server. Field messages are keys of the `fields` catalogue, sections `mailSender` and
 * `mailAccounts`. The answer never carries the password.
 */

export const SENDER_TRANSPORTS = ['installation', 'smtp'] as const;
export type TSenderTransport = (typeof SENDER_TRANSPORTS)[number];

type Key = Extract<FieldKey, `mailSender.${string}` | `mailAccounts.${string}`>;
const err = (key: Key) => ({ error: key });

const optionalAddress = z
  .string()
  .nullish()
  .transform((v) => v?.trim().toLowerCase() || null)
  .refine((v) => v === null || v.length <= 254, tooLong(254))
  .refine((v) => v === null || isSimpleEmail(v), err('mailSender.addressInvalid'));

export const ZSenderSettingsInput = z
  .object({
    /** The name the mail is from; null: the business's name. */
    senderName: optionalText(200),
    /** The address it is from; null: the installation's (MAIL_FROM). Required with the business's own server. */
    senderAddress: optionalAddress,
    /** Where replies go; null: the business profile's e-mail. */
    replyTo: optionalAddress,
    transport: z.enum(SENDER_TRANSPORTS, err('mailSender.transportInvalid')),
    /** The business's own SMTP server, when transport is smtp. */
    smtp: zEndpoint.nullish().transform((v) => v ?? null),
    /** Absent or "": keep the stored one. */
    password: optionalPassword,
  })
  .superRefine((v, ctx) => {
    if (v.transport !== 'smtp') return;
    if (!v.smtp)
      ctx.addIssue({ code: 'custom', path: ['smtp', 'host'], message: 'mailAccounts.hostRequired' });
    else if (v.smtp.security === 'none' && !isLocalHost(v.smtp.host))
      ctx.addIssue({ code: 'custom', path: ['smtp', 'security'], message: 'mailAccounts.insecureRemote' });
    if (!v.senderAddress)
      ctx.addIssue({ code: 'custom', path: ['senderAddress'], message: 'mailSender.addressRequired' });
  });
export type TSenderSettingsInput = z.input<typeof ZSenderSettingsInput>;
export type TSenderSettingsRequest = z.output<typeof ZSenderSettingsInput>;

export const ZSenderSettings = z.object({
  senderName: z.string().nullable(),
  senderAddress: z.string().nullable(),
  replyTo: z.string().nullable(),
  transport: z.enum(SENDER_TRANSPORTS),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      security: z.enum(MAIL_SECURITIES),
      username: z.string(),
    })
    .nullable(),
  /** A password is stored for the business's server (it is never answered). */
  hasPassword: z.boolean(),
  /** What applies when a field is empty, and whether the installation has a server at all. */
  defaults: z.object({
    name: z.string(),
    address: z.string(),
    replyTo: z.string().nullable(),
    installationServer: z.boolean(),
  }),
});
export type TSenderSettings = z.infer<typeof ZSenderSettings>;

/** The test message: sent now, to the signed-in user, through the server the settings name. */
export const ZSenderTestResult = z.object({
  sentTo: z.string(),
  from: z.string(),
  /** The server's answer (250 …). */
  response: z.string(),
});
export type TSenderTestResult = z.infer<typeof ZSenderTestResult>;

/** Whether the organization's own mail is sent by a server (its own, or the installation's) or kept in the app. */
export const ZOrganizationMailMode = z.object({
  mailMode: z.enum(['outbox', 'smtp']),
  /** Mail the user can see waits because its server is failing (spec §8 "Email provider experiencing issues"). */
  providerIssues: z.boolean(),
});
export type TOrganizationMailMode = z.infer<typeof ZOrganizationMailMode>;
