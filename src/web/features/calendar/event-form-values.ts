import {
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  WEEKDAYS,
  ZEventInput,
  type TEvent,
  type TEventFormValues,
  type TEventInput,
  type Weekday,
} from '@shared/calendar/contracts.ts';
import { weekdayIndex } from '@shared/dates/dates.ts';

/** The event dialog's fields as the inputs hold them (text for numbers, the client as a picked chip). */
export interface EventFormValues {
  title: string;
  startDate: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  location: string;
  description: string;
  client: { id: string; name: string } | null;
  repeat: 'none' | 'daily' | 'weekly' | 'monthly';
  interval: string;
  byWeekday: Weekday[];
  endKind: 'until' | 'count';
  until: string;
  count: string;
}

/** A new event on a day (and a slot's time), 09:00–10:00 by default (spec §9). */
export function newEventValues(
  date: string,
  times?: { startTime: string; endTime: string } | null,
  allDay = false,
): EventFormValues {
  return {
    title: '',
    startDate: date,
    startTime: times?.startTime ?? DEFAULT_START_TIME,
    endTime: times?.endTime ?? DEFAULT_END_TIME,
    allDay,
    location: '',
    description: '',
    client: null,
    repeat: 'none',
    interval: '1',
    byWeekday: [],
    endKind: 'count',
    until: '',
    count: '10',
  };
}

export function eventValuesOf(event: TEvent): EventFormValues {
  const rec = event.recurrence;
  return {
    title: event.title,
    startDate: event.startDate,
    startTime: event.startTime,
    endTime: event.endTime,
    allDay: event.allDay,
    location: event.location ?? '',
    description: event.description ?? '',
    client: event.client ? { id: event.client.id, name: event.client.name } : null,
    repeat: rec?.frequency ?? 'none',
    interval: String(rec?.interval ?? 1),
    byWeekday: rec?.byWeekday ?? [],
    endKind: rec?.until ? 'until' : 'count',
    until: rec?.until ?? '',
    count: String(rec?.count ?? 10),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What POST/PUT /api/v1/events receives. */
export function eventInputOf(values: EventFormValues): TEventFormValues {
  return {
    title: values.title,
    startDate: values.startDate,
    startTime: values.allDay ? null : values.startTime,
    endTime: values.allDay ? null : values.endTime,
    allDay: values.allDay,
    location: values.location,
    description: values.description,
    clientId: values.client?.id ?? null,
    recurrence:
      values.repeat === 'none'
        ? null
        : {
            frequency: values.repeat,
            interval: number(values.interval),
            byWeekday: values.repeat === 'weekly' && values.byWeekday.length > 0 ? values.byWeekday : null,
            until: values.endKind === 'until' ? values.until || null : null,
            count: values.endKind === 'count' ? number(values.count) : null,
          },
  };
}

/** The dialog's field of a contract path (recurrence.until → until, clientId → client). */
export function formFieldOf(path: string): keyof EventFormValues | 'root' {
  const last = path.split('.').pop() ?? '';
  if (path === 'clientId') return 'client';
  if (path.startsWith('recurrence')) {
    if (['interval', 'byWeekday', 'until', 'count'].includes(last)) return last as keyof EventFormValues;
    return 'repeat';
  }
  const known: (keyof EventFormValues)[] = [
    'title',
    'startDate',
    'startTime',
    'endTime',
    'allDay',
    'location',
    'description',
  ];
  return known.includes(last as keyof EventFormValues) ? (last as keyof EventFormValues) : 'root';
}

/** Checks the values with the server's contract; the issues come back on the dialog's fields. */
export function parseEventValues(
  values: EventFormValues,
):
  | { success: true; data: TEventInput }
  | { success: false; issues: { field: keyof EventFormValues | 'root'; message: string }[] } {
  const parsed = ZEventInput.safeParse(eventInputOf(values));
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    issues: parsed.error.issues.map((issue) => ({
      field: formFieldOf(issue.path.join('.')),
      message: issue.message,
    })),
  };
}

/** The start date's week day, which a weekly repetition always includes. */
export function weekdayOf(date: string): Weekday | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? WEEKDAYS[weekdayIndex(date)]! : null;
}
