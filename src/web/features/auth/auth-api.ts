import { useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '@shared/organizations/contracts.ts';
import { api } from '@web/app/api.ts';

/** better-auth's endpoints under /api/auth (API-CONTRACT-DRAFT.md), called through the app's fetch wrapper. */
export function signIn(email: string, password: string) {
  return api('/api/auth/sign-in/email', { body: { email, password, rememberMe: true } });
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
};

export function authErrorKey(code: string): string | undefined {
  return AUTH_CODES[code];
}
