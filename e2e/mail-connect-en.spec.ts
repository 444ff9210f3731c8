import type { Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import type { TClientFormValues } from '../src/shared/clients/contracts.ts';
import type { TMailAccountList } from '../src/shared/mailbox/accounts.ts';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { startSmtpServer } from '../test/helpers/smtp.ts';
import { baseUrlOf, expect, test } from './fixtures.ts';
import { newOnboardedUser } from './helpers.ts';

/**
 * Issue 15 in English, on a real IMAP account: a new user with an English browser and a business of their own
 * connects a Dovecot mailbox through Settings → Mail accounts ("Add account", both servers "Connected and signed
 * in", the saved row, "Sync now"), then in the mailbox synced from it reads a message (read on the server too),
 * searches a word (marked, the other rows gone), labels a message with a green label made in the folder pane (its
 * text readable on the colour), sees the sender's client linked by itself and links another message to a client
 * by hand, and moves a message to Spam (in Junk on the server). axe on each view.
 */
const PASSWORD = 'Imap-English-2026';
const QUOTE = 'Quote request for an oak staircase';
const VISIT = 'Site visit on Thursday';
const OFFER = 'Spring offer on timber';
const skip = dovecotUnavailable();

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  if (skip) return;
  // Each test adds its own user (setPassword), so repeated runs never see each other's moves or flags.
  dovecot = await startDovecot({});
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
});
test.use({ locale: 'en-GB' });

const message = (from: string, subject: string, text: string) =>
  [
    `From: ${from}`,
    'To: Dana <dana@example.test>',
    `Subject: ${subject}`,
    `Message-ID: <${Date.now().toString(36)}.${subject.replace(/\W+/g, '.')}@example.test>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');

const imap = (user: string) =>
  new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass: PASSWORD },
    logger: false,
  });

/** The flags of the message with this subject in a folder of the Dovecot mailbox, or null when it is not there. */
async function onServer(user: string, folder: string, subject: string) {
  const client = imap(user);
  await client.connect();
  try {
    const box = await client.mailboxOpen(folder);
    if (box.exists === 0) return null;
    for await (const m of client.fetch('1:*', { envelope: true, flags: true }))
      if (m.envelope?.subject === subject) return [...(m.flags ?? [])];
    return null;
  } finally {
    await client.logout();
  }
}

/** Asks the account's sync now (the write-back queue replays at every sync), as mailbox-imap.spec.ts does. */
async function syncNow(page: Page) {
  const headers = { Origin: baseUrlOf(page) };
  const { items } = (await (await page.request.get('/api/v1/mail/accounts')).json()) as TMailAccountList;
  const res = await page.request.post(`/api/v1/mail/accounts/${items[0]!.id}/sync`, { headers });
  expect(res.status(), await res.text()).toBe(202);
}

async function addClient(page: Page, values: TClientFormValues) {
  const res = await page.request.post('/api/v1/clients', {
    data: values,
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('connects an IMAP account in English, then reads, searches, labels, links and moves its mail', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(180_000);
  // A mailbox of its own on the shared Dovecot, with three messages.
  const user = `dana${Date.now().toString(36)}`;
  dovecot.setPassword(user, PASSWORD);
  const seed = imap(user);
  await seed.connect();
  for (const [from, subject, text] of [
    ['Laura Bennett <laura@harbourjoinery.example>', QUOTE, 'We would like a quote for an oak staircase.'],
    ['Tom Price <tom@northfield.example>', VISIT, 'Can we meet at the site on Thursday?'],
    ['Timber Supplies <offers@timber.example>', OFFER, 'Our spring offer is here.'],
  ] as const)
    await seed.append('INBOX', message(from, subject, text));
  await seed.logout();

  await newOnboardedUser(page, { name: 'Dana Whitfield' });
  await addClient(page, {
    type: 'company',
    companyName: 'Harbour Joinery Ltd',
    email: 'laura@harbourjoinery.example',
    country: 'GB',
  });
  await addClient(page, { type: 'company', companyName: 'Northfield Estates Ltd', country: 'GB' });

  // Settings → Mail accounts, in English from the browser's language: none yet.
  await page.goto('/settings?tab=mail-accounts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const panel = page.getByTestId('mail-accounts-panel');
  await expect(panel.getByRole('heading', { name: 'Mail accounts', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByText('No mail account yet')).toBeVisible();
  await axe();

  // Add account: the local Dovecot and SMTP server, without encryption (allowed on this machine only).
  await panel.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a mail account' });
  await dialog.getByLabel('E-mail address').fill(`${user}@example.test`);
  await dialog.getByLabel('Name shown to recipients').fill('Dana Whitfield');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  for (const [name, port] of [
    ['Incoming mail (IMAP)', dovecot.port],
    ['Outgoing mail (SMTP)', smtp.port],
  ] as const) {
    const section = dialog.getByRole('region', { name });
    await section.getByLabel('Server').fill('127.0.0.1');
    await section.getByLabel('Security').selectOption('none');
    await section.getByLabel('Port').fill(String(port));
    await section.getByLabel('Username').fill(user);
  }
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const result = dialog.getByTestId('mail-account-test-result');
  await expect(result.locator('[data-server="imap"]')).toHaveText(
    /IMAP \(incoming\): Connected and signed in/,
    { timeout: 30_000 },
  );
  await expect(result.locator('[data-server="smtp"]')).toHaveText(
    /SMTP \(outgoing\): Connected and signed in/,
  );
  await axe();
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mail account added')).toBeVisible();
  const row = panel.getByTestId('mail-account-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${user}@example.test`);
  await axe();
  // A new account syncs at once; "Sync now" asks again (the answer says requested, not done).
  await row.getByRole('button', { name: `Sync ${user}@example.test now` }).click();
  await expect(page.getByText('Sync requested')).toBeVisible();

  // The mailbox: the account's mail is there.
  await page.goto('/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  const list = page.getByTestId('mail-list');
  const rowOf = (subject: string) => list.getByRole('button', { name: new RegExp(subject) });
  await expect(rowOf(QUOTE)).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(VISIT)).toBeVisible();
  await expect(rowOf(OFFER)).toBeVisible();
  const pane = page.getByRole('navigation', { name: 'Folders and labels' });
  // The account's own folders, under the name it was given (the local mailbox has its own below).
  const account = pane.getByRole('region', { name: 'Dana Whitfield' });
  await expect(account.getByRole('button', { name: /^Inbox/ })).toBeVisible();
  await expect(account).toContainText('Last sync');
  await axe();

  // Read: the message opens, is read here, and (written back at the next sync) on the server.
  await rowOf(QUOTE).click();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: QUOTE })).toBeVisible();
  await expect(view).toContainText('Laura Bennett');
  await expect(view.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  // The sender is a client's address: the message is linked to the client by itself.
  await expect(view.getByRole('link', { name: 'Client: Harbour Joinery Ltd' })).toBeVisible();
  await axe();
  await syncNow(page);
  await expect.poll(() => onServer(user, 'INBOX', QUOTE), { timeout: 30_000 }).toContain('\\Seen');

  // Search: one word of one subject, marked in its row; the other rows are gone.
  const search = page.getByRole('searchbox', { name: 'Search mail' });
  await search.fill('staircase');
  await expect(page).toHaveURL(/q=staircase/);
  await expect(
    rowOf(QUOTE)
      .locator('mark', { hasText: /staircase/i })
      .first(),
  ).toBeVisible();
  await expect(rowOf(VISIT)).toHaveCount(0);
  await expect(rowOf(OFFER)).toHaveCount(0);
  await axe();
  await search.fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(rowOf(VISIT)).toBeVisible();

  // Label: a new one made in the folder pane, then put on the message, shown in its row.
  await expect(pane.getByText('No labels yet.')).toBeVisible();
  await pane.getByRole('button', { name: 'New label' }).click();
  const labelDialog = page.getByRole('dialog', { name: 'New label' });
  await labelDialog.getByLabel('Name').fill('Follow up');
  // Green: white text on it would read at 3.3:1, so the chip's text turns dark (axe checks the row below).
  const green = labelDialog.getByRole('radio', { name: 'Green' });
  // The swatch, as a person clicks it (the radio inside is for screen readers and the keyboard).
  await labelDialog
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Green' }) })
    .click();
  await expect(green).toBeChecked();
  await axe();
  await labelDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Label created')).toBeVisible();
  await rowOf(QUOTE).click();
  await view.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Follow up' }).click();
  await page.keyboard.press('Escape');
  await expect(rowOf(QUOTE)).toContainText('Follow up');
  await axe();

  // Client: another message linked by hand through the picker.
  await rowOf(VISIT).click();
  await expect(view.getByRole('heading', { level: 2, name: VISIT })).toBeVisible();
  await view.getByRole('button', { name: 'Link to a client' }).click();
  const picker = page.getByRole('dialog', { name: 'Link to a client' });
  const client = picker.getByRole('combobox', { name: 'Client' });
  await expect(client).toHaveAttribute('placeholder', 'Search a client by name, VAT number or city');
  await client.fill('Northfield');
  await picker.getByRole('option', { name: /Northfield Estates Ltd/ }).click();
  await expect(page.getByText('Message linked to the client')).toBeVisible();
  await expect(view.getByRole('link', { name: 'Client: Northfield Estates Ltd' })).toBeVisible();
  await axe();

  // Move to Spam: it leaves the Inbox, shows in Spam, and is in Junk on the server after a sync.
  await rowOf(OFFER).click();
  await expect(view.getByRole('heading', { level: 2, name: OFFER })).toBeVisible();
  await view.getByRole('button', { name: 'Move', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Spam' }).click();
  await expect(rowOf(OFFER)).toHaveCount(0);
  await account.getByRole('button', { name: /^Spam/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Spam' })).toBeVisible();
  await expect(rowOf(OFFER)).toBeVisible();
  await axe();
  await syncNow(page);
  await expect.poll(() => onServer(user, 'Junk', OFFER), { timeout: 30_000 }).not.toBeNull();
  expect(await onServer(user, 'INBOX', OFFER)).toBeNull();
});
