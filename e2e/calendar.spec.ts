import type { Browser, Page } from '@playwright/test';
import { addDays, utcToZoned } from '../src/shared/dates/dates.ts';
import { baseUrlOf, expect, registerUser, test, uniqueEmail, type AxeCheck } from './fixtures.ts';
import { expectSettled, onboardViaApi, uniqueCompany } from './helpers.ts';

/**
 * The calendar journey in Italian (the browser's locale is it-IT): a host creates an event from a day of the
 * month view and invites a guest by e-mail from the event page; the guest opens the link of the message in
 * Settings → Posta in uscita in a fresh browser with no session, accepts for 3 people with a dietary note and
 * sees the thank-you; the host's page, never reloaded, shows the answer, the stats (response rate 100 %, 3
 * guests) and the live notification. The guest changes the answer to "Forse" through the same link and the host
 * sees it. A second guest invited in English answers on an English page, and the host checks that guest in
 * from the attendees list. axe runs on the calendar, the event page, the dialogs and the RSVP pages.
 */

const TITLE = 'Cena di fine stagione';
const LOCATION = 'Trattoria Da Gino, Via Emilia 45, Forlì';
const DIET = 'Vegetariano, senza lattosio';

/** The link of an RSVP page in an invitation's text, without the one-click `?response=`. */
const RSVP_PAGE = /https?:\/\/[^\s]+?\/rsvp\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_?-])/;

/** Opens the invitation sent to `email` in Settings → Posta in uscita and returns the RSVP link it carries. */
async function rsvpLinkFromOutbox(page: Page, axe: AxeCheck, email: string, subject: RegExp): Promise<URL> {
  await page.goto('/settings?tab=outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  const outbox = page.getByRole('table', { name: 'Posta in uscita' });
  const row = outbox.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: subject }).click();
  const message = page.getByRole('dialog', { name: subject });
  await expect(message).toBeVisible();
  // The calendar file and the check-in QR code travel with the invitation.
  const attachments = message.getByRole('list', { name: 'Allegati' });
  await expect(attachments).toContainText('invite.ics');
  await expect(attachments).toContainText('qr-check-in.png');
  const text = message.locator('pre');
  await expect(text).toContainText('/rsvp/');
  await expectSettled(page);
  await axe();
  const body = (await text.textContent()) ?? '';
  for (const response of ['accepted', 'maybe', 'declined']) {
    expect(body, `a one-click "${response}" link`).toMatch(
      new RegExp(`/rsvp/[\\w-]{43}\\?response=${response}`),
    );
  }
  const match = body.match(RSVP_PAGE);
  expect(match, `an RSVP page link in the message text:\n${body}`).not.toBeNull();
  const link = new URL(match![0]);
  expect(link.origin).toBe(baseUrlOf(page));
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();
  return link;
}

/**
 * Picks an answer on the RSVP form as a person does, by clicking its card (the radio button inside is visually
 * hidden), and checks that the radio button took it.
 */
async function choose(page: Page, answer: string) {
  const form = page.getByTestId('rsvp-form');
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: answer }) })
    .click();
  await expect(form.getByRole('radio', { name: answer })).toBeChecked();
}

/** A browser with no session, as the guest who got the e-mail. */
async function guestPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'UTC' });
  return { context, page: await context.newPage() };
}

test('evento dal calendario → invito → risposta pubblica con ospiti → notifica, cambio risposta → arrivo', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(240_000);
  const GUEST = { name: 'Giulia Verdi', email: uniqueEmail('giulia.verdi') };
  const GUEST_EN = { name: 'John Smith', email: uniqueEmail('john.smith') };
  const today = utcToZoned(new Date(), 'Europe/Rome').date;
  const eventDate = addDays(today, 7);

  await registerUser(page, { name: 'Marta Ferri' });
  const { companyName } = await onboardViaApi(page, { companyName: uniqueCompany('Officina Ferri') });

  // 1. The calendar: a day of the month view → the new-event dialog, on that date.
  await page.goto(`/calendar?view=month&date=${eventDate}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page).toHaveTitle('Calendario · Gestionale');
  const month = page.getByTestId('month-view');
  await expect(month).toBeVisible();
  await expectSettled(page);
  await axe();
  const day = month.locator(`[data-date="${eventDate}"]`);
  await day.getByRole('button', { name: /^Nuovo evento / }).click();
  const form = page.getByRole('dialog', { name: 'Nuovo evento' });
  await expect(form.getByLabel('Data', { exact: true })).toHaveValue(eventDate);
  await expect(form.getByLabel('Inizio', { exact: true })).toHaveValue('09:00');
  await expect(form.getByLabel('Fine', { exact: true })).toHaveValue('10:00');
  await form.getByLabel('Titolo', { exact: true }).fill(TITLE);
  await form.getByLabel('Inizio', { exact: true }).fill('19:30');
  await form.getByLabel('Fine', { exact: true }).fill('23:00');
  await form.getByLabel('Luogo', { exact: true }).fill(LOCATION);
  await form.getByLabel('Descrizione', { exact: true }).fill('Cena con i clienti per chiudere la stagione.');
  await axe();
  await form.getByRole('button', { name: "Crea l'evento" }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Evento «${TITLE}» creato`)).toBeVisible();

  // The event sits on its day; its summary leads to the event page.
  const chip = day.getByRole('button', { name: new RegExp(`^${TITLE}, `) });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText('19:30');
  await expectSettled(page);
  await axe();
  await chip.click();
  const summary = page.getByRole('dialog', { name: TITLE });
  await expect(summary).toContainText(LOCATION);
  await summary.getByRole('link', { name: "Apri l'evento" }).click();
  await expect(page).toHaveURL(/\/calendar\/events\/[0-9a-f-]{36}$/);
  const eventUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page).toHaveTitle(`${TITLE} · Gestionale`);
  await expect(page.getByRole('heading', { name: 'Nessun invitato' })).toBeVisible();
  await expect(page.getByTestId('stat-response-rate')).toHaveText('0%');
  await expectSettled(page);
  await axe();

  // 2. Invite a guest by e-mail.
  await page.getByRole('button', { name: 'Invita' }).click();
  const invite = page.getByRole('dialog', { name: "Invita all'evento" });
  await invite.getByLabel('Nome', { exact: true }).fill(GUEST.name);
  await invite.getByLabel('E-mail', { exact: true }).fill(GUEST.email);
  await invite.getByLabel('Messaggio personale', { exact: true }).fill('Ti aspettiamo, porta chi vuoi!');
  await expect(invite.getByRole('option', { name: 'SMS (non disponibile)' })).toBeDisabled();
  await axe();
  await invite.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(invite).toBeHidden();
  // No mail server in the e2e run: the toast says the message was kept, not sent.
  await expect(page.getByText(`Messaggio per ${GUEST.email} NON inviato`)).toBeVisible();
  await expect(page.getByText(`Invito inviato a ${GUEST.email}`)).toHaveCount(0);
  const invitations = page.getByTestId('invitations-table');
  const guestRow = invitations.getByTestId('invitation-row').filter({ hasText: GUEST.email });
  await expect(guestRow).toHaveAttribute('data-status', 'pending');
  await expect(guestRow).toContainText('In attesa');
  await expectSettled(page);
  await axe();

  // 3. The e-mail in the outbox, and its link.
  const link = await rsvpLinkFromOutbox(page, axe, GUEST.email, new RegExp(`^Invito: ${TITLE} – `));

  // Back on the event page, with the live channel up before the guest answers.
  await page.goto(eventUrl);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifiche' });
  await expect(panel.getByText('Aggiornamenti in tempo reale attivi')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(guestRow).toHaveAttribute('data-status', 'pending');

  // 4. The guest, with no session, accepts for 3 people with a dietary note.
  const guest = await guestPage(browser);
  try {
    await guest.page.goto(link.href);
    const g = guest.page;
    await expect(g.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(g).toHaveTitle(`${TITLE} · Gestionale`);
    await expect(g.getByText(`Ciao ${GUEST.name}, ${companyName} ti invita`)).toBeVisible();
    const card = g.getByTestId('rsvp-event');
    await expect(card).toContainText(LOCATION);
    await expect(card).toContainText('19:30');
    await expect(card).toContainText('Ti aspettiamo, porta chi vuoi!');
    await expect(g.getByTestId('rsvp-current')).toContainText('Non hai ancora risposto.');
    const send = g.getByRole('button', { name: 'Invia la risposta' });
    await expect(send).toBeDisabled();
    await expectSettled(g);
    await axe({ page: g });

    await choose(g, 'Parteciperò');
    await expect(send).toBeEnabled();
    await g.getByLabel('Quante persone?', { exact: true }).selectOption({ label: '3 persone' });
    await g.getByLabel('Esigenze alimentari', { exact: true }).fill(DIET);
    await g.getByLabel("Messaggio per l'organizzatore", { exact: true }).fill('Ci saremo!');
    await axe({ page: g });
    await send.click();
    const thanks = g.getByTestId('rsvp-thanks');
    await expect(thanks.getByRole('heading', { name: 'Grazie per la risposta!' })).toBeVisible();
    await expect(thanks).toContainText(`Abbiamo avvisato ${companyName}.`);
    await expect(thanks).toContainText('Risposta: Parteciperò');
    await expect(thanks).toContainText('3 persone.');
    await expect(thanks).toContainText("Ci vediamo all'evento!");

    // 5. The host's page, never reloaded: the notice, the answer and the stats.
    const noticeTitle = `${GUEST.name}: «Partecipa» a ${TITLE}`;
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifiche, 1 non letta');
    await expect(page.getByText(noticeTitle).first()).toBeVisible();
    await expect(guestRow).toHaveAttribute('data-status', 'accepted');
    await expect(guestRow).toContainText('Accettato');
    await expect(guestRow.getByRole('cell').nth(3)).toHaveText('3');
    await expect(guestRow).toContainText(`Esigenze alimentari: ${DIET}`);
    await expect(guestRow).toContainText('Messaggio: Ci saremo!');
    await expect(page.getByTestId('stat-response-rate')).toHaveText('100%');
    await expect(page.getByTestId('stat-total-guests')).toHaveText('3');
    await expect(page.getByTestId('stat-accepted')).toHaveText('1');
    const attendees = page.getByTestId('attendees-list');
    await expect(attendees.getByTestId('attendee-row')).toHaveCount(1);
    await expect(attendees.getByTestId('attendee-row')).toContainText('3 persone');
    await axe({ page: g });

    await bell.click();
    const notice = panel.getByRole('button', { name: new RegExp(`^${noticeTitle}`) });
    await expect(notice).toContainText(`${GUEST.name} ha risposto «Partecipa» all'invito a ${TITLE}`);
    await expect(notice).toContainText('Ospiti: 3 persone');
    await expectSettled(page);
    await axe();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // 6. The same link again: the answer stands, and becomes "Forse".
    await g.goto(link.href);
    const current = g.getByTestId('rsvp-current');
    await expect(current.locator('[data-status]')).toHaveAttribute('data-status', 'accepted');
    await expect(current).toContainText('3 persone.');
    await expect(g.getByRole('heading', { name: 'Cambia la tua risposta' })).toBeVisible();
    await expect(g.getByRole('radio', { name: 'Parteciperò' })).toBeChecked();
    await choose(g, 'Forse');
    await expect(g.getByLabel('Quante persone?', { exact: true })).toHaveCount(0);
    await g.getByLabel("Messaggio per l'organizzatore", { exact: true }).fill('Vi confermo entro venerdì.');
    await axe({ page: g });
    await g.getByRole('button', { name: 'Invia la risposta' }).click();
    await expect(g.getByTestId('rsvp-thanks')).toContainText('Risposta: Forse');
    await expect(g.getByTestId('rsvp-thanks')).not.toContainText("Ci vediamo all'evento!");
  } finally {
    await guest.context.close();
  }

  // The host sees the change at once: "Forse", no guests counted, the attendee gone.
  await expect(guestRow).toHaveAttribute('data-status', 'maybe');
  await expect(guestRow).toContainText('Forse');
  await expect(guestRow.getByRole('cell').nth(3)).toHaveText('—');
  await expect(guestRow).toContainText('Messaggio: Vi confermo entro venerdì.');
  await expect(page.getByTestId('stat-response-rate')).toHaveText('100%');
  await expect(page.getByTestId('stat-total-guests')).toHaveText('0');
  await expect(page.getByTestId('stat-maybe')).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Ancora nessun partecipante' })).toBeVisible();
  await bell.click();
  await expect(
    panel.getByRole('button', { name: new RegExp(`^${GUEST.name}: «Forse» a ${TITLE}`) }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expectSettled(page);
  await axe();

  // 7. A second guest, invited in English, answers on an English page.
  await page.getByRole('button', { name: 'Invita' }).click();
  await expect(invite).toBeVisible();
  await invite.getByLabel('Nome', { exact: true }).fill(GUEST_EN.name);
  await invite.getByLabel('E-mail', { exact: true }).fill(GUEST_EN.email);
  await invite.getByLabel("Lingua dell'invito", { exact: true }).selectOption('en');
  await invite.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(invite).toBeHidden();
  const englishRow = invitations.getByTestId('invitation-row').filter({ hasText: GUEST_EN.email });
  await expect(englishRow).toHaveAttribute('data-status', 'pending');
  await expect(englishRow).toContainText('EN');
  const englishLink = await rsvpLinkFromOutbox(
    page,
    axe,
    GUEST_EN.email,
    new RegExp(`^Invitation: ${TITLE} – `),
  );
  await page.goto(eventUrl);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expectSettled(page);

  const english = await guestPage(browser);
  try {
    const g = english.page;
    await g.goto(englishLink.href);
    await expect(g.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(g.getByText(`Hi ${GUEST_EN.name}, ${companyName} invites you`)).toBeVisible();
    await expect(g.locator('[lang="en"]').first()).toBeVisible();
    await expect(g.getByRole('group', { name: 'Will you attend?' })).toBeVisible();
    await expectSettled(g);
    await axe({ page: g });
    await choose(g, "I'll be there");
    await g.getByLabel('How many people?', { exact: true }).selectOption({ label: '2 people' });
    await g.getByRole('button', { name: 'Send answer' }).click();
    const thanks = g.getByTestId('rsvp-thanks');
    await expect(thanks.getByRole('heading', { name: 'Thank you for your answer!' })).toBeVisible();
    await expect(thanks).toContainText('Answer: Attending');
    await expect(thanks).toContainText('See you there!');
    await axe({ page: g });
  } finally {
    await english.context.close();
  }

  // 8. The host checks the guest in from the attendees list; the time is shown.
  await expect(englishRow).toHaveAttribute('data-status', 'accepted');
  await expect(page.getByTestId('stat-response-rate')).toHaveText('100%');
  await expect(page.getByTestId('stat-total-guests')).toHaveText('2');
  const attendee = page.getByTestId('attendee-row').filter({ hasText: GUEST_EN.name });
  await expect(attendee).toHaveAttribute('data-status', 'expected');
  await expect(attendee).toContainText('Atteso');
  await attendee.getByRole('button', { name: `Registra l'arrivo di ${GUEST_EN.name}` }).click();
  await expect(page.getByText(`${GUEST_EN.name}: arrivo registrato`)).toBeVisible();
  await expect(attendee).toHaveAttribute('data-status', 'checked_in');
  await expect(attendee).toContainText(/Arrivato \d{1,2} \S+ \d{4}, \d{2}:\d{2}/);
  await expect(attendee.getByRole('button', { name: `Annulla l'arrivo di ${GUEST_EN.name}` })).toBeVisible();
  await expect(englishRow).toContainText('Arrivato');
  await expect(page.getByText('1 di 1 arrivato · 2 ospiti presenti')).toBeVisible();
  await expectSettled(page);
  await axe();

  // The host was also told by e-mail, in Italian.
  await page.goto('/settings?tab=outbox');
  const outbox = page.getByRole('table', { name: 'Posta in uscita' });
  await expect(outbox.getByRole('button', { name: `${GUEST.name}: «Partecipa» a ${TITLE}` })).toHaveCount(1);
  await expect(outbox.getByRole('button', { name: `${GUEST.name}: «Forse» a ${TITLE}` })).toHaveCount(1);
});
