import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './api.ts';
import i18n, { currentLanguage } from './i18n.ts';

/**
 * The text to show for a failed request: our error codes and the network failure in the interface
 * language; other 4xx messages as the server wrote them (it localises from Accept-Language); never a 5xx detail.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR || error.status === 0) return t('common:apiErrors.NETWORK_ERROR');
    if (error.code === 'RATE_LIMITED' && error.retryAfter) {
      return t('common:apiErrors.RATE_LIMITED_WAIT', { count: error.retryAfter, seconds: error.retryAfter });
    }
    // Every error code has its text in common.json (a test checks it); reading it there keeps the list of codes
    // out of the sign-in page's first load.
    const template: unknown = i18n.getResource(currentLanguage(), 'common', `apiErrors.${error.code}`);
    if (typeof template === 'string') {
      // A message with {{values}} (the invoice number, an amount) comes filled in by the server, already in
      // the interface language (Accept-Language); the others are translated here.
      if (template.includes('{{') && error.message) return error.message;
      return t(`common:apiErrors.${error.code}`);
    }
    if (error.status < 500 && error.message) return error.message;
    return t('common:apiErrors.INTERNAL');
  }
  return t('common:apiErrors.INTERNAL');
}
