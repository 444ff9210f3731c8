import nodemailer, { type Transporter } from 'nodemailer';
import { classifySmtpError, type SmtpFailure } from '@shared/mail/delivery.ts';
import type {
  TSenderSettings,
  TSenderSettingsRequest,
  TSenderTestResult,
} from '@shared/mail/sender-settings.ts';
import type { MailSecurity } from '@shared/mailbox/types.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { addressOf, fromHeader, type OrganizationSenders } from '../../platform/mail.ts';
import { senderOf } from '../../platform/outbox-repository.ts';
import type { SealedBox } from '../../platform/sealed-box.ts';
import { openSmtp } from '../mailbox/index.ts';
import * as repo from './sender-settings-repository.ts';

/**
 * The organization's sender (issue 16, Settings → Email sending): who the app's own mail is from, where replies
 * go, and the business's own SMTP server when it has one. Without settings the business's name goes out at the
 * installation's address through the installation's server (SMTP_URL), or the mail is kept in the app.
 */

export type SenderDeps = {
  db: Db;
  mailCredentials: SealedBox;
  /** The installation's From (MAIL_FROM) and server (SMTP_URL), the fallbacks. */
  installationFrom: string;
  installationSmtpUrl: string | undefined;
};

type Smtp = { host: string; port: number; security: MailSecurity; username: string; password: string };

function smtpOf(row: repo.SenderSettingsRow | undefined, box: SealedBox): Smtp | null {
  if (row?.transport !== 'smtp' || !row.smtpHost || !row.smtpPort || !row.smtpUsername) return null;
  if (!row.smtpPasswordSealed) return null;
  try {
    return {
      host: row.smtpHost,
      port: row.smtpPort,
      security: row.smtpSecurity as MailSecurity,
      username: row.smtpUsername,
      password: box.open(row.smtpPasswordSealed),
    };
  } catch {
    return null; // sealed with another server secret: as if not set
  }
}

async function defaultsOf(deps: SenderDeps, orgId: string) {
  const business = await senderOf(deps.db, orgId);
  return {
    name: business?.companyName?.trim() || business?.orgName?.trim() || '',
    address: addressOf(deps.installationFrom),
    replyTo: business?.email?.trim() || null,
    installationServer: !!deps.installationSmtpUrl,
  };
}

export async function getSenderSettings(deps: SenderDeps, orgId: string): Promise<TSenderSettings> {
  const [row, defaults] = await Promise.all([
    repo.findSenderSettings(deps.db, orgId),
    defaultsOf(deps, orgId),
  ]);
  return {
    senderName: row?.senderName ?? null,
    senderAddress: row?.senderAddress ?? null,
    replyTo: row?.replyTo ?? null,
    transport: row?.transport === 'smtp' ? 'smtp' : 'installation',
    smtp:
      row?.smtpHost && row.smtpPort && row.smtpUsername
        ? {
            host: row.smtpHost,
            port: row.smtpPort,
            security: row.smtpSecurity as MailSecurity,
            username: row.smtpUsername,
          }
        : null,
    hasPassword: !!row?.smtpPasswordSealed,
    defaults,
  };
}

/** The password a request means: the one typed, else the stored one; own server without any: a field error. */
async function passwordFor(deps: SenderDeps, orgId: string, input: TSenderSettingsRequest) {
  if (input.transport !== 'smtp') return null;
  if (input.password) return input.password;
  const row = await repo.findSenderSettings(deps.db, orgId);
  if (row?.smtpPasswordSealed) {
    try {
      return deps.mailCredentials.open(row.smtpPasswordSealed);
    } catch {
      /* unreadable: asked again below */
    }
  }
  throw new AppError('VALIDATION_ERROR', [{ path: 'password', message: 'mailAccounts.passwordRequired' }]);
}

export async function saveSenderSettings(
  deps: SenderDeps,
  scope: { orgId: string; userId: string },
  input: TSenderSettingsRequest,
): Promise<TSenderSettings> {
  const password = await passwordFor(deps, scope.orgId, input);
  const own = input.transport === 'smtp' ? input.smtp : null;
  await repo.saveSenderSettings(deps.db, {
    organizationId: scope.orgId,
    senderName: input.senderName,
    senderAddress: input.senderAddress,
    replyTo: input.replyTo,
    transport: input.transport,
    smtpHost: own?.host ?? null,
    smtpPort: own?.port ?? null,
    smtpSecurity: own?.security ?? null,
    smtpUsername: own?.username ?? null,
    smtpPasswordSealed: password ? deps.mailCredentials.seal(password) : null,
    updatedBy: scope.userId,
    updatedAt: new Date(),
  });
  return getSenderSettings(deps, scope.orgId);
}

/**
 * Sends a test message now, to the signed-in user, through the server the settings name (saved or as typed), from
 * the sender they give. The server's answer comes back; a failure is MAIL_TEST_FAILED with its class and words.
 */
export async function testSender(
  deps: SenderDeps,
  scope: { orgId: string; userId: string; email: string },
  input: TSenderSettingsRequest,
): Promise<TSenderTestResult> {
  const defaults = await defaultsOf(deps, scope.orgId);
  const name = input.senderName || defaults.name;
  const address = input.senderAddress || defaults.address;
  const from = name ? fromHeader(name, address) : address;
  let transport: Transporter;
  if (input.transport === 'smtp') {
    const password = await passwordFor(deps, scope.orgId, input);
    transport = openSmtp({ ...input.smtp!, password: password! });
  } else {
    if (!deps.installationSmtpUrl) throw new AppError('MAIL_SERVER_MISSING');
    transport = nodemailer.createTransport(deps.installationSmtpUrl);
  }
  try {
    const info = await transport.sendMail({
      from,
      to: scope.email,
      replyTo: input.replyTo || defaults.replyTo || undefined,
      subject: `Messaggio di prova / Test message — ${name || address}`,
      text: [
        'Questo è un messaggio di prova delle impostazioni di invio. Se lo leggi, la posta dell’app parte da qui.',
        '',
        'This is a test message of the sending settings. If you can read it, the app’s mail leaves from here.',
      ].join('\n'),
    });
    return { sentTo: scope.email, from, response: String(info.response ?? '').slice(0, 500) };
  } catch (err) {
    const failure = (err ?? {}) as SmtpFailure;
    const words = err instanceof Error ? err.message : String(err);
    const code = classifySmtpError({ ...failure, message: words });
    throw new AppError('MAIL_TEST_FAILED', [{ path: 'smtp', message: words.slice(0, 300), code }]);
  } finally {
    transport.close();
  }
}

/** The port the dispatcher asks (platform/mail.ts): each organization's sender and its own server. */
export function organizationSenders(deps: Pick<SenderDeps, 'db' | 'mailCredentials'>): OrganizationSenders {
  return {
    async identity(orgId) {
      const row = await repo.findSenderSettings(deps.db, orgId);
      if (!row) return null;
      return {
        name: row.senderName,
        address: row.senderAddress,
        replyTo: row.replyTo,
        ownSmtp: smtpOf(row, deps.mailCredentials) !== null,
      };
    },
    async open(orgId) {
      const smtp = smtpOf(await repo.findSenderSettings(deps.db, orgId), deps.mailCredentials);
      return smtp ? openSmtp(smtp) : null;
    },
  };
}

/** outbox: the organization's mail is kept in the app (no server of its own, none for the installation). */
export async function organizationMailMode(deps: SenderDeps, orgId: string): Promise<'outbox' | 'smtp'> {
  if (deps.installationSmtpUrl) return 'smtp';
  const row = await repo.findSenderSettings(deps.db, orgId);
  return smtpOf(row, deps.mailCredentials) ? 'smtp' : 'outbox';
}
