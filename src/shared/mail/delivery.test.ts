import { describe, expect, it } from 'vitest';
import {
  classifySmtpError,
  isOutage,
  isRetryable,
  MAX_SEND_ATTEMPTS,
  OUTAGE_CHECK_MAX_MS,
  outageCheckDelayMs,
  retryDelayMs,
} from './delivery.ts';

const SECOND = 1000;
const noJitter = () => 0;
const fullJitter = () => 0.999999;

describe('retry policy (email-client spec §9)', () => {
  it('retries at most 3 times: four attempts in all', () => {
    expect(MAX_SEND_ATTEMPTS).toBe(4);
  });

  it('starts at 1 s and doubles', () => {
    expect([1, 2, 3].map((r) => retryDelayMs(r, noJitter))).toEqual([1, 2, 4].map((s) => s * SECOND));
  });

  it('never waits more than 30 s plus 10% jitter, however many retries', () => {
    for (let retry = 1; retry <= 50; retry++) {
      expect(retryDelayMs(retry, noJitter)).toBeLessThanOrEqual(30 * SECOND);
      expect(retryDelayMs(retry, fullJitter)).toBeLessThanOrEqual(33 * SECOND);
    }
    expect(retryDelayMs(10, noJitter)).toBe(30 * SECOND);
  });

  it('adds up to 10% jitter', () => {
    expect(retryDelayMs(2, () => 0.5)).toBe(2100);
    expect(retryDelayMs(2, fullJitter)).toBeLessThanOrEqual(2200);
  });

  it('checks an unreachable server again within 5 s, so delivery resumes within seconds of its return', () => {
    expect([1, 2, 3].map((n) => outageCheckDelayMs(n, noJitter))).toEqual([1000, 2000, 4000]);
    for (let n = 1; n <= 100; n++)
      expect(outageCheckDelayMs(n, fullJitter)).toBeLessThanOrEqual(OUTAGE_CHECK_MAX_MS);
  });
});

describe('classifySmtpError (email-client spec §8)', () => {
  it('calls a refused login AUTH_ERROR, which is not retried', () => {
    const code = classifySmtpError({
      code: 'EAUTH',
      responseCode: 535,
      command: 'AUTH PLAIN',
      message: 'Invalid login: 535 Authentication failed',
    });
    expect(code).toBe('AUTH_ERROR');
    expect(isRetryable(code)).toBe(false);
    expect(isOutage(code)).toBe(false);
    expect(classifySmtpError({ code: 'EAUTH', command: 'API' })).toBe('AUTH_ERROR');
    expect(classifySmtpError({ responseCode: 530, command: 'MAIL FROM' })).toBe('AUTH_ERROR');
  });

  it('calls an unreachable server CONNECTION_ERROR: retried, and an outage of the whole queue', () => {
    for (const failure of [
      { code: 'ESOCKET', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:2525' },
      { code: 'ECONNECTION', command: 'CONN' },
      { code: 'EDNS', command: 'CONN' },
      { code: 'ETIMEDOUT', command: 'CONN' },
    ]) {
      const code = classifySmtpError(failure);
      expect(code, failure.code).toBe('CONNECTION_ERROR');
      expect(isRetryable(code)).toBe(true);
      expect(isOutage(code)).toBe(true);
    }
  });

  it('retries temporary replies of the server for the message alone', () => {
    expect(classifySmtpError({ code: 'EMESSAGE', responseCode: 451, command: 'DATA' })).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(classifySmtpError({ responseCode: 421, command: 'DATA' })).toBe('SERVICE_UNAVAILABLE');
    expect(classifySmtpError({ responseCode: 450, message: '450 Too many messages, rate limited' })).toBe(
      'RATE_LIMIT_ERROR',
    );
    expect(classifySmtpError({ responseCode: 452, command: 'RCPT TO' })).toBe('QUOTA_EXCEEDED');
    expect(classifySmtpError({ code: 'ETIMEDOUT', command: 'DATA' })).toBe('TIMEOUT_ERROR');
    for (const code of [
      'SERVICE_UNAVAILABLE',
      'RATE_LIMIT_ERROR',
      'QUOTA_EXCEEDED',
      'TIMEOUT_ERROR',
    ] as const) {
      expect(isRetryable(code)).toBe(true);
      expect(isOutage(code)).toBe(false);
    }
  });

  it('fails permanent refusals at once with their class', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })).toBe(
      'RECIPIENT_NOT_FOUND',
    );
    expect(classifySmtpError({ code: 'EMESSAGE', responseCode: 552, command: 'DATA' })).toBe(
      'ATTACHMENT_TOO_LARGE',
    );
    expect(classifySmtpError({ responseCode: 554, command: 'DATA', message: '554 rejected as spam' })).toBe(
      'SPAM_DETECTED',
    );
    expect(classifySmtpError({ code: 'EENVELOPE', message: 'No recipients defined' })).toBe(
      'INVALID_EMAIL_FORMAT',
    );
    expect(classifySmtpError({ message: 'something odd' })).toBe('UNKNOWN_ERROR');
    for (const code of [
      'RECIPIENT_NOT_FOUND',
      'ATTACHMENT_TOO_LARGE',
      'SPAM_DETECTED',
      'UNKNOWN_ERROR',
    ] as const)
      expect(isRetryable(code)).toBe(false);
  });
});
