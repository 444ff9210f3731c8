import { useTranslation } from 'react-i18next';
import { ApiError } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { authErrorKey } from './auth-api.ts';

/** The sign-in page's forms: what an e-mail must look like, their field errors, the text of a refusal. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors = Partial<Record<'email' | 'password' | 'confirm', string>>;

export function useErrorText() {
  const { t } = useTranslation(['auth', 'forms', 'common', 'security']);
  return (error: unknown) => {
    if (error instanceof ApiError) {
      const key = authErrorKey(error.code);
      if (key) return t(key);
    }
    return apiErrorMessage(error, t);
  };
}
