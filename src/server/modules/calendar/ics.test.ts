import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  buildFeedIcs,
  buildInvitationIcs,
  buildVTimezone,
  icsText,
  transitionsIn,
  type IcsEvent,
} from './ics.ts';

const created = new Date('2026-01-10T10:00:00Z');
const base: IcsEvent = {
  uid: '4f1c2d3e-0000-4000-8000-000000000001@localhost',
  sequence: 0,
  title: 'Inaugurazione, sede; nuova',
  description: 'Rinfresco dalle 18',
  location: 'Via Emilia 12, Forlì',
  startDate: '2026-07-15',
  startTime: '18:00',
  endTime: '20:30',
  allDay: false,
  timeZone: 'Europe/Rome',
  rrule: null,
  createdAt: created,
  updatedAt: created,
};
const organizer = { email: 'eventi@officinarossi.example.com', name: 'Officina Rossi S.r.l.' };
const attendee = { email: 'giulia@example.com', name: 'Giulia Verdi', partstat: 'NEEDS-ACTION' as const };
const dtstamp = new Date('2026-06-01T12:34:56Z');

function parse(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const vevents = cal.getAllSubcomponents('vevent');
  return { cal, vevent: vevents[0]!, vevents };
}

/** Seconds east of UTC of a VEVENT's DTSTART, computed by ical.js from the file's own VTIMEZONE. */
function startOffsetSeconds(vevent: ICAL.Component) {
  const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
  return { start, offset: start.zone!.utcOffset(start), unix: start.toUnixTime() };
}

function request(
  event: Partial<IcsEvent> = {},
  extra: Partial<Parameters<typeof buildInvitationIcs>[0]> = {},
) {
  return buildInvitationIcs({
    method: 'REQUEST',
    event: { ...base, ...event },
    seriesEndDate: event.startDate ?? base.startDate,
    organizer,
    attendee,
    sequence: event.sequence ?? 0,
    dtstamp,
    rsvpUrl: 'http://localhost:3000/rsvp/abc',
    rsvpLabel: 'Rispondi',
    ...extra,
  });
}

describe('invitation (METHOD:REQUEST)', () => {
  it('has the iTIP properties calendar apps need to show accept and decline', () => {
    const ics = request();
    expect(ics).toContain('\r\n');
    const { cal, vevent } = parse(ics);
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(vevent.getFirstPropertyValue('uid')).toBe(base.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
    const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(stamp.toJSDate().toISOString()).toBe('2026-06-01T12:34:56.000Z');
    expect(vevent.getFirstPropertyValue('summary')).toBe(base.title);
    expect(vevent.getFirstPropertyValue('location')).toBe(base.location);
    expect(vevent.getFirstPropertyValue('description')).toContain('Rispondi: http://localhost:3000/rsvp/abc');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const org = vevent.getFirstProperty('organizer')!;
    expect(org.getFirstValue()).toBe('mailto:eventi@officinarossi.example.com');
    expect(org.getParameter('cn')).toBe('Officina Rossi S.r.l.');
    const att = vevent.getFirstProperty('attendee')!;
    expect(att.getFirstValue()).toBe('mailto:giulia@example.com');
    expect(att.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(att.getParameter('rsvp')).toBe('TRUE');
    expect(att.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(att.getParameter('cn')).toBe('Giulia Verdi');
  });

  it('puts a summer evening in Rome at +02:00 and a winter one at +01:00', () => {
    const summer = parse(request()).vevent;
    const s = startOffsetSeconds(summer);
    expect(summer.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Rome');
    expect(s.offset).toBe(7200);
    expect(new Date(s.unix * 1000).toISOString()).toBe('2026-07-15T16:00:00.000Z');

    const winter = parse(request({ startDate: '2026-12-15' })).vevent;
    const w = startOffsetSeconds(winter);
    expect(w.offset).toBe(3600);
    expect(new Date(w.unix * 1000).toISOString()).toBe('2026-12-15T17:00:00.000Z');
    const end = winter.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(new Date(end.toUnixTime() * 1000).toISOString()).toBe('2026-12-15T19:30:00.000Z');
  });

  it('gets the offsets right on the days the clocks change', () => {
    const after = startOffsetSeconds(
      parse(request({ startDate: '2026-03-29', startTime: '09:00', endTime: '10:00' })).vevent,
    );
    expect(after.offset).toBe(7200);
    const before = startOffsetSeconds(
      parse(request({ startDate: '2026-10-24', startTime: '09:00', endTime: '10:00' })).vevent,
    );
    expect(before.offset).toBe(7200);
    const back = startOffsetSeconds(
      parse(request({ startDate: '2026-10-25', startTime: '09:00', endTime: '10:00' })).vevent,
    );
    expect(back.offset).toBe(3600);
  });

  it('carries a VTIMEZONE for Europe/Rome with the EU daylight-saving rules', () => {
    const { cal } = parse(request());
    const vtz = cal.getFirstSubcomponent('vtimezone')!;
    expect(vtz.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    const daylight = vtz.getFirstSubcomponent('daylight')!;
    const standard = vtz.getFirstSubcomponent('standard')!;
    expect(daylight.getFirstProperty('rrule')!.toICALString()).toBe('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(standard.getFirstProperty('rrule')!.toICALString()).toBe(
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    );
    expect(daylight.getFirstProperty('tzoffsetto')!.toICALString()).toBe('TZOFFSETTO:+0200');
    expect(standard.getFirstProperty('tzoffsetto')!.toICALString()).toBe('TZOFFSETTO:+0100');
  });

  it('writes an all-day event as dates, without a time zone', () => {
    const { cal, vevent } = parse(request({ allDay: true }));
    expect(cal.getFirstSubcomponent('vtimezone')).toBeNull();
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    expect([start.isDate, start.toString(), end.toString()]).toEqual([true, '2026-07-15', '2026-07-16']);
  });

  it('sends an update with the same UID and a higher SEQUENCE, and the guest’s current answer', () => {
    const first = parse(request()).vevent;
    const update = parse(
      request(
        { sequence: 3, startTime: '19:00', endTime: '21:00' },
        { attendee: { ...attendee, partstat: 'ACCEPTED' } },
      ),
    ).vevent;
    expect(update.getFirstPropertyValue('uid')).toBe(first.getFirstPropertyValue('uid'));
    expect(update.getFirstPropertyValue('sequence')).toBe(3);
    expect(update.getFirstProperty('attendee')!.getParameter('partstat')).toBe('ACCEPTED');
    expect(new Date(startOffsetSeconds(update).unix * 1000).toISOString()).toBe('2026-07-15T17:00:00.000Z');
  });

  it('writes a recurring event with an UNTIL in UTC that ical.js expands across the March change', () => {
    const ics = request(
      {
        startDate: '2026-03-22',
        startTime: '09:00',
        endTime: '10:00',
        rrule: 'FREQ=WEEKLY;INTERVAL=1;UNTIL=20260405',
      },
      {
        seriesEndDate: '2026-04-05',
      },
    );
    const { vevent } = parse(ics);
    expect(vevent.getFirstProperty('rrule')!.toICALString()).toBe('RRULE:FREQ=WEEKLY;UNTIL=20260405T070000Z');
    const it = new ICAL.Event(vevent).iterator();
    const starts: string[] = [];
    for (let next = it.next(); next; next = it.next())
      starts.push(new Date(next.toUnixTime() * 1000).toISOString());
    expect(starts).toEqual([
      '2026-03-22T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-04-05T07:00:00.000Z',
    ]);
  });
});

describe('cancellation (METHOD:CANCEL)', () => {
  it('names the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const ics = buildInvitationIcs({
      method: 'CANCEL',
      event: base,
      seriesEndDate: base.startDate,
      organizer,
      attendee,
      sequence: 1,
      dtstamp,
    });
    const { cal, vevent } = parse(ics);
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('uid')).toBe(base.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(vevent.getFirstProperty('organizer')!.getFirstValue()).toBe(`mailto:${organizer.email}`);
    expect(vevent.getFirstProperty('attendee')!.getFirstValue()).toBe(`mailto:${attendee.email}`);
    expect(vevent.getFirstProperty('url')).toBeNull();
  });
});

describe('subscription feed (METHOD:PUBLISH)', () => {
  it('lists every event with its RRULE and one VTIMEZONE per zone', () => {
    const ics = buildFeedIcs({
      name: 'Officina Rossi',
      dtstamp,
      organizer,
      events: [
        { ...base, seriesEndDate: base.startDate },
        {
          ...base,
          uid: 'second@localhost',
          startDate: '2026-01-07',
          startTime: '09:00',
          endTime: '09:30',
          rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;COUNT=52',
          seriesEndDate: '2026-12-30',
        },
        {
          ...base,
          uid: 'third@localhost',
          allDay: true,
          startDate: '2026-08-15',
          seriesEndDate: '2026-08-15',
        },
      ],
    });
    const { cal, vevents } = parse(ics);
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Officina Rossi');
    expect(cal.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(vevents.map((v) => v.getFirstPropertyValue('uid'))).toEqual([
      base.uid,
      'second@localhost',
      'third@localhost',
    ]);
    for (const v of vevents) {
      expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
      expect(v.getFirstProperty('organizer')!.getFirstValue()).toBe(`mailto:${organizer.email}`);
    }
    expect(vevents[1]!.getFirstProperty('rrule')!.toICALString()).toBe('RRULE:FREQ=WEEKLY;COUNT=52;BYDAY=WE');
    expect(startOffsetSeconds(vevents[0]!).offset).toBe(7200);
    expect(startOffsetSeconds(vevents[1]!).offset).toBe(3600);
    // The weekly Wednesday 09:00 stays 09:00 local after the March change: 07:00 UTC.
    const it = new ICAL.Event(vevents[1]!).iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 14; next = it.next()) {
      starts.push(new Date(next.toUnixTime() * 1000).toISOString());
    }
    expect(starts[11]).toBe('2026-03-25T08:00:00.000Z');
    expect(starts[12]).toBe('2026-04-01T07:00:00.000Z');
  });
});

describe('TEXT values (RFC 5545 §3.3.11)', () => {
  /** The content lines a client that also splits on a bare CR, LF or NEL would see, unfolded. */
  function lines(ics: string) {
    return ics
      .replace(/\r\n[ \t]/g, '')
      .split(/\r\n|\r|\n|\u0085|\u2028|\u2029/)
      .filter(Boolean);
  }
  const hostile = {
    title: 'Cena\rATTENDEE:mailto:intruso@example.com',
    description: 'Riga 1\r\nRiga 2\rRiga 3\nfine; a, b \\ c\u0000\u0007\u001b\u007f\u0085\tTab',
    location: 'Sala\u2028A\rB',
  };

  it('escapes a bare CR, CRLF and LF as \\n, so no line break reaches the file', () => {
    for (const ics of [
      request(hostile, {
        attendee: { ...attendee, name: 'Giulia\r\nX-INJECTED:1' },
        organizer: { ...organizer, name: 'Officina\rRossi' },
      }),
      buildFeedIcs({
        name: 'Officina\rX-INJECTED:1',
        dtstamp,
        organizer,
        events: [{ ...base, ...hostile, seriesEndDate: base.startDate }],
      }),
    ]) {
      const all = lines(ics);
      expect(all.filter((l) => /^ATTENDEE/.test(l)).length).toBeLessThanOrEqual(1);
      expect(all.some((l) => l.startsWith('X-INJECTED'))).toBe(false);
      expect(all.every((l) => /^[A-Z-]+[;:]/.test(l))).toBe(true);
      // eslint-disable-next-line no-control-regex
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/);
      expect(ics).toContain('SUMMARY:Cena\\nATTENDEE:mailto:intruso@example.com');
      const { vevent } = parse(ics);
      expect(vevent.getFirstPropertyValue('summary')).toBe('Cena\nATTENDEE:mailto:intruso@example.com');
      expect(vevent.getFirstPropertyValue('description')).toMatch(
        /^Riga 1\nRiga 2\nRiga 3\nfine; a, b \\ c\tTab/,
      );
      expect(vevent.getFirstPropertyValue('location')).toBe('Sala\nA\nB');
      expect(vevent.getAllProperties('attendee').length).toBeLessThanOrEqual(1);
    }
  });

  it('writes backslash, semicolon and comma escaped', () => {
    const ics = request({ title: 'a\\b;c,d', description: null, location: null });
    expect(lines(ics)).toContain('SUMMARY:a\\\\b\\;c\\,d');
  });

  it('drops control characters other than HTAB and turns line breaks into LF', () => {
    expect(icsText('a\r\nb\rc\nd\u0000e\u001bf\u007fg\u0085h\ti')).toBe('a\nb\nc\ndefgh\ti');
  });
});

describe('VTIMEZONE from the platform’s zone data', () => {
  it('finds the two Rome transitions of a year to the minute', () => {
    expect(transitionsIn('Europe/Rome', 2027).map((t) => [t.at.toISOString(), t.from, t.to])).toEqual([
      ['2027-03-28T01:00:00.000Z', 60, 120],
      ['2027-10-31T01:00:00.000Z', 120, 60],
    ]);
  });

  it('gives ical.js the right offsets in other zones too', () => {
    for (const [zone, date, offset] of [
      ['America/New_York', { year: 2026, month: 7, day: 1, hour: 9 }, -4 * 3600],
      ['America/New_York', { year: 2026, month: 1, day: 1, hour: 9 }, -5 * 3600],
      ['Asia/Tokyo', { year: 2026, month: 7, day: 1, hour: 9 }, 9 * 3600],
      ['Australia/Sydney', { year: 2026, month: 1, day: 1, hour: 9 }, 11 * 3600],
      ['Australia/Sydney', { year: 2026, month: 7, day: 1, hour: 9 }, 10 * 3600],
    ] as const) {
      const tz = new ICAL.Timezone(buildVTimezone(zone, 2025, 2027));
      expect(
        tz.utcOffset(ICAL.Time.fromData({ ...date, minute: 0, second: 0 })),
        `${zone} ${date.month}`,
      ).toBe(offset);
    }
  });
});
