import { describe, expect, it } from 'vitest';
import { writtenMailStatus } from './mail-delivery.tsx';

describe('writtenMailStatus (issue 12 §10)', () => {
  it('never calls a message only written to the outbox "sent"', () => {
    expect(writtenMailStatus('outbox')).toBe('stored');
    expect(writtenMailStatus('smtp')).toBe('queued');
    // Before the configuration has loaded nothing is known either: queued, not sent.
    expect(writtenMailStatus(undefined)).toBe('queued');
  });
});
