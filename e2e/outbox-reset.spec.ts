import type { Page } from '@playwright/test';
import { baseUrlOf, expect, test } from './fixtures.ts';
import { expectSettled, greetingIt, newOnboardedUser } from './helpers.ts';

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/**
 * Password reset by e-mail without an SMTP server: "Password dimenticata?" stores the message in the outbox,
 * the signed-in user reads it in Settings → Posta in uscita, and its link sets a new password.
 *
 * A fresh user (signed up and onboarded through the API) rather than the demo user: the journey changes the
 * password, and the other journeys sign in with the demo credentials.
 */
test('forgot password → outbox message → reset link → sign in with the new password', async ({
  page,
  axe,
}) => {
  const user = await newOnboardedUser(page, { name: 'Irene Russo' });
  await page.context().clearCookies();
  const newPassword = `Nuova-chiave-${Date.now().toString(36)}7`;

  // Forgot password on /login.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await expectSettled(page);
  await page.getByRole('button', { name: 'Password dimenticata?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reimposta la password' })).toBeVisible();
  await axe();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  await expect(page.getByText(`Se esiste un account per ${user.email}`)).toBeVisible();
  // No SMTP server in the e2e run: the page says where the message is.
  await expect(page.getByText(/Impostazioni → Posta in uscita/)).toBeVisible();
  await axe();

  // Back to the sign-in form, sign in with the current password.
  await page.getByRole('button', { name: "Torna all'accesso" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Irene') })).toBeVisible();

  // Settings → Posta in uscita: the reset message addressed to the user.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  await page.getByRole('tab', { name: 'Posta in uscita' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=outbox$/);
  const outbox = page.getByRole('table', { name: 'Posta in uscita' });
  const row = outbox.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Reimposta la password' })).toBeVisible();
  // Not "sent": kept because no mail server is configured, and the page says how to configure one.
  await expect(row).toContainText('Non inviata: nessun server di posta');
  await expect(page.getByText(/imposta la variabile SMTP_URL/)).toBeVisible();
  await expectSettled(page);
  await axe();

  // The message opens on its text view; axe runs before any HTML view (a sandboxed frame).
  await row.getByRole('button', { name: 'Reimposta la password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reimposta la password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Testo' })).toHaveAttribute('aria-pressed', 'true');
  const text = dialog.locator('pre');
  await expect(text).toContainText('Ciao Irene Russo,');
  await expectSettled(page);
  await axe();
  const body = (await text.textContent()) ?? '';
  const match = body.match(/https?:\/\/\S+\/login\?resetToken=\S+/);
  expect(match, `a reset link in the message text:\n${body}`).not.toBeNull();
  const link = new URL(match![0]);
  expect(link.origin).toBe(baseUrlOf(page));
  // The address is a real link, opened in a new tab without access to this page.
  const anchor = text.getByRole('link', { name: link.href });
  await expect(anchor).toHaveAttribute('href', link.href);
  await expect(anchor).toHaveAttribute('target', '_blank');
  await expect(anchor).toHaveAttribute('rel', /noopener/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Sign out from the user menu.
  await page.getByRole('button', { name: 'Menu utente di Irene Russo' }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The link: choose a new password (the policy refuses a short one first).
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
  await expectSettled(page);
  await axe();
  const password = page.getByLabel('Nuova password', { exact: true });
  const confirm = page.getByLabel('Conferma la password', { exact: true });
  const save = page.getByRole('button', { name: 'Salva la nuova password' });
  await password.fill('breve1');
  await confirm.fill('breve1');
  await save.click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(
    /Almeno 10 caratteri, con almeno una lettera e un numero/,
  );
  await password.fill(newPassword);
  await confirm.fill(newPassword);
  await save.click();
  await expect(page.getByText('Password aggiornata. Ora puoi accedere con la nuova password.')).toBeVisible();
  await axe();
  await page.getByRole('button', { name: "Vai all'accesso" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();

  // The old password no longer works; the new one does.
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' })).toBeVisible();
  await axe();
  await signInThroughForm(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Irene') })).toBeVisible();
  await expectSettled(page);
  await axe();

  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' })).toBeVisible();
  await password.fill(`${newPassword}x`);
  await confirm.fill(`${newPassword}x`);
  await save.click();
  await expect(page.getByText(/Il link per reimpostare la password non è valido o è scaduto/)).toBeVisible();
});
