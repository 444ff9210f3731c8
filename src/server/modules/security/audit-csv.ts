import { toCsv } from '@shared/imports/csv.ts';
import type { Locale } from '@shared/errors/error-codes.ts';
import { isAuditAction, type AuditAction, type AuditSeverity } from '@shared/security/audit.ts';
import type { TAuditLogEntry, TAuditPerson } from '@shared/security/audit-contracts.ts';

/**
 * The audit log as CSV, like the ledger export: UTF-8 with a BOM (Excel reads the accents), `;` in Italian and
 * `,` in English, CRLF lines, cells that start like a formula neutralised (user agents and e-mails come from
 * outside). Times are written in the organization's time zone, named in the header.
 * The same labels as public/locales/{it,en}/audit.json `actions` (a test keeps them equal).
 */
export const AUDIT_ACTION_LABELS: Record<Locale, Record<AuditAction, string>> = {
  it: {
    sign_in: 'Accesso',
    sign_in_failed: 'Accesso non riuscito',
    sign_out: 'Uscita',
    two_factor_enabled: 'Verifica in due passaggi attivata',
    two_factor_disabled: 'Verifica in due passaggi disattivata',
    two_factor_failed: 'Codice di verifica errato',
    backup_codes_regenerated: 'Codici di backup rigenerati',
    backup_code_used: 'Codice di backup usato',
    step_up_verified: 'Identità confermata',
    step_up_failed: 'Conferma dell’identità non riuscita',
    session_revoked: 'Sessione chiusa',
    sessions_revoked_others: 'Altre sessioni chiuse',
    password_changed: 'Password cambiata',
    member_invited: 'Membro invitato',
    invitation_cancelled: 'Invito annullato',
    invitation_accepted: 'Invito accettato',
    role_changed: 'Ruolo cambiato',
    member_removed: 'Membro rimosso',
    member_left: 'Membro uscito dall’organizzazione',
    member_signed_out: 'Membro disconnesso da tutti i dispositivi',
    audit_log_exported: 'Registro attività esportato',
    settings_backup_created: 'Backup delle impostazioni creato',
    settings_restored: 'Impostazioni ripristinate',
    personal_data_exported: 'Dati personali esportati',
    organization_data_exported: 'Dati dell’organizzazione esportati',
    account_deleted: 'Account eliminato',
    organization_deleted: 'Organizzazione eliminata',
    data_exported: 'Dati esportati',
    data_deleted: 'Dati eliminati',
    mail_account_added: 'Account di posta collegato',
    mail_account_removed: 'Account di posta rimosso',
    mail_encryption_failed: 'Un messaggio riservato non è stato cifrato (inviato senza cifratura)',
  },
  en: {
    sign_in: 'Sign-in',
    sign_in_failed: 'Failed sign-in',
    sign_out: 'Sign-out',
    two_factor_enabled: 'Two-factor authentication enabled',
    two_factor_disabled: 'Two-factor authentication disabled',
    two_factor_failed: 'Wrong verification code',
    backup_codes_regenerated: 'Backup codes regenerated',
    backup_code_used: 'Backup code used',
    step_up_verified: 'Identity confirmed',
    step_up_failed: 'Identity confirmation failed',
    session_revoked: 'Session signed out',
    sessions_revoked_others: 'Other sessions signed out',
    password_changed: 'Password changed',
    member_invited: 'Member invited',
    invitation_cancelled: 'Invitation cancelled',
    invitation_accepted: 'Invitation accepted',
    role_changed: 'Role changed',
    member_removed: 'Member removed',
    member_left: 'Member left the organization',
    member_signed_out: 'Member signed out of all devices',
    audit_log_exported: 'Audit log exported',
    settings_backup_created: 'Settings backup created',
    settings_restored: 'Settings restored',
    personal_data_exported: 'Personal data exported',
    organization_data_exported: 'Organization data exported',
    account_deleted: 'Account deleted',
    organization_deleted: 'Organization deleted',
    data_exported: 'Data exported',
    data_deleted: 'Data deleted',
    mail_account_added: 'Mail account connected',
    mail_account_removed: 'Mail account removed',
    mail_encryption_failed: 'A confidential message could not be encrypted (sent unencrypted)',
  },
};

export const AUDIT_SEVERITY_LABELS: Record<Locale, Record<AuditSeverity, string>> = {
  it: { LOW: 'Bassa', MEDIUM: 'Media', HIGH: 'Alta' },
  en: { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' },
};

function headers(locale: Locale, timeZone: string) {
  return locale === 'it'
    ? [
        `Data e ora (${timeZone})`,
        'Azione',
        'Gravità',
        'Utente',
        'Utente interessato',
        'Indirizzo IP',
        'User agent',
        'Dettagli',
      ]
    : [
        `Date and time (${timeZone})`,
        'Action',
        'Severity',
        'User',
        'Target user',
        'IP address',
        'User agent',
        'Details',
      ];
}

/** `2026-03-05 11:00:00` in the zone: sortable, and read as a date by spreadsheets. */
export function wallClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

function person(p: TAuditPerson | null): string {
  if (!p) return '';
  const email = p.email ?? '';
  if (p.name && email) return `${p.name} <${email}>`;
  return p.name ?? email ?? p.id ?? '';
}

export function actionLabel(action: string, locale: Locale): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[locale][action] : action;
}

export function auditCsv(entries: readonly TAuditLogEntry[], locale: Locale, timeZone: string): string {
  return toCsv(
    headers(locale, timeZone),
    entries.map((e) => [
      wallClock(new Date(e.createdAt), timeZone),
      actionLabel(e.action, locale),
      AUDIT_SEVERITY_LABELS[locale][e.severity],
      person(e.user),
      person(e.targetUser),
      e.ipAddress,
      e.userAgent,
      Object.keys(e.details).length ? JSON.stringify(e.details) : '',
    ]),
    { delimiter: locale === 'it' ? ';' : ',' },
  );
}

export function auditCsvFileName(locale: Locale, now: Date, timeZone: string): string {
  const day = wallClock(now, timeZone).slice(0, 10);
  return `${locale === 'it' ? 'registro-attivita' : 'audit-log'}-${day}.csv`;
}
