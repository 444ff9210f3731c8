import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../../platform/db.ts';
import { findTotpSecret } from './auth-repository.ts';

/** TOTP parameters of better-auth's two-factor plugin (RFC 6238: 6 digits, 30 s). */
const TOTP = { digits: 6, period: 30 } as const;

/**
 * Checks a TOTP code against the user's enabled secret, for step-up (better-auth's own endpoint
 * would also rotate the session). The secret is stored encrypted by better-auth with the auth secret.
 */
export async function verifyTotpCode(
  { db, authSecret }: { db: Db; authSecret: string },
  { userId, code }: { userId: string; code: string },
) {
  const row = await findTotpSecret(db, userId);
  if (!row || !row.verified || !/^\d{6}$/.test(code)) return false;
  const secret = await symmetricDecrypt({ key: authSecret, data: row.secret });
  return createOTP(secret, TOTP).verify(code);
}
