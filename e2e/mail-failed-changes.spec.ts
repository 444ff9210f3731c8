import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import type { TMailboxOverview } from '../src/shared/mailbox/contracts.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { expect, test } from './fixtures.ts';
import { connectDovecotAccount } from './mail-account.ts';

/**
 * A change the IMAP server refuses (issue 15): a message moved here to a folder the server cannot write into (its
 * Maildir folders made read-only, as a full or locked mailbox would be) is tried five times (the journeys' server
 * retries at every run: MAIL_REPLAY_BASE_DELAY_MS=0), then given up; the mailbox says so in Italian and English
 * with "Try again"; once the server can write again, "Try again" writes the move and the notice goes.
 */
const USER = 'dario';
const PASSWORD = 'Imap-Failed-2026';
const SUBJECT = 'Preventivo impianto elettrico capannone';
const ARCHIVE = 'Archivio';
const skip = dovecotUnavailable();

let dovecot: Dovecot;
const imap = () =>
  new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: USER, pass: PASSWORD },
    logger: false,
  });

/** The subjects of a folder on the server. */
async function subjectsOn(folder: string): Promise<string[]> {
  const client = imap();
  await client.connect();
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const subjects: string[] = [];
      if (client.mailbox && client.mailbox.exists > 0)
        for await (const m of client.fetch('1:*', { envelope: true }))
          subjects.push(m.envelope?.subject ?? '');
      return subjects;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** The Maildir folders a message moved into the archive is written to (Maildir++: `.Archivio/tmp|new|cur`). */
const archiveDirs = () =>
  ['tmp', 'new', 'cur'].map((d) => path.join(dovecot.mailDir, USER, `.${ARCHIVE}`, d));
const setArchiveWritable = (writable: boolean) => {
  for (const dir of archiveDirs()) fs.chmodSync(dir, writable ? 0o700 : 0o500);
};

test.beforeAll(async () => {
  if (skip) return;
  dovecot = await startDovecot({ [USER]: PASSWORD });
  const client = imap();
  await client.connect();
  await client.mailboxCreate(ARCHIVE);
  await client.append(
    'INBOX',
    [
      'From: Elena Galli <elena@galli-costruzioni.example>',
      'To: Dario <dario@example.test>',
      `Subject: ${SUBJECT}`,
      'Message-ID: <preventivo.capannone@galli-costruzioni.example>',
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Buongiorno, vi chiediamo un preventivo per il capannone di via Emilia.',
      '',
    ].join('\r\n'),
  );
  await client.logout();
});
test.afterAll(async () => {
  await dovecot?.close();
});

/** The account's write-back state as the mailbox reads it. */
async function accountState(request: APIRequestContext, id: string) {
  const overview = (await (await request.get('/api/v1/mail/folders')).json()) as TMailboxOverview;
  return overview.accounts.find((a) => a.id === id)!;
}

test('a change the server refuses is shown as failed in Italian and English, and "Try again" writes it', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(120_000);
  const { id, syncNow } = await connectDovecotAccount(page, dovecot, {
    name: 'Dario Galli',
    organization: 'Impianti Galli',
    username: USER,
    password: PASSWORD,
  });

  await page.goto('/email');
  const list = page.getByTestId('mail-list');
  await list.getByRole('button', { name: new RegExp(SUBJECT) }).click({ timeout: 30_000 });
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: SUBJECT })).toBeVisible();

  // The server can no longer write into the archive; the move is made here at once and queued for the server.
  setArchiveWritable(false);
  await view.getByRole('button', { name: 'Sposta', exact: true }).click();
  await page.getByRole('menuitem', { name: ARCHIVE }).click();
  await expect(list.getByRole('button', { name: new RegExp(SUBJECT) })).toHaveCount(0);

  // Each run tries it once (no delay on the journeys' server): after five refusals it is given up. "Sync now"
  // also gives a given-up change a new try, so it is asked only while no run is going and none has failed.
  await expect
    .poll(
      async () => {
        const state = await accountState(page.request, id);
        if (state.failedChanges === 0 && state.syncStatus !== 'syncing') await syncNow();
        return state.failedChanges;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(1);
  expect(await subjectsOn(ARCHIVE)).toEqual([]);
  expect(await subjectsOn('INBOX')).toEqual([SUBJECT]);

  const notice = page
    .getByRole('status')
    .filter({ hasText: "1 modifica non è stata scritta sul server: il server l'ha rifiutata" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Riprova' })).toBeVisible();
  await axe();

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'English' }).click();
  const noticeEn = page
    .getByRole('status')
    .filter({ hasText: '1 change could not be written to the server: the server refused it' });
  await expect(noticeEn).toBeVisible();
  await axe();

  // The server writes again: "Try again" replays the move, the message is in the archive there, the notice goes.
  setArchiveWritable(true);
  await noticeEn.getByRole('button', { name: 'Try again' }).click();
  await expect(noticeEn).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/could not be written to the server|waiting to be written/)).toHaveCount(0, {
    timeout: 30_000,
  });
  expect(await subjectsOn(ARCHIVE)).toEqual([SUBJECT]);
  expect(await subjectsOn('INBOX')).toEqual([]);
  const state = await accountState(page.request, id);
  expect(state).toMatchObject({ pendingChanges: 0, failedChanges: 0 });
});
