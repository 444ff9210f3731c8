import QRCode from 'qrcode';
import type { InvitationLanguage, RsvpStatus } from '@shared/calendar/contracts.ts';
import { lastOccurrenceDate, parseRRule } from '@shared/calendar/recurrence.ts';
import { partstatOf } from '@shared/calendar/rsvp.ts';
import type { Db } from '../../platform/db.ts';
import { addressOf, type MailPort } from '../../platform/mail.ts';
import { buildInvitationIcs, type IcsEvent, type IcsPerson } from './ics.ts';
import { renderGuestMail, rsvpLinks, type GuestMailKind, type MailEvent } from './invitation-mail.ts';
import * as repo from './repository.ts';

/**
 * Putting a guest e-mail together: the text and HTML in the guest's language, the .ics (REQUEST or CANCEL for
 * this guest only) and, on the invitation itself, the QR code for check-in (it encodes the RSVP link, which
 * the host's check-in scanner accepts). The message goes to the durable outbox of the mail port.
 */

export type DeliveryDeps = { db: Db; mail: MailPort; appUrl: string; mailFrom: string };

/**
 * The iCalendar ORGANIZER: the business profile's name and e-mail (where guests' calendar apps send their
 * replies), else the event creator's e-mail, else the mail port's From address.
 */
export async function organizerFor(
  deps: { db: Db; mailFrom: string },
  { orgId, createdBy }: { orgId: string; createdBy: string | null },
): Promise<IcsPerson & { name: string }> {
  const org = await repo.organizerOf(deps.db, orgId);
  const name = org?.companyName?.trim() || org?.orgName || 'Gestionale';
  let email = org?.email?.trim() || null;
  if (!email && createdBy) email = (await repo.findUserContact(deps.db, createdBy))?.email ?? null;
  return { name, email: email ?? addressOf(deps.mailFrom) };
}

export function seriesEndDateOf(event: repo.EventRow): string {
  return lastOccurrenceDate(event.startDate, event.rrule);
}

export function hhmm(time: string): string {
  return time.slice(0, 5);
}

export function icsEventOf(event: repo.EventRow): IcsEvent {
  return {
    uid: event.uid,
    sequence: event.sequence,
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: event.startDate,
    startTime: hhmm(event.startTime),
    endTime: hhmm(event.endTime),
    allDay: event.allDay,
    timeZone: event.timeZone,
    rrule: event.rrule,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

export function mailEventOf(event: repo.EventRow): MailEvent {
  return {
    title: event.title,
    startDate: event.startDate,
    startTime: hhmm(event.startTime),
    endTime: hhmm(event.endTime),
    allDay: event.allDay,
    location: event.location,
    description: event.description,
    timeZone: event.timeZone,
    recurrence: event.rrule ? parseRRule(event.rrule) : null,
  };
}

export const languageOf = (value: string | null | undefined): InvitationLanguage =>
  value === 'en' ? 'en' : 'it';

/**
 * The language the organization's staff are written to (the host's notice of an answer, by e-mail and in the
 * app). Neither the business profile nor the organization settings store a language, so it follows the
 * business profile's country: Italian for a business in Italy, English for one elsewhere (the product has
 * those two), and Italian, the product's language, when there is no profile.
 */
export function hostLanguageOfCountry(country: string | null | undefined): InvitationLanguage {
  return !country || country === 'IT' ? 'it' : 'en';
}

export async function hostLanguageOf(
  { db }: { db: Db },
  { orgId }: { orgId: string },
): Promise<InvitationLanguage> {
  return hostLanguageOfCountry((await repo.organizerOf(db, orgId))?.country);
}

const CANCELS: readonly GuestMailKind[] = ['cancel_event', 'cancel_invitation'];

/**
 * Writes one e-mail to a guest. `token` (a fresh link of this invitation) is required except for
 * cancellations; `sequence` is the SEQUENCE of the .ics (raised past the stored one for a cancellation).
 */
export async function sendGuestMail(
  deps: DeliveryDeps,
  input: {
    kind: GuestMailKind;
    event: repo.EventRow;
    invitation: Pick<
      repo.InvitationRow,
      'inviteeEmail' | 'inviteeName' | 'invitationMessage' | 'language' | 'rsvpStatus'
    > & {
      organizationId: string;
    };
    organizer: IcsPerson & { name: string };
    userId: string | null;
    token?: string;
    sequence: number;
    hoursBefore?: number;
    now?: Date;
  },
): Promise<string> {
  const language = languageOf(input.invitation.language);
  const cancel = CANCELS.includes(input.kind);
  const rendered = renderGuestMail({
    kind: input.kind,
    language,
    organizerName: input.organizer.name,
    inviteeName: input.invitation.inviteeName,
    invitationMessage: input.invitation.invitationMessage,
    event: mailEventOf(input.event),
    appUrl: deps.appUrl,
    ...(input.token ? { token: input.token } : {}),
    ...(input.hoursBefore ? { hoursBefore: input.hoursBefore } : {}),
  });
  const links = input.token && !cancel ? rsvpLinks(deps.appUrl, input.token) : null;
  const method = cancel ? 'CANCEL' : 'REQUEST';
  const ics = buildInvitationIcs({
    method,
    event: icsEventOf(input.event),
    seriesEndDate: seriesEndDateOf(input.event),
    organizer: input.organizer,
    attendee: {
      email: input.invitation.inviteeEmail,
      name: input.invitation.inviteeName,
      partstat: partstatOf(input.invitation.rsvpStatus as RsvpStatus),
    },
    sequence: input.sequence,
    dtstamp: input.now ?? new Date(),
    ...(links ? { rsvpUrl: links.page, rsvpLabel: language === 'it' ? 'Rispondi' : 'Answer' } : {}),
  });
  const attachments: { filename: string; contentType: string; content: Buffer }[] = [
    {
      filename: cancel ? 'cancel.ics' : 'invite.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: Buffer.from(ics, 'utf8'),
    },
  ];
  if (input.kind === 'invitation' && links) {
    attachments.push({
      filename: 'qr-check-in.png',
      contentType: 'image/png',
      content: await QRCode.toBuffer(links.page, {
        type: 'png',
        width: 320,
        margin: 2,
        errorCorrectionLevel: 'M',
      }),
    });
  }
  return deps.mail.send(
    {
      to: input.invitation.inviteeEmail,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments,
    },
    { organizationId: input.invitation.organizationId, userId: input.userId },
  );
}
