import ICAL from 'ical.js';
import type { RsvpResponse, RsvpStatus } from '@shared/calendar/contracts.ts';
import * as repo from './repository.ts';
import { notifyHost, recordAnswer, type CalendarDeps } from './service.ts';

/**
 * Guests' answers from their calendar apps (issue 16): Gmail, Outlook and Apple Mail answer an invitation with an
 * iCalendar REPLY (METHOD:REPLY) to the organizer. One arriving in a connected mailbox updates the invitation as an
 * answer on the RSVP page would, and the host is told.
 */

const PARTSTAT: Record<string, RsvpResponse> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'maybe',
};

export type CalendarReply = { uid: string; attendee: string; response: RsvpResponse; comment: string | null };

/** The REPLY of one attendee, or null for anything else (a request, a cancel, an answer without a known state). */
export function calendarReplyOf(ics: string, from: string | null): CalendarReply | null {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return null;
  }
  if (String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase() !== 'REPLY') return null;
  const event = calendar.getFirstSubcomponent('vevent');
  const uid = event?.getFirstPropertyValue('uid');
  if (!event || typeof uid !== 'string' || !uid) return null;
  const sender = from?.trim().toLowerCase() ?? null;
  for (const property of event.getAllProperties('attendee')) {
    const address = String(property.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    // Only the sender's own answer counts: a REPLY naming someone else changes nothing.
    if (!address || address !== sender) continue;
    const response = PARTSTAT[String(property.getParameter('partstat') ?? '').toUpperCase()];
    if (!response) return null;
    const comment = event.getFirstPropertyValue('comment');
    return {
      uid,
      attendee: address,
      response,
      comment: typeof comment === 'string' ? comment.slice(0, 1000) : null,
    };
  }
  return null;
}

/**
 * Applies a guest's REPLY to the organization's invitation. Nothing changes for an unknown UID, an address that was
 * not invited, an event that is over, an answer the invitation already has (a message synced again never notifies
 * twice), or a REPLY older than the invitation's last answer (the first sync of a mailbox reads old mail too: a
 * later answer on the RSVP page stands). Answers whether the invitation changed.
 */
export async function applyCalendarReply(
  deps: CalendarDeps,
  input: { orgId: string; from: string | null; ics: string; receivedAt: Date },
): Promise<boolean> {
  const reply = calendarReplyOf(input.ics, input.from);
  if (!reply) return false;
  const event = await repo.findEventByUid(deps.db, input.orgId, reply.uid);
  if (!event) return false;
  const found = await repo.findInvitationByEmail(deps.db, event.id, reply.attendee);
  if (!found) return false;
  const row = await repo.findInvitation(deps.db, input.orgId, event.id, found.id);
  if (!row) return false;
  const { invitation } = row;
  const now = new Date();
  if (now >= event.seriesEndsAt || invitation.rsvpStatus === reply.response) return false;
  if (invitation.rsvpRespondedAt && input.receivedAt <= invitation.rsvpRespondedAt) return false;
  const updated = await recordAnswer(
    deps.db,
    invitation,
    {
      response: reply.response,
      message: reply.comment ?? invitation.rsvpResponseMessage,
      guestCount: Math.max(1, invitation.guestCount),
      dietaryRestrictions: invitation.dietaryRestrictions,
      specialRequests: invitation.specialRequests,
    },
    now,
  );
  try {
    await notifyHost(deps, event, updated, invitation.rsvpStatus as RsvpStatus);
  } catch (err) {
    deps.log?.warn({ err, invitationId: invitation.id }, 'could not notify the host of a calendar reply');
  }
  return true;
}
