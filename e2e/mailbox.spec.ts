import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * The mailbox (/email, issue 15) on the demo business's local mailbox: read a message (it becomes read), search
 * a word and see it highlighted, label, link to another client and move a message, switch Italian/English, and
 * the phone layout one pane at a time; axe on each screen. The demo's messages are plain text, so the hostile
 * HTML check serves one demo message's answer with a hostile body (page.route) to prove the browser frame runs
 * no script whatever the server sends.
 */
const SUBJECT = 'Richiesta preventivo manutenzione escavatore';

async function openMailbox(page: Page, path = '/email') {
  await signIn(page, DEMO_USER);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
}

const list = (page: Page) => page.getByTestId('mail-list');
const row = (page: Page, subject: string) => list(page).getByRole('button', { name: new RegExp(subject) });

test('legge, cerca, etichetta, collega a un cliente e sposta un messaggio', async ({ page, axe }) => {
  await openMailbox(page);
  await expect(page.getByRole('navigation', { name: 'Cartelle ed etichette' })).toBeVisible();
  await expect(row(page, SUBJECT)).toBeVisible();
  await axe();

  // Search: the word is marked in the list, never as HTML.
  const search = page.getByRole('searchbox', { name: 'Cerca nella posta' });
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await search.fill('escavatore');
  await expect(page).toHaveURL(/q=escavatore/);
  await expect(
    list(page)
      .locator('mark', { hasText: /escavatore/i })
      .first(),
  ).toBeVisible();
  await axe();
  await search.fill('');
  await expect(page).not.toHaveURL(/q=/);

  // Read: opening marks it read (kept after a reload).
  await row(page, SUBJECT).click();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: SUBJECT })).toBeVisible();
  await expect(view).toContainText('Paolo Rossi');
  await expect(view.getByRole('button', { name: 'Segna come non letto' })).toBeVisible();
  await expect(page).toHaveURL(/m=[0-9a-f-]{36}/);
  await axe();
  await page.reload();
  await expect(view.getByRole('heading', { level: 2, name: SUBJECT })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Segna come non letto' })).toBeVisible();

  // Label: "Urgente" on, shown in the list, kept.
  await view.getByRole('button', { name: 'Etichette' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Urgente' }).click();
  await page.keyboard.press('Escape');
  await expect(row(page, SUBJECT)).toContainText('Urgente');
  await page.reload();
  await expect(row(page, SUBJECT)).toContainText('Urgente');

  // Client: linked by hand to another client through the picker.
  await view.getByRole('button', { name: /Collega a (un altro )?cliente/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Collega a un cliente' });
  await dialog.getByRole('combobox').fill('Bianchi');
  await dialog.getByRole('option', { name: /Bianchi & Figli/ }).click();
  await expect(page.getByText('Messaggio collegato al cliente')).toBeVisible();
  await expect(view.getByRole('link', { name: 'Cliente: Bianchi & Figli S.n.c.' })).toBeVisible();
  await axe();

  // Move to Spam: it leaves the Inbox and is in Spam.
  await view.getByRole('button', { name: 'Sposta', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Spam' }).click();
  await expect(row(page, SUBJECT)).toHaveCount(0);
  await expect(page).not.toHaveURL(/m=/);
  await page
    .getByRole('navigation', { name: 'Cartelle ed etichette' })
    .getByRole('button', { name: /^Spam/ })
    .click();
  await expect(row(page, SUBJECT)).toBeVisible();
  await axe();
});

test('una conversazione mostra sopra i messaggi precedenti, anche la risposta da Inviata', async ({
  page,
  axe,
}) => {
  await openMailbox(page, '/email?q=Sollecito');
  await row(page, 'Re: Sollecito di pagamento').click();
  const view = page.getByRole('article');
  await expect(view.getByRole('heading', { level: 2, name: /Re: Sollecito di pagamento/ })).toBeVisible();
  const earlier = view.getByRole('region', { name: /nella conversazione/ });
  await expect(earlier).toContainText('Marco Rossi');
  await expect(view).toContainText('contabile-bonifico.pdf');
  await axe();
  // The earlier message opens in its place.
  await earlier.getByRole('button').first().click();
  await expect(view.getByRole('heading', { level: 2, name: /^Sollecito di pagamento/ })).toBeVisible();
});

test('switches to English and keeps the place', async ({ page, axe }) => {
  await openMailbox(page, '/email?view=starred');
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Folders and labels' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Starred' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search mail' })).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await axe();
  await page.keyboard.press('Escape');

  // Keyboard: j moves to the first message, o opens it, u goes back to the list.
  await page.keyboard.press('j');
  await page.keyboard.press('o');
  await expect(page.getByRole('article')).toBeVisible();
  await expect(page).toHaveURL(/m=[0-9a-f-]{36}/);
  await page.keyboard.press('u');
  await expect(page).not.toHaveURL(/m=/);

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Speciali' })).toBeVisible();
});

test('a change made elsewhere shows in the open list without a reload (live mail channel)', async ({
  page,
}) => {
  await openMailbox(page);
  const first = list(page).locator('li').first();
  await expect(first).toBeVisible();
  const id = await first.getAttribute('data-message-id');
  const starred = first.getByRole('img', { name: 'Speciale' });
  const wasStarred = (await starred.count()) > 0;
  // Another tab or device: the same user changes the message through the API.
  const res = await page.request.post('/api/v1/mail/messages/actions', {
    data: { ids: [id], action: wasStarred ? 'unstar' : 'star' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect(starred).toHaveCount(wasStarred ? 0 : 1);
});

test('crea una cartella e la elimina: i suoi messaggi tornano nella Posta in arrivo', async ({
  page,
  axe,
}) => {
  await openMailbox(page);
  const pane = page.getByRole('navigation', { name: 'Cartelle ed etichette' });
  await pane.getByRole('button', { name: 'Nuova cartella in Casella locale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuova cartella' });
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog.getByText('Il nome è obbligatorio')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Fornitori 2026');
  await dialog.locator('label', { hasText: /^Verde$/ }).click();
  await expect(dialog.getByRole('radio', { name: 'Verde', exact: true })).toBeChecked();
  await axe();
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Cartella creata')).toBeVisible();
  const folder = pane.getByRole('button', { name: /^Fornitori 2026/ });
  await folder.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Fornitori 2026' })).toBeVisible();
  await expect(page.getByText('Nessun messaggio')).toBeVisible();

  await pane.getByRole('button', { name: 'Azioni per la cartella Fornitori 2026' }).click();
  await page.getByRole('menuitem', { name: 'Elimina cartella' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare la cartella «Fornitori 2026»?' });
  await expect(confirm).toContainText('I suoi messaggi vengono spostati nella Posta in arrivo.');
  await axe();
  await confirm.getByRole('button', { name: 'Elimina cartella' }).click();
  await expect(folder).toHaveCount(0);
  // The folder on screen is gone: back to the Inbox (spec §2).
  await expect(page.getByRole('heading', { level: 2, name: 'Posta in arrivo' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('shows one pane at a time with back navigation', async ({ page, axe }) => {
    await openMailbox(page);
    await expect(page.getByRole('navigation', { name: 'Cartelle ed etichette' })).toBeHidden();
    const first = list(page).getByRole('button').first();
    await first.click();
    const view = page.getByRole('article');
    await expect(view).toBeVisible();
    await expect(list(page)).toBeHidden();
    await axe();
    await view.getByRole('button', { name: "Torna all'elenco" }).first().click();
    await expect(list(page)).toBeVisible();
    await page.getByRole('button', { name: 'Mostra le cartelle' }).click();
    await expect(page.getByRole('navigation', { name: 'Cartelle ed etichette' })).toBeVisible();
    await axe();
    await page.goBack();
    await expect(list(page)).toBeVisible();
  });
});

test('a hostile HTML body runs no script in the message frame', async ({ page }) => {
  await openMailbox(page);
  const hostile =
    '<p>Fattura</p><script>window.top.__pwned = 1; document.title = "pwned"</script>' +
    '<img src="x" onerror="window.__pwned = 1"><a href="javascript:window.__pwned=1">link</a>' +
    '<svg onload="window.__pwned = 1"></svg><iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>';
  await page.route(/\/api\/v1\/mail\/messages\/[0-9a-f-]{36}$/, async (route) => {
    const response = await route.fetch();
    const message = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...message, html: hostile, text: null } });
  });
  await list(page).getByRole('button').first().click();
  const frameElement = page.getByTestId('mail-frame');
  await expect(frameElement).toBeVisible();
  const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
  expect(sandbox).not.toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  const frame = page.frameLocator('[data-testid="mail-frame"]');
  await expect(frame.getByText('Fattura')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const inner = page
    .frames()
    .find((f) => f.parentFrame() === page.mainFrame() && f.url().startsWith('about:'));
  expect(inner).toBeTruthy();
  expect(await inner!.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.title()).not.toBe('pwned');
});

test('una richiesta di cambio IBAN: il banner spiega perché, il messaggio resta leggibile, anche in inglese', async ({
  page,
  axe,
}) => {
  await openMailbox(page, '/email?q=coordinate');
  await row(page, 'URGENTE: variazione coordinate bancarie').click();
  const view = page.getByRole('article');
  // A high risk is announced (role=alert), a medium one politely (role=status).
  const banner = view.locator('[role=alert], [role=status]').filter({ hasText: 'Punteggio di rischio' });
  await expect(banner).toContainText(/Rischio (medio|alto)/);
  await expect(banner).toContainText('chiede di cambiare le coordinate bancarie (IBAN)');
  await expect(banner).toContainText('Le risposte andrebbero a un indirizzo diverso');
  await expect(banner).toContainText('DMARC fail');
  // The warning never hides the mail.
  await expect(view).toContainText('il nostro nuovo IBAN è IT60');
  await axe();

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'English' }).click();
  const english = view.locator('[role=alert], [role=status]').filter({ hasText: 'Risk score' });
  await expect(english).toContainText('asks to change bank details (IBAN)');
  await axe();
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menu').getByRole('menuitemradio', { name: 'Italiano' }).click();
  await expect(banner).toBeVisible();
});

test('azioni su più messaggi: "Aggiornamento di 2 email…" finché il server non risponde, poi il risultato', async ({
  page,
}) => {
  await openMailbox(page);
  const boxes = list(page).getByRole('checkbox', { name: /^Seleziona «/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const bulk = page.getByRole('toolbar', { name: 'Azioni sui messaggi selezionati' });
  await expect(bulk).toContainText('2 selezionati');
  // The server's answer waits until the progress has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/mail/messages/actions', async (route) => {
    await held;
    await route.continue();
  });
  const starButton = () => bulk.getByRole('button', { name: /^(Aggiungi a|Togli da) Speciali$/ });
  const starring = (await starButton().getAttribute('aria-label')) === 'Aggiungi a Speciali';
  const answered = page.waitForResponse('**/api/v1/mail/messages/actions');
  await starButton().click();
  await expect(page.getByText('Aggiornamento di 2 email…')).toBeVisible();
  release();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Aggiornamento di 2 email…')).toBeHidden();
  await page.unroute('**/api/v1/mail/messages/actions');
  // The server has the new state of both (after a reload), which is then put back as it was.
  await page.reload();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(starButton()).toHaveAttribute(
    'aria-label',
    starring ? 'Togli da Speciali' : 'Aggiungi a Speciali',
  );
  const restored = page.waitForResponse('**/api/v1/mail/messages/actions');
  await starButton().click();
  expect((await restored).status()).toBe(200);
});

test('allega una fattura dal composer: il PDF creato dal server è nella copia in Inviata', async ({
  page,
  axe,
}) => {
  await openMailbox(page);
  await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await dialog.getByRole('button', { name: 'Allega un documento' }).click();
  const picker = page.getByRole('dialog', { name: "Allega un documento dell'app" });
  const first = picker.getByRole('list', { name: 'Documenti' }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  await axe();
  const name = (await first.locator('span.font-medium').textContent())!;
  await first.getByRole('button', { name: `Allega ${name} in PDF` }).click();
  await expect(picker).toBeHidden();
  const files = dialog.getByRole('list', { name: 'Allegati' });
  await expect(files.getByText(`${name}.pdf`)).toBeVisible();

  await dialog.getByLabel('A', { exact: true }).fill('cliente@esempio.it');
  await dialog.getByLabel('Oggetto').fill('La fattura richiesta');
  await dialog.getByTestId('compose-body').click();
  await page.keyboard.type('In allegato la fattura.');
  await dialog.getByLabel('Annullabile per').selectOption('0');
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Cartelle ed etichette' })
    .getByRole('button', { name: /^Inviata/ })
    .click();
  await row(page, 'La fattura richiesta').click();
  await expect(
    page
      .getByRole('article')
      .getByText(/\.pdf$/)
      .first(),
  ).toBeVisible();
});

test('un messaggio non inviato resta nel browser se la scheda si chiude, e se ne va quando lo si scarta', async ({
  page,
  axe,
}) => {
  await openMailbox(page);
  await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await dialog.getByLabel('A', { exact: true }).fill('mario@rossi.example');
  await dialog.getByLabel('Oggetto').fill('Bozza da non perdere');
  await page.waitForTimeout(800); // kept half a second after the last change

  // The tab is closed (a reload), the mailbox opened again: the message is back, and says so.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByText(/Ripreso il messaggio che stavi scrivendo/)).toBeVisible();
  await expect(dialog.getByLabel('Oggetto')).toHaveValue('Bozza da non perdere');
  await expect(dialog.getByLabel('A', { exact: true })).toHaveValue('mario@rossi.example');
  await axe();

  // Discarded: gone for good.
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Scartare questo messaggio?' })
    .getByRole('button', { name: 'Scarta' })
    .click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
  dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByLabel('Oggetto')).toHaveValue('');
  await expect(dialog.getByText(/Ripreso il messaggio/)).toHaveCount(0);
});
