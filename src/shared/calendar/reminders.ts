import { REMINDER_HOURS_BEFORE, type RsvpStatus } from './contracts.ts';

/**
 * When an unanswered guest is reminded (issue 6): at the slots 48 h and 24 h before the event's start, at most
 * once per slot and at most twice in all, only while the invitation is pending or without response and its
 * send-reminders flag is on, and only for slots after the invitation was sent (someone invited 30 h before
 * gets the 24 h reminder only). A job that was down sends once for the latest slot passed, not a burst.
 */

const HOUR_MS = 3_600_000;
export const MAX_REMINDERS = REMINDER_HOURS_BEFORE.length;
const REMINDABLE: readonly RsvpStatus[] = ['pending', 'no_response'];

export type ReminderState = {
  rsvpStatus: RsvpStatus;
  sendReminders: boolean;
  invitationSentAt: Date | null;
  reminderSentCount: number;
  lastReminderSentAt: Date | null;
};

/** The slot instants, earliest first. */
export function reminderSlots(
  startsAt: Date,
  hoursBefore: readonly number[] = REMINDER_HOURS_BEFORE,
): Date[] {
  return [...hoursBefore].sort((a, b) => b - a).map((h) => new Date(startsAt.getTime() - h * HOUR_MS));
}

/** The slot a reminder is due for now, or null. */
export function dueReminder(
  invitation: ReminderState,
  startsAt: Date,
  now: Date,
  hoursBefore: readonly number[] = REMINDER_HOURS_BEFORE,
): { slotAt: Date; hoursBefore: number } | null {
  if (!invitation.sendReminders || !REMINDABLE.includes(invitation.rsvpStatus)) return null;
  if (invitation.reminderSentCount >= hoursBefore.length) return null;
  if (now.getTime() >= startsAt.getTime() || !invitation.invitationSentAt) return null;
  const slots = reminderSlots(startsAt, hoursBefore);
  const index = slots.findLastIndex((slot) => slot.getTime() <= now.getTime());
  if (index < 0) return null;
  const slotAt = slots[index]!;
  if (invitation.invitationSentAt.getTime() >= slotAt.getTime()) return null;
  if (invitation.lastReminderSentAt && invitation.lastReminderSentAt.getTime() >= slotAt.getTime())
    return null;
  const sortedHours = [...hoursBefore].sort((a, b) => b - a);
  return { slotAt, hoursBefore: sortedHours[index]! };
}

/** How far ahead the job looks: events starting within the first slot's distance. */
export function reminderHorizonMs(hoursBefore: readonly number[] = REMINDER_HOURS_BEFORE): number {
  return Math.max(...hoursBefore) * HOUR_MS;
}
