import { describe, expect, it } from 'vitest';
import { RSVP_RESPONSES, RSVP_STATUSES, ZRsvpSubmission } from './contracts.ts';
import {
  attendeeAfterAnswer,
  canRespond,
  effectiveRsvpStatus,
  eventStats,
  isRsvpToken,
  partstatOf,
  rsvpValues,
  tokenFromScannedCode,
} from './rsvp.ts';

describe('RSVP transitions', () => {
  it('lets every status be answered with accepted, maybe or declined', () => {
    for (const from of RSVP_STATUSES) {
      for (const to of RSVP_RESPONSES) expect(canRespond(from, to), `${from} → ${to}`).toBe(true);
    }
  });

  it('never goes back to pending or to no_response by an answer', () => {
    for (const from of RSVP_STATUSES) {
      expect(canRespond(from, 'pending')).toBe(false);
      expect(canRespond(from, 'no_response')).toBe(false);
    }
  });

  it('shows a pending invitation as no_response once the event started', () => {
    const start = new Date('2026-05-01T08:00:00Z');
    expect(effectiveRsvpStatus('pending', start, new Date('2026-05-01T07:59:59Z'))).toBe('pending');
    expect(effectiveRsvpStatus('pending', start, start)).toBe('no_response');
    expect(effectiveRsvpStatus('accepted', start, new Date('2026-06-01T00:00:00Z'))).toBe('accepted');
  });

  it('records the answer with its time and trimmed details', () => {
    const now = new Date('2026-04-01T10:00:00Z');
    const submission = ZRsvpSubmission.parse({
      response: 'accepted',
      message: '  Ci saremo!  ',
      guestCount: '3',
      dietaryRestrictions: ' vegetariano ',
      specialRequests: '',
    });
    expect(rsvpValues(submission, now)).toEqual({
      rsvpStatus: 'accepted',
      rsvpRespondedAt: now,
      rsvpResponseMessage: 'Ci saremo!',
      guestCount: 3,
      dietaryRestrictions: 'vegetariano',
      specialRequests: null,
    });
  });

  it('falls back to one guest when the count is not a number, and refuses 0 or 9', () => {
    for (const guestCount of [undefined, null, '', 'abc', Number.NaN]) {
      expect(ZRsvpSubmission.parse({ response: 'maybe', guestCount }).guestCount).toBe(1);
    }
    for (const guestCount of [0, 9, 2.5, '12']) {
      expect(
        ZRsvpSubmission.safeParse({ response: 'accepted', guestCount }).success,
        String(guestCount),
      ).toBe(false);
    }
    expect(ZRsvpSubmission.parse({ response: 'accepted', guestCount: 8 }).guestCount).toBe(8);
  });

  it('asks for a response and limits the texts', () => {
    const missing = ZRsvpSubmission.safeParse({ message: 'hi' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(['calendar.errors.responseRequired']);
    const long = ZRsvpSubmission.safeParse({ response: 'accepted', message: 'x'.repeat(1001) });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['errors.textTooLong?max=1000']);
  });

  it('keeps the attendee list in step with the answer', () => {
    expect(attendeeAfterAnswer('accepted', null)).toBe('upsert');
    expect(attendeeAfterAnswer('accepted', { checkedIn: true })).toBe('upsert');
    expect(attendeeAfterAnswer('maybe', { checkedIn: false })).toBe('remove');
    expect(attendeeAfterAnswer('declined', { checkedIn: true })).toBe('keep');
    expect(attendeeAfterAnswer('declined', null)).toBe('keep');
  });
});

describe('stats', () => {
  it('rounds the response rate and sums the guests of accepted invitations only', () => {
    const stats = eventStats(
      [
        { rsvpStatus: 'accepted', guestCount: 3 },
        { rsvpStatus: 'accepted', guestCount: 2 },
        { rsvpStatus: 'maybe', guestCount: 4 },
        { rsvpStatus: 'declined', guestCount: 1 },
        { rsvpStatus: 'pending', guestCount: 1 },
        { rsvpStatus: 'no_response', guestCount: 1 },
      ],
      1,
    );
    expect(stats).toEqual({
      invitations: 6,
      responded: 4,
      responseRate: 67, // 4 / 6 = 66.67 %
      totalGuests: 5,
      accepted: 2,
      maybe: 1,
      declined: 1,
      pending: 1,
      noResponse: 1,
      checkedIn: 1,
    });
  });

  it('is 0 % and 0 guests without invitations', () => {
    expect(eventStats([])).toMatchObject({ invitations: 0, responseRate: 0, totalGuests: 0 });
    expect(eventStats([{ rsvpStatus: 'declined', guestCount: 1 }]).responseRate).toBe(100);
    // 1 / 8 = 12.5 % rounds half up.
    const eight = [
      { rsvpStatus: 'maybe' as const, guestCount: 1 },
      ...Array(7).fill({ rsvpStatus: 'pending', guestCount: 1 }),
    ];
    expect(eventStats(eight).responseRate).toBe(13);
  });
});

describe('iCalendar participation', () => {
  it('maps statuses to PARTSTAT', () => {
    expect(RSVP_STATUSES.map(partstatOf)).toEqual([
      'NEEDS-ACTION',
      'ACCEPTED',
      'DECLINED',
      'TENTATIVE',
      'NEEDS-ACTION',
    ]);
  });
});

describe('tokens', () => {
  const token = 'aB3_-'.repeat(8) + 'xyz';

  it('recognises 43-character base64url tokens only', () => {
    expect(token).toHaveLength(43);
    expect(isRsvpToken(token)).toBe(true);
    expect(isRsvpToken(token.slice(1))).toBe(false);
    expect(isRsvpToken(`${token.slice(1)}=`)).toBe(false);
  });

  it('reads the token from a scanned RSVP link or the bare token', () => {
    expect(tokenFromScannedCode(`https://app.example.it/rsvp/${token}`)).toBe(token);
    expect(tokenFromScannedCode(`https://app.example.it/rsvp/${token}?response=accepted`)).toBe(token);
    expect(tokenFromScannedCode(`  ${token}\n`)).toBe(token);
    expect(tokenFromScannedCode(`https://app.example.it/q/${token}`)).toBeNull();
    expect(tokenFromScannedCode(`https://app.example.it/rsvp/${token}extra`)).toBeNull();
    expect(tokenFromScannedCode('hello')).toBeNull();
  });
});
