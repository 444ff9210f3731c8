import { describe, expect, it } from 'vitest';
import { isFreshRead, REPEAT_AFTER_MS } from './use-code-reader.ts';

describe('isFreshRead (continuous camera)', () => {
  const last = { code: 'https://app.example/rsvp/abc', at: 10_000 };

  it('accepts the first code read', () => {
    expect(isFreshRead(null, 'A', 0)).toBe(true);
  });

  it('drops the same code read again within the repeat window', () => {
    expect(isFreshRead(last, last.code, last.at + 150)).toBe(false);
    expect(isFreshRead(last, last.code, last.at + REPEAT_AFTER_MS - 1)).toBe(false);
  });

  it('accepts the same code once the window has passed, and another code at once', () => {
    expect(isFreshRead(last, last.code, last.at + REPEAT_AFTER_MS)).toBe(true);
    expect(isFreshRead(last, 'https://app.example/rsvp/xyz', last.at + 1)).toBe(true);
  });

  it('honours a custom window', () => {
    expect(isFreshRead(last, last.code, last.at + 500, 400)).toBe(true);
    expect(isFreshRead(last, last.code, last.at + 300, 400)).toBe(false);
  });
});
