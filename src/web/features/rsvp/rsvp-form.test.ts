import { describe, expect, it } from 'vitest';
import { ZRsvpSubmission } from '@shared/calendar/contracts.ts';
import { GUEST_OPTIONS, initialAnswer, responseFromQuery, submissionOf } from './rsvp-form.ts';

const pending = {
  rsvpStatus: 'pending' as const,
  guestCount: 1,
  dietaryRestrictions: null,
  specialRequests: null,
  rsvpResponseMessage: null,
};

describe('RSVP form', () => {
  it('offers 1 to 8 guests', () => {
    expect(GUEST_OPTIONS).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('pre-selects only the answers the e-mail buttons carry', () => {
    expect(responseFromQuery('accepted')).toBe('accepted');
    expect(responseFromQuery('maybe')).toBe('maybe');
    expect(responseFromQuery('declined')).toBe('declined');
    expect(responseFromQuery('pending')).toBeNull();
    expect(responseFromQuery('ACCEPTED')).toBeNull();
    expect(responseFromQuery(null)).toBeNull();
  });

  it('starts with no choice for a pending invitation', () => {
    expect(initialAnswer(pending, null)).toEqual({
      response: null,
      guestCount: 1,
      dietaryRestrictions: '',
      specialRequests: '',
      message: '',
    });
    expect(initialAnswer({ ...pending, rsvpStatus: 'no_response' }, null).response).toBeNull();
  });

  it('starts from the current answer, unless the link names another', () => {
    const accepted = {
      rsvpStatus: 'accepted' as const,
      guestCount: 3,
      dietaryRestrictions: 'vegetarian',
      specialRequests: null,
      rsvpResponseMessage: 'See you',
    };
    expect(initialAnswer(accepted, null)).toMatchObject({
      response: 'accepted',
      guestCount: 3,
      dietaryRestrictions: 'vegetarian',
      message: 'See you',
    });
    expect(initialAnswer(accepted, 'maybe').response).toBe('maybe');
  });

  it('keeps a stored guest count inside 1–8', () => {
    expect(initialAnswer({ ...pending, guestCount: 12 }, null).guestCount).toBe(8);
    expect(initialAnswer({ ...pending, guestCount: 0 }, null).guestCount).toBe(1);
  });

  it('sends nothing until an answer is chosen', () => {
    expect(submissionOf(initialAnswer(pending, null))).toBeNull();
  });

  it('sends guests and needs only with "accepted", the message always', () => {
    const answer = {
      response: 'accepted' as const,
      guestCount: 3,
      dietaryRestrictions: '  no nuts ',
      specialRequests: 'wheelchair access',
      message: ' Thanks ',
    };
    const accepted = ZRsvpSubmission.parse(submissionOf(answer));
    expect(accepted).toEqual({
      response: 'accepted',
      guestCount: 3,
      dietaryRestrictions: 'no nuts',
      specialRequests: 'wheelchair access',
      message: 'Thanks',
    });
    const declined = ZRsvpSubmission.parse(submissionOf({ ...answer, response: 'declined' }));
    expect(declined).toEqual({
      response: 'declined',
      guestCount: 1,
      dietaryRestrictions: null,
      specialRequests: null,
      message: 'Thanks',
    });
  });
});
