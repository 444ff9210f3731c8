import { describe, expect, it } from 'vitest';
import { CHANNELS, REAL_TIME_METRICS, parseClientMessage } from './messages.ts';

describe('parseClientMessage', () => {
  it('accepts the four client messages', () => {
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
    expect(
      parseClientMessage(
        '{"type":"REQUEST_REAL_TIME_DATA","metrics":["invoicedToday","unreadNotifications"]}',
      ),
    ).toEqual({
      ok: true,
      message: { type: 'REQUEST_REAL_TIME_DATA', metrics: ['invoicedToday', 'unreadNotifications'] },
    });
  });

  it('asks for every metric there is, each once', () => {
    const all = parseClientMessage(
      JSON.stringify({ type: 'REQUEST_REAL_TIME_DATA', metrics: REAL_TIME_METRICS }),
    );
    expect(all).toEqual({
      ok: true,
      message: { type: 'REQUEST_REAL_TIME_DATA', metrics: [...REAL_TIME_METRICS] },
    });
    expect(parseClientMessage('{"type":"REQUEST_REAL_TIME_DATA","metrics":["overdue","overdue"]}')).toEqual({
      ok: true,
      message: { type: 'REQUEST_REAL_TIME_DATA', metrics: ['overdue'] },
    });
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
    ['REQUEST_REAL_TIME_DATA without metrics', '{"type":"REQUEST_REAL_TIME_DATA"}'],
    ['REQUEST_REAL_TIME_DATA with no metric', '{"type":"REQUEST_REAL_TIME_DATA","metrics":[]}'],
    [
      'REQUEST_REAL_TIME_DATA with an unknown metric',
      '{"type":"REQUEST_REAL_TIME_DATA","metrics":["payroll"]}',
    ],
    [
      'REQUEST_REAL_TIME_DATA with metrics not a list',
      '{"type":"REQUEST_REAL_TIME_DATA","metrics":"overdue"}',
    ],
    [
      'REQUEST_REAL_TIME_DATA with more entries than metrics',
      JSON.stringify({ type: 'REQUEST_REAL_TIME_DATA', metrics: Array(6).fill('overdue') }),
    ],
  ])('answers MALFORMED_MESSAGE for %s', (_label, raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'MALFORMED_MESSAGE' });
  });

  it.each([
    '{"type":"SUBSCRIBE_REPORT","reportId":"r1"}',
    '{"type":"request_real_time_data","metrics":["overdue"]}',
    '{"type":"heartbeat"}',
    '{"type":""}',
  ])('answers UNKNOWN_MESSAGE for an unknown type: %s', (raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'UNKNOWN_MESSAGE' });
  });
});
