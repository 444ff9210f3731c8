import QRCode from 'qrcode';
import { isAPIError } from 'better-auth/api';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { TTwoFactorSetup, TTwoFactorStatus } from '@shared/security/account-contracts.ts';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, type Auth } from '../../platform/auth.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clearTwoFactor, findTwoFactorState, replaceBackupCodes } from './two-factor-repository.ts';

export interface TwoFactorDeps {
  db: Db;
  auth: Auth;
  /** better-auth's secret: its two-factor plugin encrypts the secret and the backup codes with it. */
  authSecret: string;
}

/** Who acts and from where, for the audit entry. */
export type Actor = Required<Pick<AuditEntry, 'userId' | 'userEmail' | 'ipAddress' | 'userAgent'>>;

/** better-auth's error code of a refused `auth.api` call, or null for anything else. */
function authErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

async function countBackupCodes(authSecret: string, encrypted: string): Promise<number> {
  try {
    const codes: unknown = JSON.parse(await symmetricDecrypt({ key: authSecret, data: encrypted }));
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}

export async function twoFactorStatus(
  deps: TwoFactorDeps,
  { userId }: { userId: string },
): Promise<TTwoFactorStatus> {
  const state = await findTwoFactorState(deps.db, userId);
  const enabled = state?.enabled === true && state.verified === true;
  return {
    enabled,
    pending: !enabled && state?.verified === false,
    backupCodesRemaining:
      enabled && state?.backupCodes ? await countBackupCodes(deps.authSecret, state.backupCodes) : null,
  };
}

/** The otpauth URI as an SVG QR code (data URL), dark modules on white so it scans in dark mode too. */
async function qrCodeOf(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Starts the setup (password confirmed by better-auth): a new secret and a new set of backup codes, stored
 * encrypted but not active until `confirmTwoFactorSetup` receives a valid code. Starting again replaces both.
 */
export async function startTwoFactorSetup(
  deps: TwoFactorDeps,
  input: { userId: string; password: string; headers: Headers },
): Promise<TTwoFactorSetup> {
  if ((await twoFactorStatus(deps, input)).enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  let result: Awaited<ReturnType<Auth['api']['enableTwoFactor']>>;
  try {
    result = await deps.auth.api.enableTwoFactor({
      body: { password: input.password },
      headers: input.headers,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_PASSWORD') throw new AppError('INVALID_PASSWORD');
    if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
    throw error;
  }
  if (result.method !== 'totp') throw new AppError('INTERNAL');
  const totpUri = result.totpURI;
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  if (!secret) throw new AppError('INTERNAL');
  return { totpUri, secret, qrCode: await qrCodeOf(totpUri), backupCodes: result.backupCodes };
}

/**
 * Confirms the setup with a code of the authenticator app (better-auth's verify-totp, which turns two-factor
 * on and rotates the session: the new session cookie is returned to be sent on). The audit entries
 * (two_factor_enabled, two_factor_failed) are written by the auth after-hook (auth-audit.ts).
 */
export async function confirmTwoFactorSetup(
  deps: TwoFactorDeps,
  input: { userId: string; code: string; headers: Headers },
): Promise<{ cookies: string[] }> {
  const status = await twoFactorStatus(deps, input);
  if (status.enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (!status.pending) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  try {
    const { headers } = await deps.auth.api.verifyTOTP({
      body: { code: input.code },
      headers: input.headers,
      returnHeaders: true,
    });
    return { cookies: headers?.getSetCookie() ?? [] };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'INVALID_CODE') throw new AppError('INVALID_VERIFICATION_CODE');
    if (code === 'ACCOUNT_TEMPORARILY_LOCKED') throw new AppError('TWO_FACTOR_LOCKED');
    if (code === 'TOTP_NOT_ENABLED') throw new AppError('TWO_FACTOR_NOT_ENABLED');
    throw error;
  }
}

/** Turns two-factor off and clears the secret and every backup code (the route asks for a step-up first). */
export async function disableTwoFactor(deps: TwoFactorDeps, actor: Actor): Promise<void> {
  const userId = actor.userId!;
  if (!(await twoFactorStatus(deps, { userId })).enabled) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, userId);
    await recordAudit(tx, { ...actor, action: 'two_factor_disabled', organizationId: null });
  });
}

/** A new set of 8 backup codes in better-auth's format (`xxxxx-x`), each usable once. */
function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = generateRandomString(BACKUP_CODE_LENGTH, 'a-z', '0-9', 'A-Z');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * Replaces the backup codes with a new set, shown once (the route asks for a step-up first). Stored as
 * better-auth stores them (encrypted JSON), so its verify-backup-code endpoint accepts them.
 */
export async function regenerateBackupCodes(deps: TwoFactorDeps, actor: Actor): Promise<string[]> {
  const userId = actor.userId!;
  if (!(await twoFactorStatus(deps, { userId })).enabled) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  const codes = newBackupCodes();
  const encrypted = await symmetricEncrypt({ key: deps.authSecret, data: JSON.stringify(codes) });
  await deps.db.transaction(async (tx) => {
    if (!(await replaceBackupCodes(tx, userId, encrypted))) throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await recordAudit(tx, {
      ...actor,
      action: 'backup_codes_regenerated',
      organizationId: null,
      details: { count: codes.length },
    });
  });
  return codes;
}
