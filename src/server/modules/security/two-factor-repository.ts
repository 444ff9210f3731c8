import { and, eq, like } from 'drizzle-orm';
import { twoFactor, user, verification } from '../../db/schema/auth.ts';
import type { DbOrTx } from '../../db/database.ts';

/** better-auth's "trusted device" records start with this identifier (two-factor plugin). */
const TRUST_DEVICE_PREFIX = 'trust-device-';

/** Whether two-factor is on, and the user's row of better-auth's two_factor table (secrets stay encrypted). */
export async function findTwoFactorState(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      enabled: user.twoFactorEnabled,
      verified: twoFactor.verified,
      backupCodes: twoFactor.backupCodes,
    })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Turns two-factor off: the flag, the secret and every backup code, and any trusted-device record. */
export async function clearTwoFactor(db: DbOrTx, userId: string) {
  await db.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${TRUST_DEVICE_PREFIX}%`)));
}

/** Replaces the whole set of backup codes (already encrypted); false when two-factor has no row. */
export async function replaceBackupCodes(db: DbOrTx, userId: string, encrypted: string) {
  const updated = await db
    .update(twoFactor)
    .set({ backupCodes: encrypted })
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)))
    .returning({ id: twoFactor.id });
  return updated.length > 0;
}
