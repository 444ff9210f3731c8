import { eq } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  ZRsvpSubmission,
  type InvitationLanguage,
  type TEvent,
  type TEventFormValues,
  type TRsvpFormValues,
} from '@shared/calendar/contracts.ts';
import { addDays, utcToZoned, weekdayIndex } from '@shared/dates/dates.ts';
import { events } from '../db/schema/calendar.ts';
import type { Db } from '../platform/db.ts';
import { languageOf } from '../modules/calendar/delivery.ts';
import * as repo from '../modules/calendar/repository.ts';
import { recordRsvpForGuest, tokenExpiryOf } from '../modules/calendar/service.ts';
import { addEvent } from './factories.ts';
import { hashToken, newToken } from '../modules/calendar/tokens.ts';

/**
 * Demo calendar of Officina Rossi S.r.l. (issue 6), dated relative to today so the story stays current: the
 * weekly team meeting (recurring), a past delivery at a client's and a past demonstration with a guest checked
 * in, a site visit at a client this week, an all-day closure, the opening of a new department next week with
 * invitations in every state (accepted with guests, maybe, declined, pending in English) and a training course.
 * Events go through the calendar service (zone, instants, UID); invitations through the repository with a
 * hashed link like real ones, but no e-mail is sent. Runs once: an organization with events is left alone.
 */

/** Where the UIDs of the demo events say they come from (the demo business's website). */
const DEMO_APP_URL = 'https://officinarossi.gestionale.test';
const WORKSHOP = 'Via Giuseppe Mazzini 12, Forlì';
const HOUR_MS = 3_600_000;

type DemoClient = { id: string; name: string; email: string | null; language: InvitationLanguage };

type Guest = {
  /** The demo client's company or full name; when it is missing the guest is invited as an e-mail address. */
  client: string;
  email: string;
  answer?: TRsvpFormValues & { hoursAgo: number };
  message?: string;
};

async function demoClients(db: Db, orgId: string): Promise<Map<string, DemoClient>> {
  const rows = await repo.listClientContacts(db, orgId);
  const byName = new Map<string, DemoClient>();
  for (const r of rows) {
    const name = r.companyName?.trim() || r.fullName?.trim() || '';
    if (name) {
      byName.set(name, { id: r.id, name, email: r.email, language: languageOf(r.preferredLanguage) });
    }
  }
  return byName;
}

export async function seedCalendarDemo(deps: { db: Db; orgId: string; userId: string }): Promise<number> {
  const { db, orgId, userId } = deps;
  const [existing] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.organizationId, orgId))
    .limit(1);
  if (existing) return 0;

  const byName = await demoClients(db, orgId);
  const today = utcToZoned(new Date(), DEFAULT_TIME_ZONE).date;
  const day = (offset: number) => addDays(today, offset);
  const now = Date.now();
  let created = 0;

  const event = async (values: TEventFormValues & { client?: string }) => {
    const { client, ...input } = values;
    const saved = await addEvent(
      { db, appUrl: DEMO_APP_URL },
      { orgId, userId, values: { ...input, clientId: client ? (byName.get(client)?.id ?? null) : null } },
    );
    created += 1;
    return saved;
  };

  /** An invitation as if e-mailed `sentDaysAgo` days ago, with a link (only its hash is kept) and an answer. */
  const invite = async (ev: TEvent, guest: Guest, sentDaysAgo: number) => {
    const client = byName.get(guest.client);
    const row = await repo.insertInvitation(db, orgId, ev.id, {
      inviteeEmail: (client?.email ?? guest.email).toLowerCase(),
      inviteeName: client?.name ?? guest.client,
      inviteePhone: null,
      inviteeType: client ? 'client' : 'external',
      clientId: client?.id ?? null,
      invitationMessage: guest.message ?? null,
      invitationMethod: 'email',
      language: client?.language ?? 'it',
      createdBy: userId,
      tokenExpiresAt: tokenExpiryOf({ seriesEndsAt: new Date(ev.seriesEndsAt) }),
      sendReminders: true,
      invitationSentAt: new Date(now - sentDaysAgo * 24 * HOUR_MS),
    });
    await repo.addToken(db, row.id, hashToken(newToken()));
    if (guest.answer) {
      const { hoursAgo, ...answer } = guest.answer;
      await recordRsvpForGuest(
        { db },
        { orgId, eventId: ev.id, id: row.id, submission: ZRsvpSubmission.parse(answer) },
      );
      await repo.updateInvitation(db, row.id, { rsvpRespondedAt: new Date(now - hoursAgo * HOUR_MS) });
    }
    return row;
  };

  // Every Monday at 08:30, from two or three weeks ago, twelve times.
  const monday = day(-14 - weekdayIndex(today));
  await event({
    title: 'Riunione settimanale di officina',
    startDate: monday,
    startTime: '08:30',
    endTime: '09:00',
    location: 'Officina – sala riunioni',
    description: 'Avanzamento delle commesse e turni della settimana.',
    recurrence: { frequency: 'weekly', interval: 1, count: 12 },
  });

  await event({
    title: 'Consegna del trattore revisionato',
    startDate: day(-6),
    startTime: '10:00',
    endTime: '11:00',
    location: 'Caseificio Moretti, piazzale mezzi',
    description: 'Consegna del Landini 6-135 dopo il tagliando e prova su strada con il cliente.',
    client: 'Caseificio Moretti S.S. Agricola',
  });

  const demo = await event({
    title: 'Dimostrazione della nuova fresatrice CNC',
    startDate: day(-10),
    startTime: '15:00',
    endTime: '17:00',
    location: WORKSHOP,
    description: 'Prove di lavorazione su pezzi dei clienti.',
  });
  const marino = await invite(
    demo,
    {
      client: 'Autofficina Marino S.r.l.',
      email: 'officina@autofficinamarino.example.com',
      answer: { response: 'accepted', guestCount: 2, hoursAgo: 24 * 14 },
    },
    18,
  );
  const attendee = await repo.findAttendeeByInvitation(db, marino.id);
  if (attendee) {
    await repo.setAttendance(db, {
      id: attendee.id,
      checkedIn: true,
      by: userId,
      at: new Date(new Date(demo.startsAt).getTime() + 7 * 60_000),
    });
  }
  await invite(demo, { client: 'Luca Ferrari', email: 'luca.ferrari@example.com' }, 18); // never answered

  await event({
    title: 'Sopralluogo cantiere Rossi Costruzioni',
    startDate: day(2),
    startTime: '09:30',
    endTime: '11:00',
    location: 'Via Alessandro Manzoni 10, Milano',
    description: 'Verifica dei mezzi di cantiere da mettere sotto contratto di manutenzione.',
    client: 'Rossi Costruzioni S.r.l.',
  });

  await event({
    title: 'Chiusura per inventario di magazzino',
    startDate: day(4),
    allDay: true,
    description: "L'officina resta chiusa al pubblico; urgenze al numero di reperibilità.",
  });

  const opening = await event({
    title: 'Inaugurazione del nuovo reparto di rettifica',
    startDate: day(8),
    startTime: '18:00',
    endTime: '21:00',
    location: WORKSHOP,
    description: 'Visita al reparto, dimostrazione della rettificatrice e rinfresco.',
  });
  const message = 'Saremo felici di mostrarvi il nuovo reparto: vi aspettiamo!';
  await invite(
    opening,
    {
      client: 'Bianchi & Figli S.n.c.',
      email: 'info@bianchiefigli.example.com',
      message,
      answer: {
        response: 'accepted',
        guestCount: 3,
        dietaryRestrictions: 'Un ospite vegetariano',
        message: 'Ci saremo volentieri!',
        hoursAgo: 30,
      },
    },
    3,
  );
  await invite(
    opening,
    {
      client: 'Trattoria Da Gino di Luigi Ferri',
      email: 'prenotazioni@trattoriadagino.example.com',
      message,
      answer: {
        response: 'maybe',
        message: 'Dipende dal turno in cucina, vi confermo entro venerdì.',
        hoursAgo: 20,
      },
    },
    3,
  );
  await invite(
    opening,
    {
      client: 'Studio Legale Colombo e Associati',
      email: 'segreteria@studiocolombo.example.com',
      message,
      answer: {
        response: 'declined',
        message: "Purtroppo abbiamo un'udienza. Grazie dell'invito!",
        hoursAgo: 6,
      },
    },
    3,
  );
  await invite(
    opening,
    { client: 'Müller Maschinenbau GmbH', email: 'einkauf@mueller-maschinenbau.example.com' },
    2,
  );

  await event({
    title: 'Corso di aggiornamento sulla sicurezza',
    startDate: day(10),
    startTime: '09:00',
    endTime: '13:00',
    location: 'Sala corsi Confartigianato, Forlì',
    description: 'Aggiornamento obbligatorio per gli addetti alle macchine utensili.',
  });

  return created;
}
