import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, request, type Page } from '@playwright/test';
import { addDays, utcToZoned, weekdayIndex } from '../src/shared/dates/dates.ts';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './chromium.ts';
import { baseUrlOf, expect, registerUser, test, uniqueEmail, type TestUser } from './fixtures.ts';
import { expectSettled, onboardViaApi, uniqueCompany } from './helpers.ts';

/**
 * Check-in at the door, in Italian: guests invited through the API accept through the public RSVP API with the
 * token of their invitation e-mail; on the event page the host opens "Arrivi con QR" and checks them in with
 * the `qr-check-in.png` attached to the e-mail (uploaded as a photo), with the link typed, and with Chromium's
 * fake camera playing that same QR code. A second journey moves an event in the week and day views by drag and
 * drop, and with the keyboard through the move dialog.
 */

const TITLE = 'Inaugurazione del nuovo showroom';
const ATTACHMENT = 'qr-check-in.png';
type Guest = { name: string; email: string };

/** The event's wall-clock date in the organization's zone, a week from today. */
const inAWeek = () => addDays(utcToZoned(new Date(), 'Europe/Rome').date, 7);

async function api(page: Page, method: 'post' | 'get', url: string, data?: unknown) {
  const res = await page.request[method](url, {
    ...(data === undefined ? {} : { data }),
    headers: { Origin: baseUrlOf(page) },
  });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A fresh host with a business and an event, signed in on the page. */
async function hostWithEvent(
  page: Page,
  title: string,
  times: { startTime: string; endTime: string },
  startDate = inAWeek(),
) {
  const user = await registerUser(page, { name: 'Serena Galli' });
  await onboardViaApi(page, { companyName: uniqueCompany('Arredi Galli') });
  const event = await api(page, 'post', '/api/v1/events', {
    title,
    startDate,
    ...times,
    location: 'Via Mazzini 12, Ravenna',
  });
  return { user, eventId: String(event.id), startDate };
}

/** The invitation e-mail sent to `email`, as listed in the outbox, with its text. */
async function invitationMail(page: Page, email: string) {
  const list = (await api(page, 'get', '/api/v1/outbox?pageSize=50')) as {
    items: { id: string; toAddresses: string[]; subject: string }[];
  };
  const item = list.items.find((m) => m.toAddresses.includes(email) && m.subject.startsWith('Invito: '));
  expect(item, `an invitation to ${email} in the outbox`).toBeDefined();
  const message = (await api(page, 'get', `/api/v1/outbox/${item!.id}`)) as {
    textBody: string;
    attachments: { filename: string; contentType: string }[];
  };
  expect(message.attachments.map((a) => a.filename)).toContain(ATTACHMENT);
  const link = /https?:\/\/\S+?\/rsvp\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(message.textBody);
  expect(link, `an RSVP link in:\n${message.textBody}`).not.toBeNull();
  return { id: item!.id, link: link![0], token: link![1]! };
}

/**
 * An attachment of an outbox message, from the .eml copy the server writes next to the outbox (DATA_DIR/outbox,
 * src/server/platform/mail.ts): the API lists attachments but does not serve them.
 */
function attachmentOf(messageId: string, filename: string): Buffer {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'E2E_DATA_DIR set by playwright.config.ts').toBeTruthy();
  const eml = fs.readFileSync(path.join(dataDir!, 'outbox', `${messageId}.eml`), 'utf8');
  const lines = eml.split(/\r?\n/);
  const at = lines.findIndex(
    (l) => l.includes(`filename=${filename}`) || l.includes(`filename="${filename}"`),
  );
  expect(at, `${filename} in the .eml`).toBeGreaterThan(-1);
  // The part's headers end at the first blank line; its base64 body runs to the next boundary.
  let i = at;
  while (lines[i]!.trim() !== '') i++;
  const body: string[] = [];
  for (i++; i < lines.length && !lines[i]!.startsWith('--'); i++) body.push(lines[i]!.trim());
  const bytes = Buffer.from(body.join(''), 'base64');
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return bytes;
}

/** Invites a guest by e-mail through the API; with `accept` the guest accepts through the public RSVP API. */
async function invite(page: Page, eventId: string, guest: Guest, accept: { guests: number } | null) {
  await api(page, 'post', `/api/v1/events/${eventId}/invitations`, {
    inviteeName: guest.name,
    inviteeEmail: guest.email,
  });
  const mail = await invitationMail(page, guest.email);
  if (accept) {
    // The guest has no session: a request context of its own.
    const baseURL = baseUrlOf(page);
    const anonymous = await request.newContext({ baseURL });
    try {
      const res = await anonymous.post(`/api/public/rsvp/${mail.token}`, {
        data: { response: 'accepted', guestCount: accept.guests },
        headers: { Origin: baseURL },
      });
      expect(res.status(), await res.text()).toBe(200);
      expect(((await res.json()) as { rsvpStatus: string }).rsvpStatus).toBe('accepted');
    } finally {
      await anonymous.dispose();
    }
  }
  return mail;
}

/** "2 persone · 30 nov 2026, 18:42": the guests and the check-in time. */
const checkedInLine = (guests: number) =>
  new RegExp(`${guests} person[ae] · \\d{1,2} \\S+ \\d{4}, \\d{2}:\\d{2}`);

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'check-in-e2e-'));
}

test('arrivi con il QR dell’invito: foto dell’allegato, codice scritto, fotocamera', async ({
  page,
  axe,
}) => {
  test.setTimeout(180_000);
  const { user, eventId } = await hostWithEvent(page, TITLE, { startTime: '18:00', endTime: '21:00' });
  const photoGuest = { name: 'Giulia Verdi', email: uniqueEmail('giulia.verdi') };
  const typedGuest = { name: 'Paolo Neri', email: uniqueEmail('paolo.neri') };
  const cameraGuest = { name: 'Anna Conti', email: uniqueEmail('anna.conti') };
  const pendingGuest = { name: 'Luca Riva', email: uniqueEmail('luca.riva') };
  const photoMail = await invite(page, eventId, photoGuest, { guests: 2 });
  const typedMail = await invite(page, eventId, typedGuest, { guests: 1 });
  const cameraMail = await invite(page, eventId, cameraGuest, { guests: 3 });
  const pendingMail = await invite(page, eventId, pendingGuest, null);
  const dir = tempDir();

  try {
    // The QR code attached to the e-mail, as the guest would show it printed or on the phone.
    const png = path.join(dir, ATTACHMENT);
    fs.writeFileSync(png, attachmentOf(photoMail.id, ATTACHMENT));

    await page.goto(`/calendar/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const rows = page.getByTestId('attendee-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: photoGuest.name })).toHaveAttribute('data-status', 'expected');
    await expectSettled(page);

    await page.getByRole('button', { name: 'Arrivi con QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registra gli arrivi con il QR' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Avvia la fotocamera e inquadra il codice QR dell'invito.")).toBeVisible();
    await axe();

    // This browser has no camera: the reason is shown, the photo and the typed code still work.
    await dialog.getByRole('button', { name: 'Avvia la fotocamera' }).click();
    await expect(
      dialog.getByText(
        /Accesso alla fotocamera negato|Nessuna fotocamera trovata|Impossibile avviare la fotocamera/,
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Riprova con la fotocamera' })).toBeVisible();

    // 1. The attachment uploaded as a photo.
    const result = dialog.getByTestId('check-in-result');
    await dialog.getByLabel('Carica una foto del codice').setInputFiles(png);
    await expect(result.getByText(`${photoGuest.name}: arrivo registrato`)).toBeVisible({ timeout: 20_000 });
    await expect(result).toContainText(checkedInLine(2));
    await axe();

    // 2. The typed code: empty, not an invitation, a guest who has not accepted, then the link of a guest.
    const typed = dialog.getByLabel('Oppure scrivi il codice o il link', { exact: true });
    const submit = dialog.getByRole('button', { name: 'Registra', exact: true });
    await submit.click();
    await expect(dialog.getByText("Scrivi il codice dell'invito")).toBeVisible();
    await expect(typed).toHaveAttribute('aria-invalid', 'true');
    await typed.fill('https://example.test/rsvp/non-un-codice');
    await submit.click();
    await expect(result.getByRole('alert')).toContainText('Questo codice non è un invito a questo evento');
    await typed.fill(pendingMail.token);
    await submit.click();
    await expect(result.getByRole('alert')).toContainText(
      "Si può registrare l'arrivo solo di chi ha accettato l'invito",
    );
    await typed.fill(typedMail.link);
    await submit.click();
    await expect(result.getByText(`${typedGuest.name}: arrivo registrato`)).toBeVisible();
    await expect(result).toContainText(checkedInLine(1));
    await expect(typed).toHaveValue('');
    await axe();

    // The list behind the dialog: both arrived, with the time; the third guest is still expected.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    for (const guest of [photoGuest, typedGuest]) {
      const row = rows.filter({ hasText: guest.name });
      await expect(row).toHaveAttribute('data-status', 'checked_in');
      await expect(row).toContainText(/Arrivato \d{1,2} \S+ \d{4}, \d{2}:\d{2}/);
    }
    await expect(rows.filter({ hasText: cameraGuest.name })).toHaveAttribute('data-status', 'expected');
    await expect(page.getByText('2 di 3 arrivati · 3 ospiti presenti')).toBeVisible();

    // 3. The camera: Chromium's fake device plays the third guest's QR code (an MJPEG is JPEG frames in a row).
    const scratch = await page.context().newPage();
    const qr = attachmentOf(cameraMail.id, ATTACHMENT).toString('base64');
    await scratch.setViewportSize({ width: 640, height: 480 });
    await scratch.setContent(
      `<html><body style="margin:0;background:#fff;display:grid;place-items:center;height:480px">` +
        `<img src="data:image/png;base64,${qr}" style="width:400px;height:400px;image-rendering:pixelated"></body></html>`,
    );
    const frame = await scratch.screenshot({ type: 'jpeg', quality: 92 });
    await scratch.close();
    const video = path.join(dir, 'qr.mjpeg');
    fs.writeFileSync(video, Buffer.concat(Array.from({ length: 10 }, () => frame)));
    await checkInWithCamera(baseUrlOf(page), user, eventId, video, cameraGuest);

    await page.reload();
    await expect(rows.filter({ hasText: cameraGuest.name })).toHaveAttribute('data-status', 'checked_in');
    await expect(page.getByText('3 di 3 arrivati · 6 ospiti presenti')).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function checkInWithCamera(
  baseURL: string,
  user: TestUser,
  eventId: string,
  video: string,
  guest: Guest,
) {
  const browser = await chromium.launch({
    executablePath: JOURNEY_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      locale: 'it-IT',
      timezoneId: 'UTC',
      viewport: { width: 1280, height: 800 },
      permissions: ['camera'],
    });
    const host = await context.newPage();
    const signIn = await host.request.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: { Origin: baseURL },
    });
    expect(signIn.status()).toBe(200);

    await host.goto(`/calendar/events/${eventId}`);
    await host.getByRole('button', { name: 'Arrivi con QR' }).click();
    const dialog = host.getByRole('dialog', { name: 'Registra gli arrivi con il QR' });
    await dialog.getByRole('button', { name: 'Avvia la fotocamera' }).click();
    const result = dialog.getByTestId('check-in-result');
    await expect(result.getByText(`${guest.name}: arrivo registrato`)).toBeVisible({ timeout: 30_000 });
    await expect(result).toContainText(checkedInLine(3));
    // The camera stays on for the next guest until it is stopped.
    const streaming = () =>
      dialog
        .getByTestId('check-in-video')
        .evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream | null)?.active ?? false);
    expect(await streaming()).toBe(true);
    await expect(
      dialog.getByText('Tieni il codice nel riquadro: la fotocamera resta accesa per il prossimo.'),
    ).toBeVisible();
    const { violations } = await new AxeBuilder({ page: host })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await dialog.getByRole('button', { name: 'Ferma la fotocamera' }).click();
    await expect.poll(streaming).toBe(false);
    await expect(dialog.getByRole('button', { name: 'Avvia la fotocamera' })).toBeVisible();
    await context.close();
  } finally {
    await browser.close();
  }
}

/** The event as the API has it now. */
async function eventTimes(page: Page, eventId: string) {
  const e = await api(page, 'get', `/api/v1/events/${eventId}`);
  return { startDate: e.startDate, startTime: e.startTime, endTime: e.endTime, allDay: e.allDay };
}

const HOUR_PX = 48; // src/web/features/calendar/calendar-time-grid-view.tsx

test('spostare un evento nelle viste settimana e giorno: trascinando e con la tastiera', async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  const title = 'Sopralluogo cantiere';
  // Any day but Sunday: the next day is in the same week (weeks start on Monday).
  const week0 = inAWeek();
  const day = weekdayIndex(week0) === 6 ? addDays(week0, 1) : week0;
  const { eventId } = await hostWithEvent(page, title, { startTime: '10:00', endTime: '11:00' }, day);
  const next = addDays(day, 1);
  const moved = page.getByText(`«${title}» spostato`);

  // 1. Week view: dragged to the next day at 14:00.
  await page.goto(`/calendar?view=week&date=${day}`);
  const week = page.getByTestId('week-view');
  await expect(week).toBeVisible();
  const chip = week.locator(`[data-testid="calendar-event"][data-event-id="${eventId}"]`);
  await expect(chip).toHaveAccessibleName(`${title}, 10:00 – 11:00`);
  await expect(chip).toHaveAttribute('draggable', 'true');
  await expectSettled(page);
  await axe();
  await chip.dragTo(week.locator(`[data-date="${next}"]`), {
    targetPosition: { x: 30, y: 14 * HOUR_PX + 10 },
  });
  await expect(moved).toBeVisible();
  await expect(
    week.locator(`[data-date="${next}"]`).getByRole('button', { name: title }),
  ).toHaveAccessibleName(`${title}, 14:00 – 15:00`);
  await expect(week.locator(`[data-date="${day}"]`).getByTestId('calendar-event')).toHaveCount(0);
  expect(await eventTimes(page, eventId)).toEqual({
    startDate: next,
    startTime: '14:00',
    endTime: '15:00',
    allDay: false,
  });

  // 2. Day view: dragged later on the same day, to the half hour.
  await page.goto(`/calendar?view=day&date=${next}`);
  const dayView = page.getByTestId('day-view');
  const dayChip = dayView.locator(`[data-testid="calendar-event"][data-event-id="${eventId}"]`);
  await expect(dayChip).toHaveAccessibleName(`${title}, 14:00 – 15:00`);
  await dayChip.dragTo(dayView.locator(`[data-date="${next}"]`), {
    targetPosition: { x: 60, y: 16.5 * HOUR_PX + 10 },
  });
  await expect(dayChip).toHaveAccessibleName(`${title}, 16:30 – 17:30`);
  expect(await eventTimes(page, eventId)).toMatchObject({ startDate: next, startTime: '16:30' });

  // 3. The keyboard: the event's summary → "Sposta" → a new date and time.
  await dayChip.focus();
  await page.keyboard.press('Enter');
  const summary = page.getByRole('dialog', { name: title, exact: true });
  await expect(summary).toBeVisible();
  await summary.getByRole('button', { name: 'Sposta' }).focus();
  await page.keyboard.press('Enter');
  const move = page.getByRole('dialog', { name: `Sposta «${title}»` });
  await expect(move.getByLabel('Nuova data')).toHaveValue(next);
  await expect(move.getByLabel('Nuovo orario di inizio')).toHaveValue('16:30');
  await axe();
  await move.getByLabel('Nuova data').fill(day);
  await move.getByLabel('Nuovo orario di inizio').fill('08:00');
  await page.keyboard.press('Enter');
  await expect(move).toBeHidden();
  await expect(dayView.getByTestId('calendar-event')).toHaveCount(0);
  expect(await eventTimes(page, eventId)).toEqual({
    startDate: day,
    startTime: '08:00',
    endTime: '09:00',
    allDay: false,
  });
  await page.goto(`/calendar?view=week&date=${day}`);
  await expect(chip).toHaveAccessibleName(`${title}, 08:00 – 09:00`);
  await expect(week.locator(`[data-date="${day}"]`).getByTestId('calendar-event')).toHaveCount(1);
});
