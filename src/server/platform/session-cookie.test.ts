import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedSessionToken } from './session-cookie.ts';

const SECRET = 'test-secret-0123456789abcdefghijklmnop';
const NAME = 'gestionale.session_token';
/** As better-call's signCookieValue writes it. */
const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('signedSessionToken', () => {
  it('returns the token of a cookie signed with the secret, among other cookies', () => {
    const header = `theme=dark; ${NAME}=${signed('abc123')}; other=1`;
    expect(signedSessionToken(header, NAME, SECRET)).toBe('abc123');
  });

  it('reads a quoted value and keeps the first cookie of the name', () => {
    expect(
      signedSessionToken(`${NAME}="${signed('first')}"; ${NAME}=${signed('second')}`, NAME, SECRET),
    ).toBe('first');
  });

  it('refuses a missing cookie, another secret, a changed token and a malformed signature', () => {
    expect(signedSessionToken(undefined, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`x=${signed('abc')}`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=${signed('abc', 'another-secret')}`, NAME, SECRET)).toBeNull();
    const [, signature] = decodeURIComponent(signed('abc')).split('.');
    expect(signedSessionToken(`${NAME}=${encodeURIComponent(`abd.${signature}`)}`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=abc.short=`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=abc`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
  });
});
