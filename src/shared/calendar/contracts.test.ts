import { describe, expect, it } from 'vitest';
import {
  ZCheckIn,
  ZCommentInput,
  ZEventInput,
  ZEventListQuery,
  ZEventMove,
  ZInvitationInput,
  eventPagePath,
  rsvpPagePath,
} from './contracts.ts';

const keys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('event input', () => {
  it('defaults to 09:00–10:00, not all-day, no client, no repetition; trims texts', () => {
    expect(
      ZEventInput.parse({ title: '  Visita ', startDate: '2026-05-04', location: '  ', description: ' x ' }),
    ).toEqual({
      title: 'Visita',
      startDate: '2026-05-04',
      startTime: '09:00',
      endTime: '10:00',
      allDay: false,
      location: null,
      description: 'x',
      clientId: null,
      recurrence: null,
    });
  });

  it('refuses an end before the start, except for all-day events', () => {
    const base = { title: 'A', startDate: '2026-05-04', startTime: '10:00', endTime: '10:00' };
    expect(keys(ZEventInput.safeParse(base))).toEqual([['endTime', 'calendar.errors.endBeforeStart']]);
    expect(ZEventInput.safeParse({ ...base, allDay: true }).success).toBe(true);
    expect(keys(ZEventInput.safeParse({ ...base, startTime: '9:00', endTime: '24:00' }))).toEqual([
      ['startTime', 'calendar.errors.timeInvalid'],
      ['endTime', 'calendar.errors.timeInvalid'],
    ]);
  });

  it('needs a repetition to end by date or count, and week days only when weekly', () => {
    const base = { title: 'A', startDate: '2026-05-04' };
    expect(keys(ZEventInput.safeParse({ ...base, recurrence: { frequency: 'weekly' } }))).toEqual([
      ['recurrence.until', 'calendar.errors.recurrenceEndRequired'],
    ]);
    expect(
      keys(
        ZEventInput.safeParse({ ...base, recurrence: { frequency: 'daily', until: '2026-06-01', count: 3 } }),
      ),
    ).toEqual([['recurrence.until', 'calendar.errors.recurrenceEndRequired']]);
    expect(
      keys(
        ZEventInput.safeParse({ ...base, recurrence: { frequency: 'monthly', count: 3, byWeekday: ['MO'] } }),
      ),
    ).toEqual([['recurrence.byWeekday', 'calendar.errors.weekdaysOnlyWeekly']]);
    expect(
      keys(ZEventInput.safeParse({ ...base, recurrence: { frequency: 'daily', until: '2026-05-01' } })),
    ).toEqual([['recurrence.until', 'calendar.errors.recurrenceUntilBeforeStart']]);
    expect(
      ZEventInput.parse({ ...base, recurrence: { frequency: 'weekly', count: 3, byWeekday: ['MO', 'MO'] } })
        .recurrence,
    ).toEqual({
      frequency: 'weekly',
      interval: 1,
      byWeekday: ['MO'],
      until: null,
      count: 3,
    });
  });

  it('limits list ranges to 400 days in order', () => {
    expect(ZEventListQuery.safeParse({ from: '2026-01-01', to: '2027-02-05' }).success).toBe(true);
    expect(keys(ZEventListQuery.safeParse({ from: '2026-01-01', to: '2027-02-06' }))).toEqual([
      ['to', 'calendar.errors.rangeInvalid'],
    ]);
    expect(keys(ZEventListQuery.safeParse({ from: '2026-02-01', to: '2026-01-31' }))).toEqual([
      ['to', 'calendar.errors.rangeInvalid'],
    ]);
  });

  it('moves with a date and an optional time', () => {
    expect(ZEventMove.parse({ startDate: '2026-05-05' })).toEqual({
      startDate: '2026-05-05',
      startTime: null,
    });
    expect(ZEventMove.safeParse({ startDate: '2026-05-05', startTime: '25:00' }).success).toBe(false);
  });
});

describe('invitation input', () => {
  it('needs an e-mail for an external guest and a client for a client guest', () => {
    expect(keys(ZInvitationInput.safeParse({}))).toEqual([['inviteeEmail', 'calendar.errors.emailRequired']]);
    expect(keys(ZInvitationInput.safeParse({ inviteeType: 'client' }))).toEqual([
      ['clientId', 'calendar.errors.clientRequired'],
    ]);
    expect(keys(ZInvitationInput.safeParse({ inviteeEmail: 'not an address' }))).toEqual([
      ['inviteeEmail', 'calendar.errors.emailInvalid'],
    ]);
    expect(keys(ZInvitationInput.safeParse({ inviteeEmail: 'a@b.it', inviteePhone: 'call me' }))).toEqual([
      ['inviteePhone', 'calendar.errors.phoneInvalid'],
    ]);
    expect(ZInvitationInput.parse({ inviteeEmail: ' Anna@Example.IT ' })).toMatchObject({
      inviteeEmail: 'anna@example.it',
      inviteeType: 'external',
      invitationMethod: 'email',
      sendReminders: true,
      language: null,
    });
  });
});

describe('check-in and comments', () => {
  it('takes exactly one of invitation id and scanned code', () => {
    expect(ZCheckIn.safeParse({ code: 'x' }).success).toBe(true);
    expect(ZCheckIn.safeParse({ invitationId: '00000000-0000-4000-8000-000000000000' }).success).toBe(true);
    expect(keys(ZCheckIn.safeParse({}))).toEqual([['invitationId', 'calendar.errors.checkInTarget']]);
    expect(
      ZCheckIn.safeParse({ code: 'x', invitationId: '00000000-0000-4000-8000-000000000000' }).success,
    ).toBe(false);
  });

  it('defaults comments to general and public', () => {
    expect(ZCommentInput.parse({ commentText: ' ok ' })).toEqual({
      commentText: 'ok',
      commentType: 'general',
      isPublic: true,
      parentCommentId: null,
    });
  });
});

describe('paths', () => {
  it('builds the event page and the RSVP page with a pre-selected answer', () => {
    expect(eventPagePath('e1')).toBe('/calendar/events/e1');
    expect(rsvpPagePath('tok')).toBe('/rsvp/tok');
    expect(rsvpPagePath('tok', 'maybe')).toBe('/rsvp/tok?response=maybe');
  });
});
