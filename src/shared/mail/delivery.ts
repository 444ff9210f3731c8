/**
 * Outgoing mail delivery rules: the error classes of email-client spec §8 and the retry policy of §9.
 * Pure; the SMTP dispatcher (src/server/platform/mail.ts) applies them, the web shows the classes.
 */

/** Error classes of spec §8 that an SMTP delivery can end in. */
export const MAIL_ERROR_CODES = [
  'NETWORK_ERROR',
  'CONNECTION_ERROR',
  'TIMEOUT_ERROR',
  'AUTH_ERROR',
  'RATE_LIMIT_ERROR',
  'QUOTA_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'INVALID_EMAIL_FORMAT',
  'ATTACHMENT_TOO_LARGE',
  'RECIPIENT_NOT_FOUND',
  'SPAM_DETECTED',
  'UNKNOWN_ERROR',
] as const;
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[number];

/** A stored class read back; anything unknown reads as UNKNOWN_ERROR. */
export function asMailErrorCode(code: string | null): MailErrorCode | null {
  if (!code) return null;
  return (MAIL_ERROR_CODES as readonly string[]).includes(code) ? (code as MailErrorCode) : 'UNKNOWN_ERROR';
}

/** Spec §8: network, timeout, rate limit, temporary server, connection, quota and service unavailable retry. */
const RETRYABLE = new Set<MailErrorCode>([
  'NETWORK_ERROR',
  'CONNECTION_ERROR',
  'TIMEOUT_ERROR',
  'RATE_LIMIT_ERROR',
  'QUOTA_EXCEEDED',
  'SERVICE_UNAVAILABLE',
]);
export function isRetryable(code: MailErrorCode): boolean {
  return RETRYABLE.has(code);
}

/**
 * The server cannot be reached at all: no message is at fault, so none spends an attempt. The dispatcher
 * holds the queue and checks the server again every few seconds until it answers.
 */
export function isOutage(code: MailErrorCode): boolean {
  return code === 'CONNECTION_ERROR' || code === 'NETWORK_ERROR';
}

/**
 * The provider is failing (spec §8 "Email provider experiencing issues. Emails will be queued for delivery."): a
 * message waits for another attempt after one of these. Our own sending limits (QUOTA_EXCEEDED) are not trouble.
 */
export const PROVIDER_TROUBLE_CODES = [
  'NETWORK_ERROR',
  'CONNECTION_ERROR',
  'TIMEOUT_ERROR',
  'RATE_LIMIT_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly MailErrorCode[];

/** Spec §9: at most 3 retries, base delay 1 s, multiplier 2, at most 30 s, plus up to 10% jitter. */
export const RETRY_POLICY = {
  maxRetries: 3,
  baseMs: 1000,
  multiplier: 2,
  maxMs: 30_000,
  jitter: 0.1,
} as const;
/** The first attempt and its retries. */
export const MAX_SEND_ATTEMPTS = 1 + RETRY_POLICY.maxRetries;

/** Delay before retry number `retry` (1 = the first retry); `random` in [0, 1) gives the jitter. */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const { baseMs, multiplier, maxMs, jitter } = RETRY_POLICY;
  const delay = Math.min(baseMs * multiplier ** Math.max(0, retry - 1), maxMs);
  return Math.round(delay * (1 + jitter * random()));
}

/**
 * While the server is unreachable the dispatcher checks it again after the same growing delay, capped
 * lower (a refused connection costs nothing), so delivery resumes within seconds of the server's return.
 */
export const OUTAGE_CHECK_MAX_MS = 5_000;
export function outageCheckDelayMs(check: number, random: () => number = Math.random): number {
  return Math.min(retryDelayMs(check, random), OUTAGE_CHECK_MAX_MS);
}

/** What nodemailer tells of a failure: its error code, the SMTP reply code and the command that failed. */
export type SmtpFailure = { code?: string; responseCode?: number; command?: string; message?: string };

const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'ETLS']);
const CONNECTION_PHASE = new Set(['CONN', 'GREETING', 'EHLO', 'HELO', 'STARTTLS']);

/** Maps an SMTP failure to a spec §8 class. */
export function classifySmtpError(failure: SmtpFailure): MailErrorCode {
  const { code, responseCode, command } = failure;
  const text = (failure.message ?? '').toLowerCase();
  if (code === 'EAUTH' || code === 'ENOAUTH' || responseCode === 535 || responseCode === 534)
    return 'AUTH_ERROR';
  if (responseCode === 530 || (command?.startsWith('AUTH') && responseCode && responseCode >= 500))
    return 'AUTH_ERROR';
  if (code === 'ETIMEDOUT')
    return command && !CONNECTION_PHASE.has(command) ? 'TIMEOUT_ERROR' : 'CONNECTION_ERROR';
  if (code && CONNECTION_CODES.has(code) && !responseCode) return 'CONNECTION_ERROR';
  if (responseCode === 421) return 'SERVICE_UNAVAILABLE';
  if (responseCode && responseCode >= 400 && responseCode < 500) {
    if (/rate|too many|throttl/.test(text)) return 'RATE_LIMIT_ERROR';
    if (responseCode === 452) return 'QUOTA_EXCEEDED';
    return 'SERVICE_UNAVAILABLE';
  }
  if (responseCode === 552 || /too large|size limit/.test(text)) return 'ATTACHMENT_TOO_LARGE';
  if (responseCode === 550 || responseCode === 551 || responseCode === 553) {
    if (/spam|blocked|policy|reject/.test(text) && command !== 'RCPT TO') return 'SPAM_DETECTED';
    return 'RECIPIENT_NOT_FOUND';
  }
  if (responseCode === 554 && /spam|policy/.test(text)) return 'SPAM_DETECTED';
  if (code === 'EENVELOPE') return 'INVALID_EMAIL_FORMAT';
  if (code && CONNECTION_CODES.has(code)) return 'CONNECTION_ERROR';
  return 'UNKNOWN_ERROR';
}
