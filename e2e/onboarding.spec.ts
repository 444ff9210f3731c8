import { expect, newUser, test } from './fixtures.ts';
import { expectSettled, greetingIt, uniqueCompany } from './helpers.ts';

/**
 * A newcomer registers through the UI, goes through the three onboarding steps (Italian required-field
 * messages, an invalid Partita IVA refused by its check digit) and lands on the dashboard with the setup
 * progress of the fields filled.
 */
test('a newcomer registers, completes the onboarding and sees the setup progress', async ({ page, axe }) => {
  const user = newUser({ name: 'Ada Verdi' });
  const company = uniqueCompany('Bottega Verdi');

  // Register.
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Crea il tuo account' })).toBeVisible();
  await expectSettled(page);
  await axe();
  await page.getByLabel('Nome e cognome', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Conferma la password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Crea account' }).click();

  // A user without an organization is sent from /dashboard to /onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configura la tua azienda' })).toBeVisible();
  await expect(page.getByText('Passaggio 1 di 3')).toBeVisible();
  await expectSettled(page);
  await axe();

  // Step 1: Next with empty fields is refused with the Italian messages.
  const companyName = page.getByLabel("Nome dell'azienda", { exact: true });
  const businessType = page.getByLabel('Tipo di attività', { exact: true });
  const industry = page.getByLabel('Settore', { exact: true });
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText("Il nome dell'azienda è obbligatorio")).toBeVisible();
  await expect(page.getByText('Il tipo di attività è obbligatorio')).toBeVisible();
  await expect(page.getByText('Il settore è obbligatorio')).toBeVisible();
  await expect(companyName).toHaveAttribute('aria-invalid', 'true');
  await expect(companyName).toHaveAccessibleDescription("Il nome dell'azienda è obbligatorio");
  await expect(companyName).toBeFocused();
  await expect(page.getByText('Passaggio 1 di 3')).toBeVisible();
  await axe();

  await companyName.fill(company);
  await businessType.selectOption({ label: 'Società di persone' });
  await industry.selectOption({ label: 'Commercio al dettaglio' });
  await expect(page.getByText("Il nome dell'azienda è obbligatorio")).toHaveCount(0);
  await page.getByRole('button', { name: 'Avanti' }).click();

  // Step 2: address and phone (Italy is the default country, so the province is a select of sigle).
  await expect(page.getByText('Passaggio 2 di 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sede e contatti' })).toBeVisible();
  await expect(page.getByLabel('Paese', { exact: true })).toHaveValue('IT');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText("L'indirizzo è obbligatorio")).toBeVisible();
  await expect(page.getByText('Il numero di telefono è obbligatorio')).toBeVisible();
  await axe();
  await page.getByLabel('Indirizzo', { exact: true }).fill('Via Dante Alighieri 7');
  await page.getByLabel('Città', { exact: true }).fill('Milano');
  await page.getByLabel('Provincia', { exact: true }).selectOption('MI');
  await page.getByLabel('CAP', { exact: true }).fill('20121');
  await page.getByLabel('Telefono', { exact: true }).fill('+39 02 1234567');
  await page.getByRole('button', { name: 'Avanti' }).click();

  // Step 3: an invalid Partita IVA is refused (check digit), the valid one is accepted.
  await expect(page.getByText('Passaggio 3 di 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dati fiscali e dettagli' })).toBeVisible();
  await axe();
  const partitaIva = page.getByLabel('Partita IVA', { exact: true });
  const complete = page.getByRole('button', { name: 'Completa la configurazione' });
  await partitaIva.fill('00743110158');
  await complete.click();
  await expect(page.getByText('Partita IVA non valida: controlla le 11 cifre')).toBeVisible();
  await expect(partitaIva).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/onboarding$/);
  await axe();
  await partitaIva.fill('00743110157');
  await expect(page.getByText('Partita IVA non valida: controlla le 11 cifre')).toHaveCount(0);
  await complete.click();

  // Dashboard: greeting, the company and the setup progress of what was filled.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Ada') })).toBeVisible();
  await expectSettled(page);
  await expect(page.getByText(company, { exact: true })).toBeVisible();

  // Filled among the nine setup fields (profile-rules.ts SETUP_FIELDS): company name, business type,
  // industry, phone, address (street) and tax id (the Partita IVA) = 6; website, employee count and
  // description were left empty. 6 / 9 = 66.7 % → 67 %.
  const filled = 6;
  const expected = Math.round((filled / 9) * 100);
  const card = page.getByTestId('setup-progress');
  await expect(card).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(expected));
  await expect(card.getByText(`${expected}%`, { exact: true })).toBeVisible();
  await expect(card.getByText(`${filled} campi su 9 compilati`)).toBeVisible();
  await axe();

  // Onboarded: /onboarding now goes back to the dashboard.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: greetingIt('Ada') })).toBeVisible();
});
