import type { MailSecurity } from './types.ts';

/**
 * Server settings of the common providers (issue 15): picking one fills host, port and security of IMAP and SMTP.
 * Sources: the providers' own configuration pages and Thunderbird's ISPDB (github.com/thunderbird/autoconfig).
 * `note` names a text of the `mail-accounts` namespace (presetNotes.<note>) shown beside the password field, where
 * the provider asks for an app password (or a dedicated password) instead of the account's own.
 */
export type MailServerPreset = { host: string; port: number; security: MailSecurity };

export const MAIL_PRESET_NOTES = [
  'appPassword',
  'microsoft',
  'appleAppPassword',
  'pecDedicated',
  'checkServers',
] as const;
export type MailPresetNote = (typeof MAIL_PRESET_NOTES)[number];

export type MailPreset = {
  id: string;
  name: string;
  imap: MailServerPreset;
  smtp: MailServerPreset;
  /** Certified mail (PEC): the account is marked as PEC when this preset is picked. */
  isPec: boolean;
  /** The IMAP login is the address without the domain (iCloud: SMTP still takes the whole address). */
  usernameIsLocalPart?: boolean;
  note: MailPresetNote | null;
};

const tls = (host: string, port = 993): MailServerPreset => ({ host, port, security: 'tls' });
const starttls = (host: string, port = 587): MailServerPreset => ({ host, port, security: 'starttls' });

export const MAIL_PRESETS = [
  {
    id: 'gmail',
    name: 'Gmail',
    imap: tls('imap.gmail.com'),
    smtp: starttls('smtp.gmail.com'),
    isPec: false,
    note: 'appPassword',
  },
  {
    id: 'outlook',
    name: 'Outlook / Microsoft 365',
    imap: tls('outlook.office365.com'),
    smtp: starttls('smtp.office365.com'),
    isPec: false,
    note: 'microsoft',
  },
  {
    id: 'icloud',
    name: 'iCloud Mail',
    imap: tls('imap.mail.me.com'),
    smtp: starttls('smtp.mail.me.com'),
    isPec: false,
    usernameIsLocalPart: true,
    note: 'appleAppPassword',
  },
  {
    id: 'libero',
    name: 'Libero Mail',
    imap: tls('imapmail.libero.it'),
    smtp: tls('smtp.libero.it', 465),
    isPec: false,
    note: 'appPassword',
  },
  {
    id: 'virgilio',
    name: 'Virgilio Mail',
    imap: tls('in.virgilio.it'),
    smtp: tls('out.virgilio.it', 465),
    isPec: false,
    note: null,
  },
  {
    id: 'aruba',
    name: 'Aruba (posta del dominio)',
    imap: tls('imaps.aruba.it'),
    smtp: tls('smtps.aruba.it', 465),
    isPec: false,
    note: null,
  },
  {
    id: 'register',
    name: 'Register.it',
    imap: tls('imap.securemail.pro'),
    smtp: tls('authsmtp.securemail.pro', 465),
    isPec: false,
    // Not confirmed from a published guide here: the note asks the user to compare with the provider's.
    note: 'checkServers',
  },
  {
    id: 'aruba-pec',
    name: 'Aruba PEC',
    imap: tls('imaps.pec.aruba.it'),
    smtp: tls('smtps.pec.aruba.it', 465),
    isPec: true,
    note: 'pecDedicated',
  },
  {
    id: 'legalmail',
    name: 'Legalmail (InfoCert)',
    imap: tls('mbox.cert.legalmail.it'),
    smtp: tls('sendm.cert.legalmail.it', 465),
    isPec: true,
    note: null,
  },
  {
    id: 'poste-pec',
    name: 'Poste PEC (Postecert)',
    imap: tls('imaps.postecert.it'),
    smtp: tls('relay.postecert.it', 465),
    isPec: true,
    note: 'checkServers',
  },
] as const satisfies readonly MailPreset[];

export type MailPresetId = (typeof MAIL_PRESETS)[number]['id'];
export const MAIL_PRESET_IDS = MAIL_PRESETS.map((p) => p.id) as [MailPresetId, ...MailPresetId[]];

export function findPreset(id: string | null | undefined): MailPreset | undefined {
  return MAIL_PRESETS.find((p) => p.id === id);
}

/** The login a preset expects for an address on its IMAP or SMTP server. */
export function presetUsername(preset: MailPreset, emailAddress: string, server: 'imap' | 'smtp'): string {
  const address = emailAddress.trim();
  return server === 'imap' && preset.usernameIsLocalPart ? (address.split('@')[0] ?? address) : address;
}
