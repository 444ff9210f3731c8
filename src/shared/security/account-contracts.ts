import { z } from 'zod';

/**
 * One's own account security (issue 7, email-client spec §3 and §9): two-factor authentication with an
 * authenticator app (TOTP, RFC 6238), backup codes, and the list of one's sessions.
 */

/** Backup codes: 8 per set, each used once (better-auth writes 6 characters as `xxxxx-x`). */
export const BACKUP_CODES_PER_SET = 8;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** A setup was started (secret and codes issued) but not yet confirmed with a code. */
  pending: z.boolean(),
  /** Unused backup codes left; null when two-factor is off. */
  backupCodesRemaining: z.number().int().nonnegative().nullable(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const ZTwoFactorEnableRequest = z.object({ password: z.string().min(1).max(256) });
export type TTwoFactorEnableRequest = z.input<typeof ZTwoFactorEnableRequest>;

/** What the setup shows once: scan the QR code or type the secret, and keep the backup codes. */
export const ZTwoFactorSetup = z.object({
  /** otpauth://totp/… for authenticator apps. */
  totpUri: z.string(),
  /** The base32 secret of the URI, to type by hand. */
  secret: z.string(),
  /** The URI as a QR code: an SVG data URL. */
  qrCode: z.string(),
  backupCodes: z.array(z.string()),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const ZTwoFactorCodeRequest = z.object({
  code: z.string().trim().regex(TOTP_CODE_PATTERN, { error: 'Expected a 6-digit code' }),
});
export type TTwoFactorCodeRequest = z.input<typeof ZTwoFactorCodeRequest>;

export const ZBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type TBackupCodes = z.infer<typeof ZBackupCodes>;

/**
 * A backup code as typed: spaces dropped, and the dash better-auth writes after the fifth character put
 * back when it was left out (`abcdef` → `abcde-f`). Codes are case-sensitive.
 */
export function normalizeBackupCode(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return /^[A-Za-z0-9]{6}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

/** The TOTP code as typed: digits only (spaces and dashes some apps show are dropped). */
export function normalizeTotpCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

/** Backup codes as a text file to keep (one per line, with a short header). */
export function backupCodesText(codes: readonly string[], header: readonly string[]): string {
  return [...header, '', ...codes, ''].join('\n');
}

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export const ZDeviceType = z.enum(DEVICE_TYPES);
export type TDeviceType = z.infer<typeof ZDeviceType>;

export const ZAccountSession = z.object({
  id: z.string(),
  /** The session of this request. */
  current: z.boolean(),
  browser: z.string().nullable(),
  browserVersion: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: ZDeviceType,
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionList = z.object({ items: z.array(ZAccountSession) });
export type TAccountSessionList = z.infer<typeof ZAccountSessionList>;

export const ZSessionIdParams = z.object({ id: z.string().min(1).max(128) });

export const ZRevokedSessions = z.object({ revoked: z.number().int().nonnegative() });
export type TRevokedSessions = z.infer<typeof ZRevokedSessions>;
