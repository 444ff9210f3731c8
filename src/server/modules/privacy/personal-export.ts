import type { Locale } from '@shared/errors/error-codes.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './repository.ts';
import { personalReadme } from './readme.ts';
import { creatorTables, type RegisteredTable } from '../../db/table-registry.ts';
import type { ZipWriter } from './zip-writer.ts';

/** Long opaque strings in mail bodies (reset and invitation links): blanked, they could still open a door. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;

export function redactTokens(text: string): string {
  return text.replace(TOKEN_LIKE, '[…]');
}

type AuditRow = Awaited<ReturnType<typeof repo.auditPageAbout>>[number];

/** An entry about the user made by someone else keeps the action, never the other person's identity. */
export function auditEntryFor(userId: string, row: AuditRow) {
  const { cursorAt: _cursor, ...entry } = row;
  if (entry.userId === userId) return entry;
  return {
    id: entry.id,
    organizationId: entry.organizationId,
    action: entry.action,
    severity: entry.severity,
    byAnotherUser: true,
    targetUserId: entry.targetUserId,
    details: entry.details,
    createdAt: entry.createdAt,
  };
}

async function* auditPages(db: Db, userId: string) {
  let after: repo.TimeCursor | null = null;
  for (;;) {
    const page = await repo.auditPageAbout(db, userId, after);
    yield page.map((row) => auditEntryFor(userId, row));
    if (page.length < repo.EXPORT_PAGE_SIZE) return;
    const last = page.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}

async function* mailPages(db: Db, email: string) {
  let after: repo.TimeCursor | null = null;
  for (;;) {
    const page = await repo.mailPageTo(db, email, after);
    yield page.map(({ cursorAt: _cursor, textBody, ...message }) => ({
      ...message,
      textBody: redactTokens(textBody),
    }));
    if (page.length < repo.EXPORT_PAGE_SIZE) return;
    const last = page.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}

async function* createdPages(db: Db, target: RegisteredTable, userId: string) {
  const where = repo.madeBy(db, target, userId);
  let after: repo.Cursor | null = null;
  do {
    const page = await repo.tablePage(db, target, where, after);
    yield page.rows;
    after = page.next;
  } while (after);
}

/**
 * Writes everything the app keeps about one user into the archive (GDPR art. 15 and 20): profile, sign-in
 * methods, sessions, memberships, invitations, two-factor status, the audit entries about them, calendar
 * subscriptions, the mail addressed to them, and the records they created. No secret is ever written.
 */
export async function writePersonalExport(
  { db }: { db: Db },
  { zip, ...input }: { zip: ZipWriter; userId: string; currentSessionId: string; locale: Locale; now?: Date },
): Promise<void> {
  const profile = await repo.findUser(db, input.userId);
  if (!profile) throw new AppError('UNAUTHENTICATED');
  const exportedAt = input.now ?? new Date();
  const [accounts, sessions, memberships, invitations, twoFactor, feeds] = await Promise.all([
    repo.accountsOf(db, profile.id),
    repo.sessionsOf(db, profile.id),
    repo.membershipsOf(db, profile.id),
    repo.invitationsOf(db, profile.id, profile.email),
    repo.twoFactorOf(db, profile.id),
    repo.calendarFeedsOf(db, profile.id),
  ]);

  await zip.text(
    'README.txt',
    personalReadme({ name: profile.name, email: profile.email, exportedAt, locale: input.locale }),
  );
  await zip.json('profile.json', { ...profile, exportedAt });
  await zip.json('accounts.json', accounts);
  await zip.json(
    'sessions.json',
    sessions.map(({ id, ...rest }) => ({ ...rest, current: id === input.currentSessionId })),
  );
  await zip.json('organizations.json', memberships);
  await zip.json('invitations.json', invitations);
  await zip.json('two-factor.json', {
    enabled: profile.twoFactorEnabled,
    configured: Boolean(twoFactor),
    lockedUntil: twoFactor?.lockedUntil ?? null,
  });
  await zip.jsonArray('audit-log.json', auditPages(db, profile.id));
  await zip.json('calendar-feeds.json', feeds);
  await zip.jsonArray('mail.json', mailPages(db, profile.email));
  for (const target of creatorTables()) {
    await zip.jsonArray(`created/${target.name}.json`, createdPages(db, target, profile.id));
  }
}
