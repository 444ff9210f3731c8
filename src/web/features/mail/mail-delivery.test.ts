import { describe, expect, it } from 'vitest';
import { deliveryNote, writtenMailStatus } from './mail-delivery.tsx';

describe('writtenMailStatus (issue 12 §10)', () => {
  it('never calls a message only written to the outbox "sent"', () => {
    expect(writtenMailStatus('outbox')).toBe('stored');
    expect(writtenMailStatus('smtp')).toBe('queued');
    // Before the configuration has loaded nothing is known either: queued, not sent.
    expect(writtenMailStatus(undefined)).toBe('queued');
  });
});

describe('deliveryNote', () => {
  // The keys and their values, as i18next would give them (enough to tell which text was chosen).
  const t = ((key: string, values?: Record<string, string>) =>
    values ? `${key} ${JSON.stringify(values)}` : key) as unknown as Parameters<typeof deliveryNote>[0];
  const failed = { status: 'failed', errorCode: 'AUTH_ERROR', lastError: '535' } as const;

  it('names the account’s settings, not SMTP_URL, when an account’s own server refused the login', () => {
    expect(deliveryNote(t, failed)).toContain('mail:errors.AUTH_ERROR');
    expect(deliveryNote(t, failed, { viaAccount: true })).toContain('mail:accountAuthError');
    expect(deliveryNote(t, { ...failed, errorCode: 'TIMEOUT_ERROR' }, { viaAccount: true })).toContain(
      'mail:errors.TIMEOUT_ERROR',
    );
  });

  it('says when a scheduled message leaves, in the organization’s time zone', () => {
    const note = deliveryNote(
      t,
      { status: 'scheduled', errorCode: null, lastError: null, sendAt: '2026-12-01T08:00:00.000Z' },
      { timeZone: 'Europe/Rome' },
    );
    expect(note).toContain('mail:note.scheduled');
    expect(note).toMatch(/\b9:00/);
  });
});
