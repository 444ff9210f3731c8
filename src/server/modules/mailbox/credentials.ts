import type { SealedBox } from '../../platform/sealed-box.ts';
import type { ImapEndpoint } from './imap-client.ts';

/** The sealed box purpose of mail account passwords (app.ts builds `services.mailCredentials` with it). */
export const MAIL_CREDENTIALS_PURPOSE = 'mail-credentials';

/** The columns of a mail_accounts row that connecting needs. */
export type AccountConnection = {
  imapHost: string;
  imapPort: number;
  imapSecurity: ImapEndpoint['security'];
  imapUsername: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: ImapEndpoint['security'];
  smtpUsername: string;
  passwordSealed: string;
  smtpPasswordSealed: string | null;
};

/** The account's IMAP and SMTP endpoints with their passwords unsealed: kept in memory only while connecting. */
export function endpointsOf(
  account: AccountConnection,
  box: SealedBox,
): { imap: ImapEndpoint; smtp: ImapEndpoint } {
  const password = box.open(account.passwordSealed);
  return {
    imap: {
      host: account.imapHost,
      port: account.imapPort,
      security: account.imapSecurity,
      username: account.imapUsername,
      password,
    },
    smtp: {
      host: account.smtpHost,
      port: account.smtpPort,
      security: account.smtpSecurity,
      username: account.smtpUsername,
      password: account.smtpPasswordSealed ? box.open(account.smtpPasswordSealed) : password,
    },
  };
}
