import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, loadNamespace, loadNamespaces, keysNamedIn } from '../../../../test/helpers/locales.ts';
import { COMMENT_TYPES, RSVP_RESPONSES, RSVP_STATUSES } from '@shared/calendar/contracts.ts';
import { ROUTES } from '@shared/navigation/routes.ts';
import { CALENDAR_VIEWS } from './calendar-dates.ts';

/**
 * The calendar and rsvp namespaces: the same keys in Italian and English (plural forms included), a text for every
 * status, answer, view and comment type the screens show, and every key the screens name literally.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const NAMESPACES = ['calendar', 'rsvp'] as const;
const SCREENS = ['calendar', 'rsvp'].map((d) => join(ROOT, 'src/web/features', d));

const keys = { it: loadNamespaces('it', NAMESPACES), en: loadNamespaces('en', NAMESPACES) };

const has = (lang: 'it' | 'en', key: string) => hasKey(keys[lang], key);

describe('calendar and rsvp translations', () => {
  it('label the guest counts persona / persone (person / people)', () => {
    expect(keys.it.get('rsvp:form.people_one')).toBe('{{count}} persona');
    expect(keys.it.get('rsvp:form.people_other')).toBe('{{count}} persone');
    expect(keys.en.get('rsvp:form.people_one')).toBe('{{count}} person');
    expect(keys.en.get('rsvp:form.people_other')).toBe('{{count}} people');
  });

  it('name every status, answer, view, comment type and subscription app', () => {
    const expected = [
      ...RSVP_STATUSES.flatMap((s) => [`calendar:rsvpStatus.${s}`, `rsvp:status.${s}`]),
      ...RSVP_RESPONSES.map((r) => `rsvp:form.responses.${r}`),
      ...CALENDAR_VIEWS.flatMap((v) => [
        `calendar:views.${v}`,
        `calendar:toolbar.previous.${v}`,
        `calendar:toolbar.next.${v}`,
      ]),
      ...COMMENT_TYPES.map((c) => `calendar:comments.types.${c}`),
      ...['daily', 'weekly', 'monthly'].flatMap((f) => [
        `calendar:recurrence.${f}`,
        `calendar:form.every.${f}`,
      ]),
      ...['google', 'outlook', 'apple'].flatMap((a) => [
        `calendar:feed.apps.${a}.name`,
        `calendar:feed.apps.${a}.steps`,
      ]),
      ...['email', 'sms'].map((m) => `calendar:methods.${m}`),
      ...['external', 'client'].map((m) => `calendar:invite.types.${m}`),
    ];
    for (const key of expected) {
      expect(has('it', key), key).toBe(true);
      expect(has('en', key), key).toBe(true);
    }
  });

  it('contain every key the screens name literally', () => {
    const used = keysNamedIn(SCREENS, NAMESPACES);
    expect(used.size).toBeGreaterThan(150);
    const missing = [...used].filter((key) => !has('it', key) || !has('en', key));
    expect(missing).toEqual([]);
  });

  it('label every route in the navigation namespace', () => {
    for (const lang of ['it', 'en'] as const) {
      const navigation = loadNamespace(lang, 'navigation');
      for (const name of ['calendar', 'calendarEvent', 'calendarPage', 'rsvp']) {
        expect(navigation.has(`routes.${name}`), `${lang} routes.${name}`).toBe(true);
      }
      expect(ROUTES.some((r) => r.name === 'calendarEvent')).toBe(true);
    }
  });
});
