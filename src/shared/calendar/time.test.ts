import { describe, expect, it } from 'vitest';
import { eventInstants, occurrenceInstants } from './time.ts';

const ROME = 'Europe/Rome';

describe('occurrence instants', () => {
  it('gives an all-day event 23 hours on the spring change and 25 in the autumn', () => {
    const spring = occurrenceInstants(
      { startTime: '09:00', endTime: '10:00', allDay: true },
      '2026-03-29',
      ROME,
    );
    expect(spring.startsAt.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect((spring.endsAt.getTime() - spring.startsAt.getTime()) / 3_600_000).toBe(23);
    const autumn = occurrenceInstants(
      { startTime: '09:00', endTime: '10:00', allDay: true },
      '2026-10-25',
      ROME,
    );
    expect((autumn.endsAt.getTime() - autumn.startsAt.getTime()) / 3_600_000).toBe(25);
  });

  it('converts a timed event', () => {
    const { startsAt, endsAt } = eventInstants(
      { startDate: '2026-12-01', startTime: '09:00', endTime: '10:30', allDay: false },
      ROME,
    );
    expect([startsAt.toISOString(), endsAt.toISOString()]).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2026-12-01T09:30:00.000Z',
    ]);
  });
});
