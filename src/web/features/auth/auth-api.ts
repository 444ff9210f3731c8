import { useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '@shared/organizations/contracts.ts';
import { api } from '@web/app/api.ts';

/** better-auth's endpoints under /api/auth (API-CONTRACT-DRAFT.md), called through the app's fetch wrapper. */
/** With two-factor on, the password alone answers `twoFactorRedirect`: the code comes next. */
export function signIn(email: string, password: string) {
  return api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    body: { email, password, rememberMe: true },
  });
}

/** The second step of a sign-in: a code of the authenticator app, or a backup code (used once). */
export function verifySignInCode(method: 'totp' | 'backup_code', code: string) {
  const path = method === 'totp' ? 'verify-totp' : 'verify-backup-code';
  return api(`/api/auth/two-factor/${path}`, { body: { code } });
}

export function signUp(name: string, email: string, password: string) {
  return api('/api/auth/sign-up/email', { body: { name, email, password } });
}

export function signOut() {
  return api('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Mails a link to /login?resetToken=… (single use, valid 1 hour). */
export function requestPasswordReset(email: string) {
  return api('/api/auth/request-password-reset', { body: { email, redirectTo: '/login' } });
}

export function resetPassword(token: string, newPassword: string) {
  return api('/api/auth/reset-password', { body: { token, newPassword } });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<TPublicConfig>('/api/v1/public/config'),
    staleTime: Infinity,
  });
}

/** better-auth's codes for the sign-in forms, as translation keys of the auth namespace. */
const AUTH_CODES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth:errors.invalidCredentials',
  INVALID_PASSWORD: 'auth:errors.invalidCredentials',
  USER_NOT_FOUND: 'auth:errors.invalidCredentials',
  USER_ALREADY_EXISTS: 'auth:errors.userExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth:errors.userExists',
  PASSWORD_POLICY: 'forms:password.rule',
  PASSWORD_TOO_SHORT: 'forms:password.rule',
  PASSWORD_TOO_LONG: 'forms:password.rule',
  INVALID_TOKEN: 'auth:errors.invalidToken',
  INVALID_EMAIL: 'forms:errors.email',
  // The second factor (better-auth's two-factor plugin).
  INVALID_CODE: 'common:apiErrors.INVALID_VERIFICATION_CODE',
  INVALID_BACKUP_CODE: 'common:apiErrors.INVALID_VERIFICATION_CODE',
  ACCOUNT_TEMPORARILY_LOCKED: 'common:apiErrors.TWO_FACTOR_LOCKED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'security:signIn.expired',
  INVALID_TWO_FACTOR_COOKIE: 'security:signIn.expired',
};

/** better-auth codes after which the second step cannot go on: the password must be given again. */
export const SIGN_IN_RESTART_CODES: ReadonlySet<string> = new Set([
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'INVALID_TWO_FACTOR_COOKIE',
]);

export function authErrorKey(code: string): string | undefined {
  return AUTH_CODES[code];
}
