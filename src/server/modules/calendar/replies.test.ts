import { describe, expect, it } from 'vitest';
import { calendarReplyOf } from './replies.ts';

const ics = (lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const vevent = (attendees: string[], extra: string[] = []) => [
  'BEGIN:VEVENT',
  'UID:evt-1@gestionale.example',
  'DTSTAMP:20261128T090000Z',
  ...attendees,
  ...extra,
  'END:VEVENT',
];

describe('iCalendar REPLY from a guest’s calendar app', () => {
  it('reads the sender’s own answer: accepted, declined, tentative → maybe, with the comment', () => {
    for (const [partstat, response] of [
      ['ACCEPTED', 'accepted'],
      ['DECLINED', 'declined'],
      ['TENTATIVE', 'maybe'],
    ] as const) {
      const text = ics([
        'METHOD:REPLY',
        ...vevent(
          [`ATTENDEE;PARTSTAT=${partstat};CN=Ospite:mailto:Ospite@Example.it`],
          ['COMMENT:Arrivo tardi'],
        ),
      ]);
      expect(calendarReplyOf(text, 'ospite@example.it')).toEqual({
        uid: 'evt-1@gestionale.example',
        attendee: 'ospite@example.it',
        response,
        comment: 'Arrivo tardi',
      });
    }
  });

  it('ignores requests, unknown states, answers for someone else and what does not parse', () => {
    const accepted = vevent(['ATTENDEE;PARTSTAT=ACCEPTED:mailto:ospite@example.it']);
    expect(calendarReplyOf(ics(['METHOD:REQUEST', ...accepted]), 'ospite@example.it')).toBeNull();
    expect(
      calendarReplyOf(
        ics(['METHOD:REPLY', ...vevent(['ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:ospite@example.it'])]),
        'ospite@example.it',
      ),
    ).toBeNull();
    expect(calendarReplyOf(ics(['METHOD:REPLY', ...accepted]), 'altro@example.it')).toBeNull();
    expect(calendarReplyOf('not a calendar', 'ospite@example.it')).toBeNull();
  });
});
