import type { FastifyBaseLogger } from 'fastify';
import type { RsvpStatus } from '@shared/calendar/contracts.ts';
import { MAX_REMINDERS, dueReminder, reminderHorizonMs } from '@shared/calendar/reminders.ts';
import { organizerFor, sendGuestMail, type DeliveryDeps } from './delivery.ts';
import * as repo from './repository.ts';
import { hashToken, newToken } from './tokens.ts';

const MINUTE_MS = 60_000;

export type ReminderDeps = DeliveryDeps & { log?: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'> };

/**
 * One run of the reminders job at `now`, across organizations:
 * 1. invitations still pending when their event has started are stored as no_response;
 * 2. each unanswered guest who wants reminders gets one for the latest slot passed (48 h, 24 h before the
 *    event; src/shared/calendar/reminders.ts), at most twice. The slot is claimed by a conditional UPDATE of
 *    reminder_sent_count and last_reminder_sent_at before the e-mail is written, so two app instances running
 *    at once never send the same slot twice; if the e-mail cannot be written the claim is given back.
 * Returns how many reminders were sent.
 */
export async function sendInvitationReminders(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  await repo.markNoResponse(deps.db, now);
  const candidates = await repo.reminderCandidates(
    deps.db,
    now,
    new Date(now.getTime() + reminderHorizonMs()),
    MAX_REMINDERS,
  );
  const organizers = new Map<string, Awaited<ReturnType<typeof organizerFor>>>();
  let sent = 0;
  for (const { invitation, event } of candidates) {
    const due = dueReminder(
      {
        rsvpStatus: invitation.rsvpStatus as RsvpStatus,
        sendReminders: invitation.sendReminders,
        invitationSentAt: invitation.invitationSentAt,
        reminderSentCount: invitation.reminderSentCount,
        lastReminderSentAt: invitation.lastReminderSentAt,
      },
      event.startsAt,
      now,
    );
    if (!due) continue;
    const claimed = await repo.claimReminder(deps.db, {
      id: invitation.id,
      seenCount: invitation.reminderSentCount,
      slotAt: due.slotAt,
      now,
    });
    if (!claimed) continue; // another instance took this slot
    try {
      let organizer = organizers.get(event.organizationId);
      if (!organizer) {
        organizer = await organizerFor(deps, { orgId: event.organizationId, createdBy: event.createdBy });
        organizers.set(event.organizationId, organizer);
      }
      const token = newToken();
      await repo.addToken(deps.db, invitation.id, hashToken(token));
      await sendGuestMail(deps, {
        kind: 'reminder',
        event,
        invitation: claimed,
        organizer,
        userId: null,
        token,
        sequence: event.sequence,
        hoursBefore: due.hoursBefore,
        now,
      });
      sent += 1;
    } catch (err) {
      deps.log?.warn({ err, invitationId: invitation.id }, 'could not write an invitation reminder');
      await repo.releaseReminder(deps.db, {
        id: invitation.id,
        claimedAt: now,
        previous: invitation.lastReminderSentAt,
      });
    }
  }
  return sent;
}

export type CalendarJobs = {
  /** One run now (the timer's runs skip while one is in progress). */
  runNow(now?: Date): Promise<number>;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
};

/** Runs the reminders job at start and every 5 minutes (the timer does not keep the process alive). */
export function startCalendarJobs(
  deps: ReminderDeps & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>; everyMs?: number },
): CalendarJobs {
  let running: Promise<number> | null = null;
  let stopped = false;

  function runNow(now?: Date): Promise<number> {
    if (running) return running;
    running = sendInvitationReminders(deps, now ?? new Date())
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'invitation reminders sent');
        return count;
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'invitation reminders job failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(
    () => {
      if (!stopped) void runNow();
    },
    deps.everyMs ?? 5 * MINUTE_MS,
  );
  timer.unref();
  void runNow();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
