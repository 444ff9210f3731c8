import { describe, expect, it } from 'vitest';
import { classifyImapError } from './mail-errors.ts';

describe('IMAP error classes (spec §8)', () => {
  it.each([
    [{ authenticationFailed: true, message: 'Authentication failed' }, 'AUTH_ERROR'],
    [{ serverResponseCode: 'AUTHENTICATIONFAILED' }, 'AUTH_ERROR'],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'CONNECTION_ERROR'],
    [{ code: 'NoConnection' }, 'CONNECTION_ERROR'],
    [{ code: 'CONNECT_TIMEOUT' }, 'CONNECTION_ERROR'],
    [{ code: 'ETIMEOUT', message: 'Socket timeout' }, 'TIMEOUT_ERROR'],
    [{ code: 'ETHROTTLE' }, 'RATE_LIMIT_ERROR'],
    [{ serverResponseCode: 'OVERQUOTA' }, 'QUOTA_EXCEEDED'],
    [{ serverResponseCode: 'UNAVAILABLE' }, 'SERVICE_UNAVAILABLE'],
    [{ message: 'Command failed' }, 'UNKNOWN_ERROR'],
    [undefined, 'UNKNOWN_ERROR'],
  ])('%o → %s', (error, expected) => {
    expect(classifyImapError(error)).toBe(expected);
  });
});
