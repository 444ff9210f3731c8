import type { RsvpResponse, RsvpStatus, TEventStats, TRsvpSubmission } from './contracts.ts';

/**
 * RSVP rules (core-app spec §4, §9). A pending invitation (or one left without response) can be answered
 * accepted, maybe or declined; an answered one can be changed to any answer, including the same one with new
 * details (another guest count). An invitation still pending when the event starts becomes no_response.
 * Nothing goes back to pending.
 */

export const RESPONDED_STATUSES: readonly RsvpStatus[] = ['accepted', 'maybe', 'declined'];

export function isResponded(status: RsvpStatus): boolean {
  return RESPONDED_STATUSES.includes(status);
}

export function canRespond(from: RsvpStatus, to: RsvpResponse | RsvpStatus): boolean {
  return RESPONDED_STATUSES.includes(to as RsvpStatus) && RSVP_FROM.includes(from);
}
const RSVP_FROM: readonly RsvpStatus[] = ['pending', 'no_response', 'accepted', 'maybe', 'declined'];

/** The status as shown: a pending invitation whose event has started is no_response. */
export function effectiveRsvpStatus(status: RsvpStatus, eventStartsAt: Date, now: Date): RsvpStatus {
  return status === 'pending' && now.getTime() >= eventStartsAt.getTime() ? 'no_response' : status;
}

/** The stored fields an answer sets (spec §4: status, response time, message, guests, diet, requests). */
export function rsvpValues(submission: TRsvpSubmission, now: Date) {
  return {
    rsvpStatus: submission.response as RsvpStatus,
    rsvpRespondedAt: now,
    rsvpResponseMessage: submission.message,
    guestCount: submission.guestCount,
    dietaryRestrictions: submission.dietaryRestrictions,
    specialRequests: submission.specialRequests,
  };
}

/**
 * What happens to the guest's attendee row after an answer: an accepted guest is expected (created or its
 * guest count updated); one who no longer accepts is removed unless already checked in.
 */
export function attendeeAfterAnswer(
  response: RsvpResponse,
  attendee: { checkedIn: boolean } | null,
): 'upsert' | 'remove' | 'keep' {
  if (response === 'accepted') return 'upsert';
  if (attendee && !attendee.checkedIn) return 'remove';
  return 'keep';
}

/**
 * Response rate = rounded percentage of responded invitations (0 without invitations); total guests = sum of
 * the guest counts of accepted invitations (spec §9).
 */
export function eventStats(
  invitations: readonly { rsvpStatus: RsvpStatus; guestCount: number }[],
  checkedIn = 0,
): TEventStats {
  const count = (s: RsvpStatus) => invitations.filter((i) => i.rsvpStatus === s).length;
  const responded = invitations.filter((i) => isResponded(i.rsvpStatus)).length;
  return {
    invitations: invitations.length,
    responded,
    responseRate: invitations.length === 0 ? 0 : Math.round((responded / invitations.length) * 100),
    totalGuests: invitations
      .filter((i) => i.rsvpStatus === 'accepted')
      .reduce((sum, i) => sum + i.guestCount, 0),
    accepted: count('accepted'),
    maybe: count('maybe'),
    declined: count('declined'),
    pending: count('pending'),
    noResponse: count('no_response'),
    checkedIn,
  };
}

/** The iCalendar PARTSTAT of an RSVP status (RFC 5545 §3.2.12). */
export function partstatOf(status: RsvpStatus): 'NEEDS-ACTION' | 'ACCEPTED' | 'TENTATIVE' | 'DECLINED' {
  switch (status) {
    case 'accepted':
      return 'ACCEPTED';
    case 'maybe':
      return 'TENTATIVE';
    case 'declined':
      return 'DECLINED';
    default:
      return 'NEEDS-ACTION';
  }
}

/** An RSVP token: 32 random bytes in base64url (256 bits). */
export const RSVP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isRsvpToken(value: string): boolean {
  return RSVP_TOKEN_PATTERN.test(value);
}

/**
 * The token in what a scanner read from the invitation's QR code: the RSVP link (`…/rsvp/{token}`, with or
 * without a query) or the bare token. Null for anything else.
 */
export function tokenFromScannedCode(text: string): string | null {
  const value = text.trim();
  if (isRsvpToken(value)) return value;
  const m = /\/rsvp\/([A-Za-z0-9_-]{43})(?:[/?#]|$)/.exec(value);
  return m ? m[1]! : null;
}
