import type { Browser, Page } from '@playwright/test';
import { baseUrlOf, expect, registerUser, signIn, test } from './fixtures.ts';
import { expectSettled, greetingIt, newOnboardedUser } from './helpers.ts';

/**
 * Members and roles in Italian: an admin (the super admin of a fresh organization) invites a colleague as
 * "Responsabile"; the colleague opens the e-mailed link (read from Settings → Posta in uscita) in a browser with
 * no session, creates an account there and lands on the organization's dashboard; as a manager /organization
 * is refused. The admin then changes the colleague's role, confirming the step-up with the password. Axe runs
 * on /organization, the invite dialog and /invite.
 */
const INVITE_LINK = /https?:\/\/\S+?\/invite\/[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the invitation to `email` in Settings → Posta in uscita and returns the link it carries. */
async function inviteLinkFromOutbox(page: Page, email: string, expected: string[] = []): Promise<URL> {
  await page.goto('/settings?tab=outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  const outbox = page.getByRole('table', { name: 'Posta in uscita' });
  const row = outbox.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const subject = /^Invito a unirti a .+ su Gestionale$/;
  await row.getByRole('button', { name: subject }).click();
  const text = page.getByRole('dialog', { name: subject }).locator('pre');
  for (const line of expected) await expect(text).toContainText(line);
  const body = (await text.textContent()) ?? '';
  const match = body.match(INVITE_LINK);
  expect(match, `an invitation link in the message text:\n${body}`).not.toBeNull();
  const link = new URL(match![0]);
  expect(link.origin).toBe(baseUrlOf(page));
  await page.keyboard.press('Escape');
  return link;
}

async function freshBrowser(browser: Browser) {
  const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'UTC' });
  return { context, page: await context.newPage() };
}

test('un amministratore invita un collega come responsabile; il collega entra dal link; /organization gli è negata', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(180_000);
  const admin = await newOnboardedUser(page, { name: 'Alessia Ferri' });
  const colleague = {
    name: 'Marco Galli',
    email: `marco.galli-${Date.now().toString(36)}@example.test`,
    password: 'Chiave-sicura-2026',
  };

  // 1. /organization from the sidebar: the admin alone, no invitation yet.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Alessia') })).toBeVisible();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Organizzazione', exact: true }).click();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizzazione' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Membri' });
  const adminRow = members.getByRole('row').filter({ hasText: admin.email });
  await expect(adminRow).toContainText('Alessia Ferri');
  await expect(adminRow).toContainText('Tu');
  await expect(adminRow).toContainText('Super amministratore');
  await expect(adminRow).toContainText('Unico super amministratore');
  await expect(page.getByRole('heading', { name: 'Nessun invito in attesa' })).toBeVisible();
  await expect(page.getByRole('button', { name: "Lascia l'organizzazione" })).toBeDisabled();
  await expectSettled(page);
  await axe();

  // 2. The invite dialog: the address is checked before anything is sent.
  await page.getByRole('button', { name: 'Invita un membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invita un membro' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel('Email', { exact: true });
  await dialog.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Inserisci l'indirizzo e-mail della persona da invitare/);
  await expect(email).toBeFocused();
  await email.fill('marco@');
  await dialog.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(email).toHaveAccessibleDescription(/Indirizzo e-mail non valido/);
  await axe();
  await email.fill(colleague.email);
  await dialog.getByLabel('Ruolo', { exact: true }).selectOption({ label: 'Responsabile' });
  await expect(dialog).toContainText('Gestisce i dati finanziari');
  await dialog.getByRole('button', { name: "Invia l'invito" }).click();
  await expect(dialog).toBeHidden();
  // No mail server in the e2e run: the toast says the message was kept, not sent.
  await expect(page.getByText(`Messaggio per ${colleague.email} NON inviato`)).toBeVisible();
  await expect(page.getByText(`Invito inviato a ${colleague.email}`)).toHaveCount(0);
  const invitations = page.getByRole('table', { name: 'Inviti in attesa' });
  const invitationRow = invitations.getByRole('row').filter({ hasText: colleague.email });
  await expect(invitationRow).toContainText('Responsabile');
  await expect(invitationRow).toContainText('Invitato da Alessia Ferri');
  await expect(
    invitationRow.getByRole('button', { name: `Annulla l'invito a ${colleague.email}` }),
  ).toBeVisible();
  await expectSettled(page);
  await axe();

  // 3. The e-mail in Settings → Posta in uscita, and its link.
  const link = await inviteLinkFromOutbox(page, colleague.email, [
    `Alessia Ferri ti ha invitato a far parte di «${admin.companyName}»`,
    'con il ruolo «Responsabile»',
  ]);

  // 4. The colleague, signed out, opens the link and creates an account with the invited address.
  const guest = await freshBrowser(browser);
  await guest.page.goto(link.pathname);
  await expect(
    guest.page.getByRole('heading', { level: 1, name: `Unisciti a ${admin.companyName}` }),
  ).toBeVisible();
  const details = guest.page.getByRole('definition');
  await expect(details.filter({ hasText: colleague.email })).toHaveCount(1);
  await expect(details.filter({ hasText: 'Responsabile' })).toHaveCount(1);
  await expect(
    guest.page.getByText(`Alessia Ferri ti ha invitato a far parte di ${admin.companyName}`),
  ).toBeVisible();
  await expect(guest.page.getByRole('heading', { level: 2, name: 'Crea il tuo account' })).toBeVisible();
  const prefilled = guest.page.getByLabel('Email', { exact: true });
  await expect(prefilled).toHaveValue(colleague.email);
  await expect(prefilled).toHaveAttribute('readonly', '');
  await expectSettled(guest.page);
  await axe({ page: guest.page });
  await guest.page.getByLabel('Nome e cognome', { exact: true }).fill(colleague.name);
  await guest.page.getByLabel('Password', { exact: true }).fill(colleague.password);
  await guest.page.getByLabel('Conferma la password', { exact: true }).fill(colleague.password);
  await guest.page.getByRole('button', { name: "Crea l'account e accetta" }).click();
  await expect(guest.page).toHaveURL(/\/dashboard$/);
  // The welcome is a toast, gone after a few seconds: looked for before the dashboard's code has loaded.
  await expect(guest.page.getByText(`Benvenuto in ${admin.companyName}`)).toBeVisible();
  await expect(guest.page.getByRole('heading', { level: 1, name: greetingIt('Marco') })).toBeVisible();

  // 5. As a manager /organization is refused, and the sidebar does not offer it.
  await expect(guest.page.getByTestId('sidebar').getByRole('link', { name: 'Organizzazione' })).toHaveCount(
    0,
  );
  await guest.page.goto('/organization');
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Accesso non consentito' })).toBeVisible();
  await expect(
    guest.page.getByText('Con il ruolo «Responsabile» non puoi aprire «Organizzazione»'),
  ).toBeVisible();
  await expect(guest.page.getByRole('table', { name: 'Membri' })).toHaveCount(0);
  await expectSettled(guest.page);
  await axe({ page: guest.page });

  // The used link says so.
  await guest.page.goto(link.pathname);
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Invito già accettato' })).toBeVisible();
  await axe({ page: guest.page });

  // 6. The admin sees the new member; the invitation is gone. A role change asks for the password first.
  await page.goto('/organization');
  const marcoRole = members.getByRole('combobox', { name: 'Ruolo di Marco Galli' });
  await expect(marcoRole).toHaveValue('manager');
  await expect(page.getByRole('heading', { name: 'Nessun invito in attesa' })).toBeVisible();
  await marcoRole.selectOption({ label: 'Utente' });
  const confirm = page.getByRole('dialog', { name: 'Cambiare il ruolo di Marco Galli?' });
  await expect(confirm).toContainText('da «Responsabile» a «Utente»');
  await confirm.getByRole('button', { name: 'Cambia ruolo' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Conferma la tua identità' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Password', { exact: true }).fill(admin.password);
  await stepUp.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Marco Galli ora ha il ruolo «Utente»')).toBeVisible();
  await expect(marcoRole).toHaveValue('user');
  await expect(confirm).toBeHidden();
  await expectSettled(page);
  await axe();

  // The colleague's next request sees the new role.
  await guest.page.goto('/organization');
  await expect(guest.page.getByText('Con il ruolo «Utente» non puoi aprire «Organizzazione»')).toBeVisible();

  // 7. With an organization of their own too, the colleague switches between the two from the top bar.
  const created = await guest.page.request.post('/api/v1/organizations', {
    data: { name: 'Galli Consulenze' },
    headers: { Origin: baseUrlOf(guest.page) },
  });
  expect(created.status(), await created.text()).toBe(201);
  await guest.page.goto('/organization');
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Organizzazione' })).toBeVisible();
  await guest.page
    .getByRole('button', { name: 'Organizzazione attiva: Galli Consulenze. Cambia organizzazione' })
    .click();
  await guest.page
    .getByRole('menuitemradio', { name: new RegExp(`^${escapeRegExp(admin.companyName)}`) })
    .click();
  await expect(
    guest.page.getByRole('button', {
      name: `Organizzazione attiva: ${admin.companyName}. Cambia organizzazione`,
    }),
  ).toBeVisible();
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Accesso non consentito' })).toBeVisible();

  // 8. A lost laptop: the admin signs the colleague out of every device (the step-up of the role change is still
  // fresh); the colleague's next page is the sign-in.
  await page.goto('/organization');
  await members.getByRole('button', { name: 'Disconnetti Marco Galli da tutti i dispositivi' }).click();
  const signOut = page.getByRole('dialog', { name: 'Disconnettere Marco Galli da tutti i dispositivi?' });
  await expect(signOut).toContainText(colleague.email);
  await signOut.getByRole('button', { name: 'Disconnetti', exact: true }).click();
  await expect(page.getByText('1 sessione di Marco Galli chiusa su tutti i dispositivi')).toBeVisible();
  await guest.page.goto('/dashboard');
  await expect(guest.page).toHaveURL(/\/login/);
  await guest.context.close();
});

test('un link di invito non valido lo dice chiaramente', async ({ page, axe }) => {
  await page.goto('/invite/AAAAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
  await expect(page.getByRole('heading', { level: 1, name: 'Invito non valido' })).toBeVisible();
  await expect(page.getByRole('link', { name: "Vai all'accesso" })).toBeVisible();
  await axe();
});

test("con un altro account il link lo spiega; si esce, si accede con l'indirizzo invitato e si accetta", async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(120_000);
  const admin = await newOnboardedUser(page, { name: 'Sara Conti' });
  const invitee = await registerUser(page, { name: 'Luca Neri' });
  // The admin's session again (registering signed the page in as Luca).
  await signIn(page, admin);
  const sent = await page.request.post('/api/v1/organization/invitations', {
    data: { email: invitee.email, role: 'viewer' },
    // The mail is written in the inviter's language, as the web app sends it.
    headers: { Origin: baseUrlOf(page), 'Accept-Language': 'it' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = await inviteLinkFromOutbox(page, invitee.email);

  // Someone else is signed in on the colleague's browser.
  const guest = await freshBrowser(browser);
  const other = await registerUser(guest.page, { name: 'Altra Persona' });
  await guest.page.goto(link.pathname);
  await expect(guest.page.getByText('Questo invito è per un altro indirizzo')).toBeVisible();
  await expect(
    guest.page.getByText(
      `L'invito è stato inviato a ${invitee.email}, ma hai effettuato l'accesso come ${other.email}`,
    ),
  ).toBeVisible();
  await expectSettled(guest.page);
  await axe({ page: guest.page });
  await guest.page.getByRole('button', { name: 'Esci e cambia account' }).click();

  // Signed out: the invited address has an account, so the page offers to sign in and brings the user back.
  await expect(guest.page.getByText(`Esiste già un account con ${invitee.email}`)).toBeVisible();
  await guest.page.getByRole('link', { name: 'Accedi per accettare' }).click();
  await expect(guest.page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await guest.page.getByLabel('Email', { exact: true }).fill(invitee.email);
  await guest.page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await guest.page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(guest.page).toHaveURL(link.pathname);
  await expect(guest.page.getByText(`Hai effettuato l'accesso come ${invitee.email}.`)).toBeVisible();
  await guest.page.getByRole('button', { name: "Accetta l'invito" }).click();
  await expect(guest.page).toHaveURL(/\/dashboard$/);
  await expect(guest.page.getByRole('heading', { level: 1, name: greetingIt('Luca') })).toBeVisible();
  await guest.context.close();

  await page.goto('/organization');
  await expect(
    page.getByRole('table', { name: 'Membri' }).getByRole('combobox', { name: 'Ruolo di Luca Neri' }),
  ).toHaveValue('viewer');
});

test('su un telefono membri e inviti diventano schede', async ({ page, axe }) => {
  const admin = await newOnboardedUser(page, { name: 'Giulia Rinaldi' });
  for (const [email, role] of [
    [`anna.verdi-${Date.now().toString(36)}@example.test`, 'admin'],
    [`un.indirizzo.molto.lungo.per.provare.${Date.now().toString(36)}@esempio-azienda.test`, 'user'],
  ]) {
    const sent = await page.request.post('/api/v1/organization/invitations', {
      data: { email, role },
      headers: { Origin: baseUrlOf(page) },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/organization');
  await expect(page.getByRole('heading', { level: 1, name: 'Organizzazione' })).toBeVisible();
  await expect(page.getByTestId('member-card')).toHaveCount(1);
  await expect(page.getByTestId('member-card')).toContainText(admin.email);
  await expect(page.getByTestId('invitation-card')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Membri' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invia di nuovo' })).toHaveCount(2);
  await expectSettled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling at 360 px').toBeLessThanOrEqual(0);
  await axe();
  await page.screenshot({ path: test.info().outputPath('organization-phone.png'), fullPage: true });

  // The invite dialog fits too.
  await page.getByRole('button', { name: 'Invita un membro' }).click();
  await expect(page.getByRole('dialog', { name: 'Invita un membro' })).toBeVisible();
  await axe();
  await page.screenshot({ path: test.info().outputPath('invite-dialog-phone.png') });
});
