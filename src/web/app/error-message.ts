import type { TFunction } from 'i18next';
import { ERROR_CODES } from '@shared/errors/error-codes.ts';
import { ApiError, NETWORK_ERROR } from './api.ts';

/**
 * The text to show for a failed request: our error codes and the network failure in the interface
 * language; other 4xx messages as the server wrote them (it localises from Accept-Language); never a 5xx detail.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR || error.status === 0) return t('common:apiErrors.NETWORK_ERROR');
    if (error.code === 'RATE_LIMITED' && error.retryAfter) {
      return t('common:apiErrors.RATE_LIMITED_WAIT', { seconds: error.retryAfter });
    }
    if (Object.hasOwn(ERROR_CODES, error.code)) {
      // A message with {placeholders} (the invoice number, an amount) comes filled in by the server, already in
      // the interface language (Accept-Language); the others are translated here.
      const template: string = ERROR_CODES[error.code as keyof typeof ERROR_CODES].en;
      if (template.includes('{') && error.message) return error.message;
      return t(`common:apiErrors.${error.code}`);
    }
    if (error.status < 500 && error.message) return error.message;
    return t('common:apiErrors.INTERNAL');
  }
  return t('common:apiErrors.INTERNAL');
}
