import { describe, expect, it } from 'vitest';
import { CHANNELS, parseClientMessage } from './messages.ts';

describe('parseClientMessage', () => {
  it('accepts the three client messages', () => {
    expect(CHANNELS).toContain('notifications');
    expect(parseClientMessage('{"type":"SUBSCRIBE","channel":"notifications"}')).toEqual({
      ok: true,
      message: { type: 'SUBSCRIBE', channel: 'notifications' },
    });
    expect(parseClientMessage('{"type":"UNSUBSCRIBE","channel":"notifications"}')).toEqual({
      ok: true,
      message: { type: 'UNSUBSCRIBE', channel: 'notifications' },
    });
    expect(parseClientMessage('{"type":"HEARTBEAT"}')).toEqual({ ok: true, message: { type: 'HEARTBEAT' } });
  });

  it('drops unknown extra fields of a valid message', () => {
    expect(parseClientMessage('{"type":"HEARTBEAT","extra":1}')).toEqual({
      ok: true,
      message: { type: 'HEARTBEAT' },
    });
  });

  it.each([
    ['not JSON', 'hello'],
    ['truncated JSON', '{"type":"HEARTBEAT"'],
    ['empty frame', ''],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"HEARTBEAT"'],
    ['an array', '[{"type":"HEARTBEAT"}]'],
    ['no type', '{"channel":"notifications"}'],
    ['a non-string type', '{"type":7}'],
    ['SUBSCRIBE without channel', '{"type":"SUBSCRIBE"}'],
    ['SUBSCRIBE to an unknown channel', '{"type":"SUBSCRIBE","channel":"payroll"}'],
    ['UNSUBSCRIBE with a numeric channel', '{"type":"UNSUBSCRIBE","channel":1}'],
  ])('answers MALFORMED_MESSAGE for %s', (_label, raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'MALFORMED_MESSAGE' });
  });

  it.each([
    '{"type":"SUBSCRIBE_REPORT","reportId":"r1"}',
    '{"type":"REQUEST_REAL_TIME_DATA","metrics":[]}',
    '{"type":"heartbeat"}',
    '{"type":""}',
  ])('answers UNKNOWN_MESSAGE for an unknown type: %s', (raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'UNKNOWN_MESSAGE' });
  });
});
