import type { FastifyInstance } from 'fastify';
import { createOTP } from '@better-auth/utils/otp';
import { base32 } from '@better-auth/utils/base32';
import { PASSWORD, api, type SignedIn } from './test-app.ts';

/** The authenticator app's current code for the base32 secret of an otpauth URI (RFC 6238, 6 digits, 30 s). */
export function totpFor(secret: string): Promise<string> {
  return createOTP(base32.decode(secret.toUpperCase()), { digits: 6, period: 30 }).totp();
}

/** A 6-digit code that is valid in no step of the verification window (previous, current, next). */
export async function wrongTotpFor(secret: string): Promise<string> {
  const otp = createOTP(base32.decode(secret.toUpperCase()), { digits: 6, period: 30 });
  const step = Math.floor(Date.now() / 30_000);
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => otp.hotp(step + offset))));
  for (let n = 0; ; n++) {
    const candidate = String((123_456 + n * 111_111) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

export type TwoFactorUser = SignedIn & { secret: string; backupCodes: string[] };

/**
 * Turns two-factor on for a signed-in user through the product's routes; the session cookie is the rotated one.
 */
export async function enableTwoFactor(app: FastifyInstance, signed: SignedIn): Promise<TwoFactorUser> {
  const setup = await api(app, signed.cookie).post('/api/v1/security/two-factor/enable', {
    password: PASSWORD,
  });
  if (setup.statusCode !== 200) throw new Error(`enable failed: ${setup.statusCode} ${setup.body}`);
  const { secret, backupCodes } = setup.json() as { secret: string; backupCodes: string[] };
  const verified = await api(app, signed.cookie).post('/api/v1/security/two-factor/verify', {
    code: await totpFor(secret),
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const rotated = cookieOf(verified.headers['set-cookie']);
  return { ...signed, cookie: rotated ?? signed.cookie, secret, backupCodes };
}

/** The session cookie among Set-Cookie headers (expired ones are left out). */
export function cookieOf(setCookie: string | string[] | undefined): string | null {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const pairs = list
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0]!.trim())
    .filter((pair) => pair.length > 0 && !pair.endsWith('='));
  return pairs.length ? pairs.join('; ') : null;
}
