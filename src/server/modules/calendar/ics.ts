import ICAL from 'ical.js';
import { toIcsRRule } from '@shared/calendar/recurrence.ts';
import { addDays, offsetChanges, offsetMinutesAt } from '@shared/dates/dates.ts';

/**
 * iCalendar files (RFC 5545, iTIP RFC 5546) built with ical.js: the invitation (METHOD:REQUEST, also for
 * updates with a higher SEQUENCE), the cancellation (METHOD:CANCEL) and the subscription feed
 * (METHOD:PUBLISH). Times carry their TZID with a VTIMEZONE made from the platform's time-zone data (Intl), so
 * Gmail, Outlook and Apple Calendar place them right on both sides of a daylight-saving change.
 */

export const PRODID = '-//Gestionale//Calendar 1.0//IT';

export type IcsEvent = {
  uid: string;
  sequence: number;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  timeZone: string;
  rrule: string | null;
  createdAt: Date;
  updatedAt: Date;
};
export type IcsPerson = { email: string; name?: string | null };
export type Partstat = 'NEEDS-ACTION' | 'ACCEPTED' | 'TENTATIVE' | 'DECLINED';

function utcStamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function property(name: string, params: Record<string, string>, type: string, value: unknown) {
  return new ICAL.Property([name, params, type, value]);
}

// ─── TEXT values (RFC 5545 §3.3.11) ────────────────────────────────────────────────────────────────────────

/** Every control character but HTAB: C0, DEL and C1, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * A TEXT value as RFC 5545 §3.3.11 allows it: a line break (CRLF, a bare CR or LF) becomes one LF, which
 * ical.js writes as the escape `\n` (with `\\`, `\;` and `\,`); every other control character is dropped,
 * since TEXT admits none (TSAFE-CHAR) and a client that splits lines on a bare CR would read the rest as a new
 * property.
 */
export function icsText(value: string): string {
  return value
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => line.replace(CONTROL, ''))
    .join('\n');
}

/** A parameter value (CN) or an address: no control character at all, line breaks included (SAFE-CHAR). */
export function icsParam(value: string): string {
  return value
    .replace(/\r\n?|\n|[\u2028\u2029]/g, ' ')
    .replace(CONTROL, '')
    .trim();
}

/** A TEXT property, typed explicitly: ical.js escapes only values it knows to be TEXT (not X- properties). */
function addText(comp: ICAL.Component, name: string, value: string) {
  comp.addProperty(property(name, {}, 'text', icsText(value)));
}

function person(name: 'organizer' | 'attendee', who: IcsPerson, extra: Record<string, string> = {}) {
  const params: Record<string, string> = { ...extra };
  const cn = who.name ? icsParam(who.name) : '';
  if (cn) params.cn = cn;
  return property(name, params, 'cal-address', `mailto:${icsParam(who.email)}`);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// ─── VTIMEZONE ─────────────────────────────────────────────────────────────────────────────────────────────

type Transition = { at: Date; from: number; to: number };

/** The instants in a year when the zone's offset changes. */
export function transitionsIn(timeZone: string, year: number): Transition[] {
  return offsetChanges(timeZone, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The local onset of a transition, read on the clock before it (RFC 5545: DTSTART in TZOFFSETFROM). */
function onset(tr: Transition) {
  const local = new Date(tr.at.getTime() + tr.from * 60_000);
  return {
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    time: local.toISOString().slice(11, 19),
    date: local.toISOString().slice(0, 10),
  };
}

/** "Last Sunday of March" or "second Sunday of March": the yearly rule of an onset, as BYDAY. */
function ruleOf(tr: Transition): {
  month: number;
  byday: string;
  time: string;
  weekday: number;
  nth: number;
} {
  const o = onset(tr);
  const daysInMonth = new Date(Date.UTC(2001, o.month, 0)).getUTCDate();
  const nth = o.day + 7 > daysInMonth ? -1 : Math.ceil(o.day / 7);
  return { month: o.month, byday: `${nth}${BYDAY[o.weekday]}`, time: o.time, weekday: o.weekday, nth };
}

/** The date in `year` a rule names (nth or last weekday of the month). */
function dateOfRule(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const day = 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
    return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  }
  const last = new Date(Date.UTC(year, month, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return addDays(last.toISOString().slice(0, 10), -back);
}

function observance(kind: 'standard' | 'daylight', from: number, to: number, name: string | null) {
  const comp = new ICAL.Component(kind);
  comp.addProperty(property('tzoffsetfrom', {}, 'utc-offset', offsetText(from)));
  comp.addProperty(property('tzoffsetto', {}, 'utc-offset', offsetText(to)));
  if (name) comp.addPropertyWithValue('tzname', name);
  return comp;
}

function abbreviation(timeZone: string, at: Date): string | null {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // "GMT+1" says nothing the offsets do not: only real abbreviations (CET, CEST) are worth a TZNAME.
  return part && !part.startsWith('GMT') && !part.startsWith('UTC') ? part : null;
}

/**
 * The VTIMEZONE of an IANA zone for the years [fromYear, toYear]: yearly RRULEs when the zone follows one
 * rule in those years (Europe/Rome: last Sunday of March 02:00 → +02:00, last Sunday of October 03:00 →
 * +01:00), else the transitions listed as RDATEs; one STANDARD observance for a zone without DST.
 */
export function buildVTimezone(timeZone: string, fromYear: number, toYear: number): ICAL.Component {
  const vtz = new ICAL.Component('vtimezone');
  vtz.addPropertyWithValue('tzid', timeZone);
  const years: number[] = [];
  for (let y = fromYear; y <= toYear; y++) years.push(y);
  const perYear = years.map((y) => transitionsIn(timeZone, y));
  const all = perYear.flat();

  if (all.length === 0) {
    const offset = offsetMinutesAt(new Date(Date.UTC(fromYear, 0, 1)), timeZone);
    const std = observance(
      'standard',
      offset,
      offset,
      abbreviation(timeZone, new Date(Date.UTC(fromYear, 0, 1))),
    );
    std.addProperty(property('dtstart', {}, 'date-time', '1970-01-01T00:00:00'));
    vtz.addSubcomponent(std);
    return vtz;
  }

  const first = perYear[0]!;
  const rules = first.map(ruleOf);
  const regular =
    perYear.every((list) => list.length === first.length) &&
    perYear.every((list, i) =>
      list.every((tr, k) => {
        const rule = rules[k]!;
        const o = onset(tr);
        return (
          tr.from === first[k]!.from &&
          tr.to === first[k]!.to &&
          o.time === rule.time &&
          o.date === dateOfRule(years[i]!, rule.month, rule.weekday, rule.nth)
        );
      }),
    );

  if (regular) {
    first.forEach((tr, k) => {
      const rule = rules[k]!;
      const kind = tr.to > tr.from ? 'daylight' : 'standard';
      const comp = observance(
        kind,
        tr.from,
        tr.to,
        abbreviation(timeZone, new Date(tr.at.getTime() + 3_600_000)),
      );
      const start = dateOfRule(1970, rule.month, rule.weekday, rule.nth);
      comp.addProperty(property('dtstart', {}, 'date-time', `${start}T${rule.time}`));
      comp.addPropertyWithValue(
        'rrule',
        ICAL.Recur.fromString(`FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.byday}`),
      );
      vtz.addSubcomponent(comp);
    });
    return vtz;
  }

  // Irregular zones: every transition of the years listed, grouped by offset pair.
  const groups = new Map<string, Transition[]>();
  for (const tr of all) {
    const key = `${tr.from}/${tr.to}`;
    groups.set(key, [...(groups.get(key) ?? []), tr]);
  }
  for (const list of groups.values()) {
    const tr = list[0]!;
    const kind = tr.to > tr.from ? 'daylight' : 'standard';
    const comp = observance(
      kind,
      tr.from,
      tr.to,
      abbreviation(timeZone, new Date(tr.at.getTime() + 3_600_000)),
    );
    const o = onset(tr);
    comp.addProperty(property('dtstart', {}, 'date-time', `${o.date}T${o.time}`));
    for (const more of list.slice(1)) {
      const m = onset(more);
      comp.addProperty(property('rdate', {}, 'date-time', `${m.date}T${m.time}`));
    }
    vtz.addSubcomponent(comp);
  }
  return vtz;
}

// ─── VEVENT ────────────────────────────────────────────────────────────────────────────────────────────────

function yearsOf(event: IcsEvent, seriesEndDate: string): [number, number] {
  return [Number(event.startDate.slice(0, 4)) - 1, Number(seriesEndDate.slice(0, 4)) + 1];
}

function vevent(
  event: IcsEvent,
  options: {
    dtstamp: Date;
    sequence: number;
    status: 'CONFIRMED' | 'CANCELLED';
    organizer?: IcsPerson;
    attendee?: IcsPerson & { partstat: Partstat };
    extraDescription?: string;
    url?: string;
  },
): ICAL.Component {
  const ve = new ICAL.Component('vevent');
  ve.addPropertyWithValue('uid', event.uid);
  ve.addProperty(property('dtstamp', {}, 'date-time', utcStamp(options.dtstamp)));
  ve.addProperty(property('created', {}, 'date-time', utcStamp(event.createdAt)));
  ve.addProperty(property('last-modified', {}, 'date-time', utcStamp(event.updatedAt)));
  ve.addPropertyWithValue('sequence', options.sequence);
  if (event.allDay) {
    ve.addProperty(property('dtstart', {}, 'date', event.startDate));
    ve.addProperty(property('dtend', {}, 'date', addDays(event.startDate, 1)));
    ve.addPropertyWithValue('transp', 'TRANSPARENT');
  } else {
    const tz = { tzid: event.timeZone };
    ve.addProperty(property('dtstart', tz, 'date-time', `${event.startDate}T${event.startTime}:00`));
    ve.addProperty(property('dtend', tz, 'date-time', `${event.startDate}T${event.endTime}:00`));
    ve.addPropertyWithValue('transp', 'OPAQUE');
  }
  if (event.rrule) ve.addPropertyWithValue('rrule', ICAL.Recur.fromString(toIcsRRule(event.rrule, event)));
  addText(ve, 'summary', event.title);
  const description = [event.description, options.extraDescription].filter(Boolean).join('\n\n');
  if (description) addText(ve, 'description', description);
  if (event.location) addText(ve, 'location', event.location);
  if (options.url) ve.addPropertyWithValue('url', icsParam(options.url));
  ve.addPropertyWithValue('status', options.status);
  if (options.organizer) ve.addProperty(person('organizer', options.organizer));
  if (options.attendee) {
    ve.addProperty(
      person('attendee', options.attendee, {
        cutype: 'INDIVIDUAL',
        role: 'REQ-PARTICIPANT',
        partstat: options.attendee.partstat,
        rsvp: 'TRUE',
      }),
    );
  }
  return ve;
}

function calendar(method: 'REQUEST' | 'CANCEL' | 'PUBLISH') {
  const cal = new ICAL.Component('vcalendar');
  cal.addPropertyWithValue('prodid', PRODID);
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('method', method);
  return cal;
}

/**
 * The file attached to an invitation e-mail to one guest: REQUEST (new or changed event, PARTSTAT as the
 * guest last answered, RSVP=TRUE) or CANCEL (event deleted or guest uninvited). Only this guest is listed.
 */
export function buildInvitationIcs(input: {
  method: 'REQUEST' | 'CANCEL';
  event: IcsEvent;
  seriesEndDate: string;
  organizer: IcsPerson;
  attendee: IcsPerson & { partstat: Partstat };
  sequence: number;
  dtstamp: Date;
  rsvpUrl?: string;
  rsvpLabel?: string;
}): string {
  const cal = calendar(input.method);
  if (!input.event.allDay) {
    cal.addSubcomponent(buildVTimezone(input.event.timeZone, ...yearsOf(input.event, input.seriesEndDate)));
  }
  cal.addSubcomponent(
    vevent(input.event, {
      dtstamp: input.dtstamp,
      sequence: input.sequence,
      status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
      organizer: input.organizer,
      attendee: input.attendee,
      ...(input.rsvpUrl
        ? { url: input.rsvpUrl, extraDescription: `${input.rsvpLabel ?? 'RSVP'}: ${input.rsvpUrl}` }
        : {}),
    }),
  );
  return cal.toString() + '\r\n';
}

/** The subscription feed: every event with its RRULE, one VTIMEZONE per zone used. */
export function buildFeedIcs(input: {
  name: string;
  events: (IcsEvent & { seriesEndDate: string; url?: string })[];
  dtstamp: Date;
  organizer?: IcsPerson;
}): string {
  const cal = calendar('PUBLISH');
  addText(cal, 'x-wr-calname', input.name);
  const zones = new Map<string, [number, number]>();
  for (const e of input.events) {
    if (e.allDay) continue;
    const [from, to] = yearsOf(e, e.seriesEndDate);
    const seen = zones.get(e.timeZone);
    zones.set(e.timeZone, seen ? [Math.min(seen[0], from), Math.max(seen[1], to)] : [from, to]);
  }
  const mainZone = input.events.find((e) => !e.allDay)?.timeZone;
  if (mainZone) cal.addPropertyWithValue('x-wr-timezone', mainZone);
  cal.addProperty(property('refresh-interval', {}, 'duration', 'PT1H'));
  cal.addPropertyWithValue('x-published-ttl', 'PT1H');
  for (const [zone, [from, to]] of zones) cal.addSubcomponent(buildVTimezone(zone, from, to));
  for (const e of input.events) {
    cal.addSubcomponent(
      vevent(e, {
        dtstamp: input.dtstamp,
        sequence: e.sequence,
        status: 'CONFIRMED',
        ...(input.organizer ? { organizer: input.organizer } : {}),
        ...(e.url ? { url: e.url } : {}),
      }),
    );
  }
  return cal.toString() + '\r\n';
}
