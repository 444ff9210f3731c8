import { describe, expect, it } from 'vitest';
import { dueReminder, reminderHorizonMs, reminderSlots, type ReminderState } from './reminders.ts';

const H = 3_600_000;
const start = new Date('2026-05-10T08:00:00Z');
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * H);
const fresh: ReminderState = {
  rsvpStatus: 'pending',
  sendReminders: true,
  invitationSentAt: at(24 * 7),
  reminderSentCount: 0,
  lastReminderSentAt: null,
};

describe('reminder slots', () => {
  it('are 48 h and 24 h before the start', () => {
    expect(reminderSlots(start).map((d) => d.toISOString())).toEqual([
      '2026-05-08T08:00:00.000Z',
      '2026-05-09T08:00:00.000Z',
    ]);
    expect(reminderHorizonMs()).toBe(48 * H);
  });
});

describe('dueReminder', () => {
  it('is due from each slot until it has been sent for it', () => {
    expect(dueReminder(fresh, start, at(49))).toBeNull();
    expect(dueReminder(fresh, start, at(48))).toEqual({ slotAt: at(48), hoursBefore: 48 });
    const after48 = { ...fresh, reminderSentCount: 1, lastReminderSentAt: at(47.9) };
    expect(dueReminder(after48, start, at(30))).toBeNull();
    expect(dueReminder(after48, start, at(24))).toEqual({ slotAt: at(24), hoursBefore: 24 });
    const after24 = { ...fresh, reminderSentCount: 2, lastReminderSentAt: at(23.9) };
    expect(dueReminder(after24, start, at(1))).toBeNull();
  });

  it('sends at most twice, never after the start', () => {
    expect(
      dueReminder({ ...fresh, reminderSentCount: 2, lastReminderSentAt: at(100) }, start, at(1)),
    ).toBeNull();
    expect(dueReminder(fresh, start, start)).toBeNull();
    expect(dueReminder(fresh, start, new Date(start.getTime() + H))).toBeNull();
  });

  it('sends once for the latest slot when the job missed the earlier one', () => {
    expect(dueReminder(fresh, start, at(5))).toEqual({ slotAt: at(24), hoursBefore: 24 });
  });

  it('skips slots before the invitation was sent', () => {
    const late = { ...fresh, invitationSentAt: at(30) };
    expect(dueReminder(late, start, at(29))).toBeNull();
    expect(dueReminder(late, start, at(24))).toEqual({ slotAt: at(24), hoursBefore: 24 });
    expect(dueReminder({ ...fresh, invitationSentAt: null }, start, at(24))).toBeNull();
  });

  it('reminds only pending or unanswered guests who want reminders', () => {
    expect(dueReminder({ ...fresh, rsvpStatus: 'no_response' }, start, at(24))).not.toBeNull();
    for (const rsvpStatus of ['accepted', 'maybe', 'declined'] as const) {
      expect(dueReminder({ ...fresh, rsvpStatus }, start, at(24))).toBeNull();
    }
    expect(dueReminder({ ...fresh, sendReminders: false }, start, at(24))).toBeNull();
  });
});
