import { isUuid } from '@shared/ids/uuid.ts';
import type { TAttendee, TCheckIn, TComment, TCommentInput } from '@shared/calendar/contracts.ts';
import { tokenFromScannedCode } from '@shared/calendar/rsvp.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import { requireEvent } from './service.ts';
import { lookupHash } from './tokens.ts';

/**
 * The event page's attendees (accepted guests, checked in at the door from the list or by scanning the QR code
 * of their invitation) and comments (general by default, public to the organization or private to the author,
 * replies through parent_comment_id).
 */

function toAttendee(row: repo.AttendeeRow): TAttendee {
  return {
    id: row.id,
    eventId: row.eventId,
    invitationId: row.invitationId,
    clientId: row.clientId,
    name: row.name,
    email: row.email,
    guestCount: row.guestCount,
    attendanceStatus: row.attendanceStatus as TAttendee['attendanceStatus'],
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAttendees({ db }: { db: Db }, input: { orgId: string; eventId: string }) {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  return { items: (await repo.listAttendees(db, input.orgId, event.id)).map(toAttendee) };
}

const checkInFailed = (path: string, message: string) => new AppError('CHECK_IN_FAILED', [{ path, message }]);

/** The invitation a check-in names: by id (404 when not this event's) or by the scanned code. */
async function invitationToCheckIn(db: Db, orgId: string, eventId: string, body: TCheckIn) {
  if (body.invitationId) {
    const found = await repo.findInvitation(db, orgId, eventId, body.invitationId);
    if (!found) throw new AppError('INVITATION_NOT_FOUND');
    return { invitation: found.invitation, path: 'invitationId' };
  }
  const token = tokenFromScannedCode(body.code ?? '');
  const hash = token ? lookupHash(token) : null;
  const found = hash ? await repo.findByTokenHash(db, hash) : undefined;
  if (!found || found.invitation.organizationId !== orgId || found.invitation.eventId !== eventId) {
    throw checkInFailed('code', 'calendar.errors.checkInCodeInvalid');
  }
  return { invitation: found.invitation, path: 'code' };
}

/**
 * Checks an accepted guest in (attendance_status checked_in with the time). Checking in again answers the
 * attendee unchanged; a guest who has not accepted → 409 CHECK_IN_FAILED with the reason.
 */
export async function checkIn(
  { db }: { db: Db },
  input: { orgId: string; userId: string; eventId: string; body: TCheckIn },
): Promise<TAttendee> {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  const { invitation, path } = await invitationToCheckIn(db, input.orgId, event.id, input.body);
  if (invitation.rsvpStatus !== 'accepted') throw checkInFailed(path, 'calendar.errors.checkInNotAccepted');
  const attendee = await repo.upsertAttendee(db, invitation);
  if (attendee.attendanceStatus === 'checked_in') return toAttendee(attendee);
  const updated = await repo.setAttendance(db, {
    id: attendee.id,
    checkedIn: true,
    by: input.userId,
    at: new Date(),
  });
  // Checked in by someone else at the same moment: answer the row as it is.
  return toAttendee(updated ?? (await repo.findAttendee(db, input.orgId, event.id, attendee.id))!);
}

export async function undoCheckIn(
  { db }: { db: Db },
  input: { orgId: string; eventId: string; attendeeId: string },
): Promise<TAttendee> {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  if (!isUuid(input.attendeeId)) throw new AppError('NOT_FOUND');
  const attendee = await repo.findAttendee(db, input.orgId, event.id, input.attendeeId);
  if (!attendee) throw new AppError('NOT_FOUND');
  const updated = await repo.setAttendance(db, {
    id: attendee.id,
    checkedIn: false,
    by: null,
    at: new Date(),
  });
  return toAttendee(updated ?? attendee);
}

// ─── Comments ──────────────────────────────────────────────────────────────────────────────────────────────

function toComment(row: repo.CommentRow): TComment {
  return {
    id: row.id,
    eventId: row.eventId,
    commentText: row.commentText,
    commentType: row.commentType as TComment['commentType'],
    authorId: row.authorId,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    isPublic: row.isPublic,
    parentCommentId: row.parentCommentId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listComments(
  { db }: { db: Db },
  input: { orgId: string; userId: string; eventId: string },
) {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  return { items: (await repo.listComments(db, input.orgId, event.id, input.userId)).map(toComment) };
}

/** A reply must answer a comment of the same event the author can see: 422 COMMENT_ADD_FAILED otherwise. */
export async function addComment(
  { db }: { db: Db },
  input: {
    orgId: string;
    author: { id: string; name: string; email: string };
    eventId: string;
    comment: TCommentInput;
  },
): Promise<TComment> {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  const parentId = input.comment.parentCommentId;
  if (parentId && !(await repo.findComment(db, input.orgId, event.id, parentId, input.author.id))) {
    throw new AppError('COMMENT_ADD_FAILED', [
      { path: 'parentCommentId', message: 'calendar.errors.parentCommentInvalid' },
    ]);
  }
  const row = await repo.insertComment(db, {
    organizationId: input.orgId,
    eventId: event.id,
    commentText: input.comment.commentText,
    commentType: input.comment.commentType,
    authorId: input.author.id,
    authorName: input.author.name,
    authorEmail: input.author.email,
    isPublic: input.comment.isPublic,
    parentCommentId: parentId,
  });
  return toComment(row);
}

/** Deletes a comment the caller can see, with its replies. */
export async function deleteComment(
  { db }: { db: Db },
  input: { orgId: string; userId: string; eventId: string; id: string },
) {
  const event = await requireEvent({ db }, { orgId: input.orgId, id: input.eventId });
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND');
  const found = await repo.findComment(db, input.orgId, event.id, input.id, input.userId);
  if (!found || !(await repo.deleteComment(db, input.orgId, found.id))) throw new AppError('NOT_FOUND');
}
