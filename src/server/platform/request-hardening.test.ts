import { describe, expect, it } from 'vitest';
import { normaliseRequestUrl } from './request-hardening.ts';

describe('normaliseRequestUrl', () => {
  it.each([
    ['/api/auth/./organization/list-members', '/api/auth/organization/list-members'],
    ['/api/auth/x/../organization/list-members?a=1', '/api/auth/organization/list-members?a=1'],
    ['/api/auth/%2e/sign-in/email', '/api/auth/sign-in/email'],
    ['/api/auth/%2E%2e/x', '/api/x'],
    ['/api/auth/.%2E/x', '/api/x'],
    ['/../../api/v1/clients', '/api/v1/clients'],
    ['/api//v1///clients', '/api/v1/clients'],
    ['/api\\v1\\clients', '/api/v1/clients'],
    ['/api/v1/clients/.', '/api/v1/clients/'],
    ['/api/v1/clients/x/..', '/api/v1/clients/'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseRequestUrl(raw)).toEqual({ url: expected, refused: false });
  });

  it('leaves ordinary paths, dots inside names and the query untouched', () => {
    for (const raw of [
      '/api/v1/clients?q=a/../b',
      '/files/report.v2.pdf',
      '/api/v1/x..y',
      '/',
      '/api/v1/%C3%A8',
    ]) {
      expect(normaliseRequestUrl(raw)).toEqual({ url: raw, refused: false });
    }
  });

  it('refuses an encoded slash, backslash or NUL in the path, but not in the query', () => {
    expect(normaliseRequestUrl('/api/auth/organization%2Flist-members').refused).toBe(true);
    expect(normaliseRequestUrl('/api/auth/organization%5Clist-members').refused).toBe(true);
    expect(normaliseRequestUrl('/api/v1/clients/a%00').refused).toBe(true);
    expect(normaliseRequestUrl('/api/v1/clients?q=a%2Fb').refused).toBe(false);
  });
});
