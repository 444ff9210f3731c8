import { ImapFlow } from 'imapflow';
import { dovecotUnavailable, startDovecot, type Dovecot } from '../test/helpers/dovecot.ts';
import { expect, test } from './fixtures.ts';
import { connectDovecotAccount } from './mail-account.ts';

/**
 * The whole way of a message from a real IMAP server to the screen and back (issue 15): a Dovecot mailbox with a
 * client's order and a message full of script payloads; a new user connects the account, the sync stores both,
 * the mailbox shows them; opening the hostile one runs no script (a script would set window.__pwned or open a
 * dialog); opening marks it read here and, written back, on the server.
 */
const PASSWORD = 'Imap-Journey-2026';
const ORDER = 'Ordine 42 confermato';
const HOSTILE = 'Fattura allegata da verificare';
const LOGO = 'Il nostro nuovo logo';
const LIVE = 'Nuovo ordine arrivato ora';
const NEWSLETTER = 'Catalogo di primavera';
const NEWSLETTER_2 = 'Catalogo di estate';
/** A 2 × 2 red PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==';
/** An HTML message with its logo as an inline (cid:) image part. */
const withLogo = () =>
  [
    'From: Paolo Verdi <paolo@verdi-impianti.example>',
    'To: Carla <carla@example.test>',
    `Subject: ${LOGO}`,
    'Message-ID: <logo.1@verdi-impianti.example>',
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/related; boundary="rel"',
    '',
    '--rel',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Ecco il logo:</p><img src="cid:logo@verdi" alt="Logo Verdi">',
    '--rel',
    'Content-Type: image/png',
    'Content-Transfer-Encoding: base64',
    'Content-ID: <logo@verdi>',
    'Content-Disposition: inline; filename="logo.png"',
    '',
    PNG,
    '--rel--',
    '',
  ].join('\r\n');
const skip = dovecotUnavailable();

const message = (subject: string, html: string) =>
  [
    'From: Paolo Verdi <paolo@verdi-impianti.example>',
    'To: Carla <carla@example.test>',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W+/g, '.')}@verdi-impianti.example>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '',
  ].join('\r\n');

let dovecot: Dovecot;
const imap = () =>
  new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: 'carla', pass: PASSWORD },
    logger: false,
  });

test.beforeAll(async () => {
  if (skip) return;
  dovecot = await startDovecot({ carla: PASSWORD });
  const client = imap();
  await client.connect();
  await client.append('INBOX', message(ORDER, '<p>Buongiorno, confermiamo l&#39;ordine 42.</p>'));
  await client.append(
    'INBOX',
    message(
      HOSTILE,
      '<p>Gentile cliente, in allegato la fattura.</p><script>window.top.__pwned = 1; alert(1)</script>' +
        '<img src="x" onerror="window.top.__pwned = 1"><a href="javascript:window.top.__pwned=1">apri</a>' +
        '<svg onload="window.top.__pwned = 1"></svg><form action="https://evil.example"><input name="iban"></form>' +
        '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe><div style="position:fixed;inset:0">x</div>',
    ),
  );
  await client.append('INBOX', withLogo());
  for (const subject of [NEWSLETTER, NEWSLETTER_2])
    await client.append(
      'INBOX',
      message(
        subject,
        '<p>Le novità del catalogo.</p><img src="https://images.example/banner.png" alt="Banner">',
      ),
    );
  await client.logout();
});
test.afterAll(async () => {
  await dovecot?.close();
});

test('an IMAP account: synced, shown, hostile HTML inert, read written back to the server', async ({
  page,
  axe,
}) => {
  test.skip(!!skip, skip ?? '');
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const { id, headers } = await connectDovecotAccount(page, dovecot, {
    name: 'Carla Neri',
    organization: 'Impianti Neri',
    username: 'carla',
    password: PASSWORD,
  });

  // The live connections the page opens from here on.
  const sockets: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/api/ws')) sockets.push(ws.url());
  });
  await page.goto('/email');
  const list = page.getByTestId('mail-list');
  await expect(list.getByRole('button', { name: new RegExp(ORDER) })).toBeVisible({ timeout: 30_000 });
  await list.getByRole('button', { name: new RegExp(HOSTILE) }).click();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: HOSTILE })).toBeVisible();
  const frame = page.frameLocator('[data-testid="mail-frame"]');
  await expect(frame.getByText('Gentile cliente, in allegato la fattura.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // The message's own frame holds the sender's HTML (and runs no script axe could use): the page around it is ours.
  await axe({ exclude: ['[data-testid="mail-frame"]'] });

  // Remote images are blocked until allowed, for this message or, remembered, for every message of the sender.
  await list.getByRole('button', { name: new RegExp(NEWSLETTER) }).click();
  await expect(view.getByRole('heading', { level: 2, name: NEWSLETTER })).toBeVisible();
  await expect(
    view.getByText('Le immagini remote sono bloccate per proteggere la tua privacy.'),
  ).toBeVisible();
  await view
    .getByRole('button', { name: 'Mostra sempre le immagini di paolo@verdi-impianti.example' })
    .click();
  await expect(
    view.getByText('Le immagini remote sono bloccate per proteggere la tua privacy.'),
  ).toBeHidden();
  await list.getByRole('button', { name: new RegExp(NEWSLETTER_2) }).click();
  await expect(view.getByRole('heading', { level: 2, name: NEWSLETTER_2 })).toBeVisible();
  await expect(
    page.frameLocator('[data-testid="mail-frame"]').getByText('Le novità del catalogo.'),
  ).toBeVisible();
  await expect(
    view.getByText('Le immagini remote sono bloccate per proteggere la tua privacy.'),
  ).toBeHidden();

  // An inline (cid:) image shows inside the frame, which has no cookies of its own.
  await list.getByRole('button', { name: new RegExp(LOGO) }).click();
  await expect(view.getByRole('heading', { level: 2, name: LOGO })).toBeVisible();
  await expect(page.frameLocator('[data-testid="mail-frame"]').getByText('Ecco il logo:')).toBeVisible();
  // The message's own frame (the mailbox keeps another, empty sandboxed frame: see SandboxWarmer).
  const logoWidth = async () => {
    const inner = await (await page.getByTestId('mail-frame').elementHandle())?.contentFrame();
    return inner?.evaluate(
      () => document.querySelector<HTMLImageElement>('img[alt="Logo Verdi"]')?.naturalWidth,
    );
  };
  await expect.poll(logoWidth).toBe(2);
  await list.getByRole('button', { name: new RegExp(HOSTILE) }).click();
  await expect(view.getByRole('heading', { level: 2, name: HOSTILE })).toBeVisible();

  // Opened here → read on the server too (the write-back queue replays it on the next sync).
  await expect(view.getByRole('button', { name: 'Segna come non letto' })).toBeVisible();
  await page.request.post(`/api/v1/mail/accounts/${id}/sync`, { headers });
  await expect
    .poll(
      async () => {
        const client = imap();
        await client.connect();
        try {
          await client.mailboxOpen('INBOX');
          for await (const m of client.fetch('1:*', { envelope: true, flags: true })) {
            if (m.envelope?.subject === HOSTILE) return [...(m.flags ?? [])];
          }
          return [];
        } finally {
          await client.logout();
        }
      },
      { timeout: 30_000 },
    )
    .toContain('\\Seen');

  // A message delivered now shows in the open mailbox (IMAP IDLE, the mail channel), over the app's one live
  // connection: the mailbox listens on the notifications' socket, it opens none of its own.
  const client = imap();
  await client.connect();
  await client.append('INBOX', message(LIVE, '<p>Vi mandiamo un nuovo ordine.</p>'));
  await client.logout();
  await expect(list.getByRole('button', { name: new RegExp(LIVE) })).toBeVisible({ timeout: 15_000 });
  expect(sockets).toHaveLength(1);
});
