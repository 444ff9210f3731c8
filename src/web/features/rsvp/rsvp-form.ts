import {
  GUEST_COUNT_MAX,
  GUEST_COUNT_MIN,
  RSVP_RESPONSES,
  type RsvpResponse,
  type RsvpStatus,
  type TRsvpFormValues,
} from '@shared/calendar/contracts.ts';

/** The RSVP form as the guest fills it (spec §2): an answer, and for "accepted" the guests and their needs. */
export interface RsvpAnswer {
  response: RsvpResponse | null;
  guestCount: number;
  dietaryRestrictions: string;
  specialRequests: string;
  message: string;
}

/** Guest count choices 1 to 8 (spec §9). */
export const GUEST_OPTIONS: readonly number[] = Array.from(
  { length: GUEST_COUNT_MAX - GUEST_COUNT_MIN + 1 },
  (_, i) => GUEST_COUNT_MIN + i,
);

/** `?response=accepted|maybe|declined` from the e-mail's one-click buttons; anything else pre-selects nothing. */
export function responseFromQuery(value: string | null): RsvpResponse | null {
  return (RSVP_RESPONSES as readonly string[]).includes(value ?? '') ? (value as RsvpResponse) : null;
}

function clampGuests(n: number): number {
  return Number.isInteger(n) ? Math.min(GUEST_COUNT_MAX, Math.max(GUEST_COUNT_MIN, n)) : GUEST_COUNT_MIN;
}

/**
 * The form's first values: the answer in the link wins, else the current answer (so changing it starts from
 * what was said); the guests and notes given before are kept.
 */
export function initialAnswer(
  current: {
    rsvpStatus: RsvpStatus;
    guestCount: number;
    dietaryRestrictions: string | null;
    specialRequests: string | null;
    rsvpResponseMessage: string | null;
  },
  fromLink: RsvpResponse | null,
): RsvpAnswer {
  const answered = (RSVP_RESPONSES as readonly string[]).includes(current.rsvpStatus)
    ? (current.rsvpStatus as RsvpResponse)
    : null;
  return {
    response: fromLink ?? answered,
    guestCount: clampGuests(current.guestCount),
    dietaryRestrictions: current.dietaryRestrictions ?? '',
    specialRequests: current.specialRequests ?? '',
    message: current.rsvpResponseMessage ?? '',
  };
}

/** What is sent: guests and needs only with "accepted"; the message always. Null until an answer is chosen. */
export function submissionOf(answer: RsvpAnswer): TRsvpFormValues | null {
  if (!answer.response) return null;
  const accepted = answer.response === 'accepted';
  return {
    response: answer.response,
    message: answer.message,
    guestCount: accepted ? answer.guestCount : GUEST_COUNT_MIN,
    dietaryRestrictions: accepted ? answer.dietaryRestrictions : null,
    specialRequests: accepted ? answer.specialRequests : null,
  };
}
