import type { MailErrorCode } from '@shared/mail/delivery.ts';
import type { ImapFlowError } from 'imapflow';

/**
 * Maps an IMAP failure (imapflow's error, or the socket's) to a spec §8 class. SMTP failures have their own map,
 * classifySmtpError in src/shared/mail/delivery.ts; the retry policy of both is that file's RETRY_POLICY.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ETIMEOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
]);

export function classifyImapError(err: unknown): MailErrorCode {
  const e = (err ?? {}) as Partial<ImapFlowError> & { code?: string };
  const text = `${e.message ?? ''} ${e.responseText ?? ''}`.toLowerCase();
  if (e.authenticationFailed || e.serverResponseCode === 'AUTHENTICATIONFAILED') return 'AUTH_ERROR';
  if (e.serverResponseCode === 'OVERQUOTA' || /quota/.test(text)) return 'QUOTA_EXCEEDED';
  if (e.code === 'ETHROTTLE' || /too many|throttl|rate limit/.test(text)) return 'RATE_LIMIT_ERROR';
  if (e.serverResponseCode === 'UNAVAILABLE' || e.serverResponseCode === 'INUSE')
    return 'SERVICE_UNAVAILABLE';
  if (e.code && TIMEOUT_CODES.has(e.code)) {
    // A connection that never opened is the server's absence, not a slow answer.
    return e.code === 'CONNECT_TIMEOUT' || e.code === 'GREETING_TIMEOUT'
      ? 'CONNECTION_ERROR'
      : 'TIMEOUT_ERROR';
  }
  if (e.tlsFailed || (e.code && CONNECTION_CODES.has(e.code))) return 'CONNECTION_ERROR';
  if (/econnrefused|connection (closed|reset|refused)|socket/.test(text)) return 'CONNECTION_ERROR';
  if (/timed? ?out/.test(text)) return 'TIMEOUT_ERROR';
  return 'UNKNOWN_ERROR';
}
