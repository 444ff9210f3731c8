import { z } from 'zod';
import { ROLES } from '../auth/permissions.ts';
import { ZBusinessProfileInput } from '../business-profile/contracts.ts';
import { isValidTimeZone } from '../dates/dates.ts';
import { ZInvoicingSettings } from '../invoicing/contracts.ts';
import { SYSTEM_TEMPLATE_KEYS } from '../mail/templates.ts';
import { isValidNumberPattern } from '../invoicing/numbering.ts';
import { zPage } from '../pagination/pagination.ts';

/**
 * Settings backup and restore (email-client spec §3 "security backup"; issue 7).
 *
 * The file: `{ format: 'gestionale-settings-backup', version: 1, organizationName, createdAt, data }` where data
 * holds the business profile (no logo), the invoicing settings, the organization's own versions of the e-mail
 * templates, the preferences (time zone, negative stock) and the members' roles by e-mail. A section absent from
 * an uploaded file is left as it is; every section a backup of this version writes is present.
 */
export const BACKUP_FORMAT = 'gestionale-settings-backup';
export const BACKUP_VERSION = 1;
/** An uploaded file larger than this is refused before reading it (a backup is a few kilobytes). */
export const BACKUP_MAX_BYTES = 2_000_000;

export const BACKUP_SECTIONS = [
  'businessProfile',
  'invoicingSettings',
  'emailTemplates',
  'preferences',
  'roles',
] as const;
export type BackupSection = (typeof BACKUP_SECTIONS)[number];

export const BACKUP_KINDS = ['backup', 'restore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** The profile fields a backup carries, in the order the preview lists them. */
export const BACKUP_PROFILE_FIELDS = [
  'companyName',
  'businessType',
  'industry',
  'taxId',
  'vatNumber',
  'codiceFiscale',
  'taxRegime',
  'pec',
  'website',
  'phone',
  'email',
  'street',
  'city',
  'state',
  'province',
  'postalCode',
  'country',
  'employeeCount',
  'description',
] as const;
export type BackupProfileField = (typeof BACKUP_PROFILE_FIELDS)[number];

export const BACKUP_INVOICING_FIELDS = [
  'invoiceNumberPattern',
  'creditNoteNumberPattern',
  'quoteNumberPattern',
  'quoteValidityDays',
  'stampDutyChargedToClient',
  'automaticReminders',
  'reminderEveryDays',
  'pdfTemplate',
  'iban',
  'bankName',
  'defaultWithholding',
  'defaultPensionFund',
] as const satisfies readonly (keyof z.output<typeof ZInvoicingSettings>)[];

export const BACKUP_PREFERENCE_FIELDS = ['timeZone', 'allowNegativeStock'] as const;

/** The same rules as the profile form; the company name must be there (a restore never clears it). */
export const ZBackupBusinessProfile = ZBusinessProfileInput.refine((p) => p.companyName !== undefined, {
  path: ['companyName'],
  message: 'onboarding.errors.companyNameRequired',
});

export const ZBackupInvoicingSettings = ZInvoicingSettings.superRefine((s, ctx) => {
  for (const field of ['invoiceNumberPattern', 'creditNoteNumberPattern', 'quoteNumberPattern'] as const) {
    if (!isValidNumberPattern(s[field])) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'invoicing.errors.numberPatternInvalid' });
    }
  }
});

export const ZBackupEmailTemplate = z.object({
  key: z.enum(SYSTEM_TEMPLATE_KEYS),
  language: z.enum(['it', 'en']),
  subject: z.string().trim().min(1).max(200),
  contentText: z.string().trim().min(1).max(10_000),
  /** The HTML version, where the organization wrote one (sanitized again when restored). */
  contentHtml: z.string().max(100_000).nullish(),
});
export type TBackupEmailTemplate = z.output<typeof ZBackupEmailTemplate>;

export const ZBackupPreferences = z.object({
  timeZone: z.string().max(64).refine(isValidTimeZone, { message: 'Unknown time zone' }),
  allowNegativeStock: z.boolean(),
});
export type TBackupPreferences = z.output<typeof ZBackupPreferences>;

export const ZBackupRole = z.object({
  email: z
    .email()
    .max(320)
    .transform((v) => v.toLowerCase()),
  role: z.enum(ROLES),
});
export type TBackupRole = z.output<typeof ZBackupRole>;

function unique<T>(values: readonly T[]) {
  return new Set(values).size === values.length;
}

export const ZBackupData = z.object({
  businessProfile: ZBackupBusinessProfile.nullable().optional(),
  invoicingSettings: ZBackupInvoicingSettings.optional(),
  emailTemplates: z
    .array(ZBackupEmailTemplate)
    .max(SYSTEM_TEMPLATE_KEYS.length * 2)
    .refine((list) => unique(list.map((t) => `${t.key}.${t.language}`)), {
      message: 'The same template appears twice',
    })
    .optional(),
  preferences: ZBackupPreferences.optional(),
  roles: z
    .array(ZBackupRole)
    .max(10_000)
    .refine((list) => unique(list.map((r) => r.email)), { message: 'The same e-mail appears twice' })
    .optional(),
});
export type TBackupData = z.output<typeof ZBackupData>;

/** The envelope alone, checked first so an unrelated JSON file gets a plain answer. */
export const ZBackupEnvelope = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  organizationName: z.string().max(200),
  createdAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});

export const ZBackupFile = ZBackupEnvelope.extend({ data: ZBackupData });
export type TBackupFile = z.output<typeof ZBackupFile>;

// ─── API ───────────────────────────────────────────────────────────────────────────────────────────────────

export const ZBackupSummary = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** Bytes of the stored snapshot: about the size of the downloaded file. */
  sizeBytes: z.number().int(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type TBackupSummary = z.output<typeof ZBackupSummary>;

export const ZBackupPage = zPage(ZBackupSummary);
export type TBackupPage = z.output<typeof ZBackupPage>;

/** Preview and restore take the uploaded file's text, or one of the stored backups. */
export const ZBackupSource = z
  .object({
    content: z.string().max(BACKUP_MAX_BYTES).optional(),
    backupId: z.uuid().optional(),
  })
  .refine((s) => (s.content === undefined) !== (s.backupId === undefined), {
    message: 'Give either the file content or a backup id',
  });
export type TBackupSource = z.input<typeof ZBackupSource>;

export const ZChangeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TChangeValue = z.output<typeof ZChangeValue>;

/**
 * One difference: `field` is the field name (profile, invoicing, preferences), `key.language.subject` or
 * `key.language.contentText` for templates, the member's e-mail for roles.
 */
export const ZBackupChange = z.object({ field: z.string(), current: ZChangeValue, backup: ZChangeValue });
export type TBackupChange = z.output<typeof ZBackupChange>;

export const ROLE_SKIP_REASONS = ['not_member', 'own_role', 'not_assignable', 'last_super_admin'] as const;
export type RoleSkipReason = (typeof ROLE_SKIP_REASONS)[number];

export const ZBackupSectionChanges = z.object({
  section: z.enum(BACKUP_SECTIONS),
  /** False when the file has no such section: it stays as it is. */
  included: z.boolean(),
  changes: z.array(ZBackupChange),
});
export type TBackupSectionChanges = z.output<typeof ZBackupSectionChanges>;

export const ZBackupPreview = z.object({
  organizationName: z.string(),
  createdAt: z.string(),
  /** The file names another organization: restoring copies its settings here. */
  otherOrganization: z.boolean(),
  sections: z.array(ZBackupSectionChanges),
  totalChanges: z.number().int(),
  /** Roles of the file that are not applied, and why. */
  skippedRoles: z.array(
    z.object({ email: z.string(), role: z.enum(ROLES), reason: z.enum(ROLE_SKIP_REASONS) }),
  ),
});
export type TBackupPreview = z.output<typeof ZBackupPreview>;

export const ZBackupRestoreResult = ZBackupPreview.extend({
  /** The snapshot of the settings as they were just before: restoring it undoes this restore. */
  undoBackup: ZBackupSummary,
});
export type TBackupRestoreResult = z.output<typeof ZBackupRestoreResult>;
