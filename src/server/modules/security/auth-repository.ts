import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { session, twoFactor, user, verification } from '../../db/schema/auth.ts';

/** Reads and writes on better-auth's tables for step-up and the audit of its endpoints. */

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.id ?? null;
}

export async function findUserEmail(db: DbOrTx, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

export async function findTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  return row?.twoFactorEnabled ?? false;
}

/** The user's TOTP secret (encrypted by better-auth) and whether its setup was confirmed. */
export async function findTotpSecret(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row;
}

/** The value of a verification record (the user id of a pending two-factor sign-in). */
export async function findVerificationValue(db: DbOrTx, identifier: string) {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, identifier));
  return row?.value ?? null;
}

/** The session of a session token, with its user's id and e-mail. */
export async function findSessionByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ sessionId: session.id, userId: user.id, email: user.email })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  return row;
}

export async function markSessionReverified(db: DbOrTx, sessionId: string, at: Date) {
  await db.update(session).set({ reverifiedAt: at }).where(eq(session.id, sessionId));
}
