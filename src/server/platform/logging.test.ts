import { describe, expect, it } from 'vitest';
import { scrubText, serializeError } from './logging.ts';

describe('log scrubbing', () => {
  it('drops the parameters of a failed query from the message and the stack', () => {
    const err = new Error('Failed query: select * from session where token = $1\nparams: s3cr3t-token,other');
    Object.assign(err, {
      params: ['s3cr3t-token'],
      detail: 'Key (token)=(s3cr3t-token) exists',
      code: '08006',
    });
    const out = JSON.stringify(serializeError(new Error('wrapped', { cause: err })));
    expect(out).not.toContain('s3cr3t-token');
    expect(out).toContain('params: [redacted]');
    expect(out).toContain('08006');
  });

  it('keeps the route of a link but not its token', () => {
    expect(scrubText('GET /api/public/rsvp/AbC_123-xyz?lang=it')).toBe(
      'GET /api/public/rsvp/[redacted]?lang=it',
    );
    expect(scrubText('/api/public/calendar/tok.ics')).toBe('/api/public/calendar/[redacted]');
    expect(scrubText('/api/auth/reset-password?token=abc&x=1')).toBe(
      '/api/auth/reset-password?token=[redacted]&x=1',
    );
    expect(scrubText('/api/v1/clients?q=rossi')).toBe('/api/v1/clients?q=rossi');
  });
});
