import fs from 'node:fs/promises';
import { createOTP } from '@better-auth/utils/otp';
import { base32 } from '@better-auth/utils/base32';
import type { Page } from '@playwright/test';
import { baseUrlOf, expect, test, type TestUser } from './fixtures.ts';
import { expectSettled, newOnboardedUser } from './helpers.ts';

/** The authenticator app: the current code for the secret shown on screen (RFC 6238, 6 digits, 30 s). */
function totp(secret: string): Promise<string> {
  return createOTP(base32.decode(secret), { digits: 6, period: 30 }).totp();
}

/** A code the app would not show now (none of the previous, current and next steps). */
async function wrongCode(secret: string): Promise<string> {
  const otp = createOTP(base32.decode(secret), { digits: 6, period: 30 });
  const step = Math.floor(Date.now() / 30_000);
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => otp.hotp(step + d))));
  return ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
}

async function signOutFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Menu utente di ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, user: TestUser) {
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verifica in due passaggi' })).toBeVisible();
}

async function openSecurityTab(page: Page) {
  await page.goto('/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Verifica in due passaggi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessioni attive' })).toBeVisible();
  await expectSettled(page);
}

/**
 * Issue 7 journey: a user turns two-factor on (QR code and secret, a wrong code refused, backup codes shown
 * once), signs in with a code of the authenticator app, then with a backup code; from a second browser the
 * first session is ended and the first browser finds itself signed out.
 */
test('two-factor sign-in with a TOTP and a backup code, and a session ended from another browser', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(120_000);
  const user = await newOnboardedUser(page, { name: 'Giulia Ferri' });

  await openSecurityTab(page);
  const twoFactorCard = page.getByTestId('two-factor-card');
  await expect(twoFactorCard.getByText('Non attiva')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await expect(page.getByTestId('session-row').getByText('Questo dispositivo')).toBeVisible();
  const organizationLine = 'Nella tua organizzazione 0 membri su 1 usano la verifica in due passaggi';
  await expect(page.getByText(organizationLine)).toBeVisible();
  await axe();

  // Setup: password, then the QR code and the secret to type.
  await page.getByRole('button', { name: 'Attiva la verifica in due passaggi' }).click();
  const setup = page.getByRole('dialog', { name: 'Attiva la verifica in due passaggi' });
  await expect(setup.getByText('Passo 1 di 3')).toBeVisible();
  await setup.getByLabel('Password', { exact: true }).fill(user.password);
  await setup.getByRole('button', { name: 'Continua' }).click();
  await expect(
    setup.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" }),
  ).toBeVisible();
  const secret = ((await setup.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await axe();

  // A wrong code is refused; two-factor stays off until a valid one.
  const codeInput = setup.getByLabel('Codice di 6 cifre');
  await codeInput.fill(await wrongCode(secret));
  await setup.getByRole('button', { name: 'Verifica e attiva' }).click();
  await expect(setup.getByRole('alert')).toHaveText('Codice di verifica non valido');
  await codeInput.fill(await totp(secret));
  await setup.getByRole('button', { name: 'Verifica e attiva' }).click();

  // The backup codes, shown once: 8 of them, downloadable as .txt, closed only once saved.
  const codesDialog = page.getByRole('dialog', { name: 'Salva i codici di backup' });
  await expect(codesDialog).toBeVisible();
  const codes = (await codesDialog.getByTestId('backup-codes').getByRole('listitem').allTextContents()).map(
    (c) => c.trim(),
  );
  expect(codes).toHaveLength(8);
  const downloading = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Scarica .txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gestionale-codici-di-backup.txt');
  const text = await fs.readFile(await download.path(), 'utf8');
  for (const code of codes) expect(text).toContain(code);
  expect(text).toContain(user.email);
  const done = codesDialog.getByRole('button', { name: 'Fine' });
  await expect(done).toBeDisabled();
  await axe();
  await codesDialog.getByLabel('Ho salvato i codici in un luogo sicuro').check();
  await done.click();
  await expect(codesDialog).toBeHidden();
  await expect(twoFactorCard.getByText('Attiva', { exact: true })).toBeVisible();
  await expect(page.getByTestId('backup-codes-remaining')).toHaveText(/Ti restano 8 codici su 8/);
  await expect(
    page.getByText('Nella tua organizzazione 1 membro su 1 usa la verifica in due passaggi'),
  ).toBeVisible();
  await axe();

  // Sign out, sign in again with a code of the app.
  await signOutFromMenu(page, 'Giulia Ferri');
  await passwordStep(page, user);
  await expectSettled(page);
  await axe();
  const code = page.getByLabel('Codice di verifica');
  await code.fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Codice di verifica non valido');
  await code.fill(await totp(secret));
  await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign out, sign in with a backup code instead (typed without its dash).
  await signOutFromMenu(page, 'Giulia Ferri');
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Usa un codice di backup' }).click();
  await expect(page.getByLabel('Codice di backup')).toBeFocused();
  await axe();
  await page.getByLabel('Codice di backup').fill(codes[0]!.replace('-', ''));
  await page.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSecurityTab(page);
  await expect(page.getByTestId('backup-codes-remaining')).toHaveText(/Ti restano 7 codici su 8/);

  // A second browser signs in (password and code) and ends the first browser's session.
  const other = await browser.newContext({ baseURL: baseUrlOf(page), locale: 'it-IT', timezoneId: 'UTC' });
  const second = await other.newPage();
  await second.goto('/login');
  await passwordStep(second, user);
  await second.getByLabel('Codice di verifica').fill(await totp(secret));
  await second.getByRole('button', { name: 'Verifica', exact: true }).click();
  await expect(second).toHaveURL(/\/dashboard$/);
  await openSecurityTab(second);
  const rows = second.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(second.locator('[data-testid="session-row"][data-current]')).toContainText(
    'Questo dispositivo',
  );
  await axe({ page: second });

  const firstRow = second.locator('[data-testid="session-row"]:not([data-current])');
  await firstRow.getByRole('button', { name: /^Chiudi la sessione/ }).click();
  const confirm = second.getByRole('dialog', { name: 'Chiudere questa sessione?' });
  await confirm.getByRole('button', { name: 'Chiudi la sessione' }).click();
  // Ending a session asks to confirm the identity (password and code: two-factor is on).
  const stepUp = second.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await axe({ page: second });
  await stepUp.getByLabel('Password', { exact: true }).fill(user.password);
  await stepUp.getByLabel('Codice di verifica').fill(await totp(secret));
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  await expect(second.getByText('Sessione chiusa')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(
    second.getByText("Nessun'altra sessione attiva: hai effettuato l'accesso solo da qui."),
  ).toBeVisible();

  // The first browser, still on the settings page, is signed out by the live channel and told why.
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('La tua sessione è stata chiusa da un altro dispositivo.', { exact: false }),
  ).toBeVisible();
  await expectSettled(page);
  await axe();
  // Really signed out: a protected page sends back to /login.
  await page.goto('/settings?tab=security');
  await expect(page).toHaveURL(/\/login$/);

  await other.close();
});

/** Turns two-factor on through the API for the user signed in on the page; returns the secret. */
async function enableTwoFactorViaApi(page: Page, user: TestUser): Promise<string> {
  const headers = { Origin: baseUrlOf(page) };
  const setup = await page.request.post('/api/v1/security/two-factor/enable', {
    data: { password: user.password },
    headers,
  });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const verified = await page.request.post('/api/v1/security/two-factor/verify', {
    data: { code: await totp(secret) },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return secret;
}

test('five wrong codes lock the second step of the sign-in (in English)', async ({ page, axe }) => {
  const user = await newOnboardedUser(page, { name: 'Paolo Conti' });
  const secret = await enableTwoFactorViaApi(page, user);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeVisible();

  const code = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify', exact: true });
  const alert = page.getByRole('alert');
  for (let attempt = 0; attempt < 5; attempt++) {
    await code.fill(await wrongCode(secret));
    await verify.click();
    await expect(alert).toHaveText('Invalid verification code');
    await expect(code).toHaveValue('');
  }
  // Locked now: even the right code waits.
  await code.fill(await totp(secret));
  await verify.click();
  await expect(alert).toHaveText('Too many wrong codes: two-factor verification is locked for a few minutes');
  await expect(page).toHaveURL(/\/login$/);
  await axe();
});
