import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { baseUrlOf, expect, test } from './fixtures.ts';
import { newOnboardedUser } from './helpers.ts';

/**
 * Offline and installable (issue 18), with the app's service worker on (the other journeys block it): after one
 * online visit the app opens with the network off and shows the mail it showed; mail actions, a draft and a new
 * client made offline are queued with the spec's toasts; on reconnection they are sent, a label added meanwhile on
 * the server is merged with the one added offline, and a draft saved meanwhile elsewhere asks which version stays.
 */
test.use({ serviceWorkers: 'allow' });

type Message = { id: string; subject: string; isStarred: boolean; labelIds: string[] };

async function post(request: APIRequestContext, page: Page, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { Origin: baseUrlOf(page) } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

async function setOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

test('apre offline, mette in coda azioni, bozza e nuovo cliente, sincronizza e risolve i conflitti', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await newOnboardedUser(page);
  const request = context.request;
  const subject = `Offline ${Date.now()}`;
  await post(request, page, '/api/v1/mail/send', {
    accountId: null,
    to: ['cliente@example.com'],
    subject,
    text: 'Prova offline',
    undoSeconds: 0,
  });
  const work = await post(request, page, '/api/v1/mail/labels', { name: 'Lavoro', color: '#2563eb' });
  const urgent = await post(request, page, '/api/v1/mail/labels', { name: 'Urgente', color: '#dc2626' });

  // One online visit: the service worker installs and takes the page; the message is opened once.
  await page.goto('/email?view=all');
  await controlled(page);
  const row = page.getByTestId('mail-list').getByRole('button', { name: new RegExp(subject) });
  await row.click();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const found = await request.get(`/api/v1/mail/messages?view=all&q=${encodeURIComponent(subject)}`);
  const messageId = ((await found.json()) as { items: Message[] }).items[0]!.id;
  // The screens' data reach IndexedDB a moment after they arrive.
  await page.waitForTimeout(1500);

  // Offline: the app opens from the cache with the message it showed.
  await setOffline(context, true);
  const started = Date.now();
  await page.reload();
  await expect(view.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  expect(Date.now() - started).toBeLessThan(10_000);
  await expect(page.getByTestId('offline-status')).toContainText('Offline');

  // Mail actions offline: the star and a label; queued, shown at once.
  await view.getByRole('button', { name: 'Speciale', exact: true }).click();
  await view.getByRole('button', { name: 'Etichette' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Lavoro' }).click();
  await page.keyboard.press('Escape');
  await expect(view.getByRole('button', { name: 'Speciale', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('offline-status')).toContainText('2 modifiche da sincronizzare');

  // Meanwhile on the server (another device): the same message gets another label.
  await post(request, page, '/api/v1/mail/messages/actions', {
    ids: [messageId],
    action: 'label',
    labelId: urgent.id,
  });

  // A new client offline: queued, said so.
  await page.goto('/clients/new');
  const company = `Offline Impianti ${Date.now()}`;
  await page.getByLabel('Ragione sociale').fill(company);
  await page.getByRole('button', { name: 'Crea cliente' }).click();
  await expect(
    page.getByText('Sei offline: il cliente verrà creato quando torna la connessione.'),
  ).toBeVisible();

  // Back online: the spec's toasts, everything sent.
  await setOffline(context, false);
  await expect(
    page.getByText('Connessione ripristinata. Sincronizzazione delle modifiche offline...'),
  ).toBeVisible();
  await expect(page.getByText('3 modifiche offline sincronizzate')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/conflitt[oi] rilevat[oi] e risolt[oi]/)).toBeVisible();
  await expect(page.getByTestId('offline-status')).toBeHidden();

  const message = (await (await request.get(`/api/v1/mail/messages/${messageId}`)).json()) as Message;
  expect(message.isStarred).toBe(true);
  // Labels merged: the one added offline and the one added on the server meanwhile.
  expect(message.labelIds.sort()).toEqual([work.id, urgent.id].sort());
  const clients = await (await request.get(`/api/v1/clients?q=${encodeURIComponent(company)}`)).json();
  expect(clients.total).toBe(1);
});

test('una bozza cambiata altrove mentre si era offline chiede quale versione tenere', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await newOnboardedUser(page);
  const request = context.request;
  await page.goto('/email');
  await controlled(page);

  await page.getByRole('button', { name: 'Nuovo messaggio' }).first().click();
  const subjectField = page.getByLabel('Oggetto');
  const firstSave = page.waitForResponse(
    (r) => /\/api\/v1\/mail\/drafts\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PUT',
  );
  await subjectField.fill('Preventivo');
  const saved = await firstSave;
  const draftUrl = new URL(saved.url()).pathname;
  const revision = (await saved.json()).revision as number;

  // Offline the composer goes on: its save is queued.
  await setOffline(context, true);
  await subjectField.fill('Preventivo aggiornato offline');
  await expect(page.getByTestId('offline-status')).toContainText('1 modifica da sincronizzare', {
    timeout: 10_000,
  });

  // Meanwhile the same draft is saved from another window.
  const other = await request.put(draftUrl, {
    data: { subject: 'Preventivo da un altro dispositivo', revision },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(other.ok(), await other.text()).toBe(true);

  // Reconnected: the content conflict asks; the user keeps their version.
  await setOffline(context, false);
  const dialog = page.getByRole('dialog', { name: 'Questa bozza è stata modificata altrove' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Tieni la mia versione' }).click();
  await expect
    .poll(async () => (await (await request.get(draftUrl)).json()).subject, { timeout: 15_000 })
    .toBe('Preventivo aggiornato offline');
});
