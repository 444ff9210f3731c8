import { newOnboardedUser } from './helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * One template system (issue 16) as a person uses it: in Settings a new own template whose HTML uses flexbox shows
 * the compatibility warning while it is typed and is saved anyway; in English the composer's Template picker lists
 * it, fills subject and body from it ("Valued Customer" without a client), and asks before a system template
 * replaces what is written.
 */
test('scrive un modello con un avviso, poi lo usa nel composer (in inglese)', async ({ page, axe }) => {
  test.setTimeout(90_000);
  const { companyName } = await newOnboardedUser(page, { name: 'Teresa Galli' });

  await page.goto('/settings?tab=email-templates');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Modelli e-mail' })).toBeVisible();
  // The system templates, grouped by category: the documents' and the composer's general ones.
  const list = panel.getByRole('navigation', { name: 'Modelli' });
  await expect(list.getByRole('heading', { name: 'Preventivi' })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
  await expect(list.getByTestId('email-template-professional')).toContainText('Messaggio professionale');

  await panel.getByRole('button', { name: 'Nuovo modello' }).click();
  await panel.getByLabel('Nome').fill('Offerta estate');
  await panel.getByLabel('Categoria').selectOption({ label: 'Professionali' });
  await panel.getByLabel('Oggetto').fill('Offerta estate per {{client_name}}');
  await panel.getByLabel('Testo', { exact: true }).fill('Salve {{client_name}},\n\necco la nostra offerta.');
  const warnings = panel.getByTestId('email-template-warnings');
  await expect(warnings).toBeHidden();
  // Checked before the HTML preview exists: axe's run across frames opens a page of its own, which hangs here.
  await axe();
  await panel
    .getByLabel('Versione HTML')
    .fill('<div style="display: flex"><p>Salve {{client_name}},</p><p>ecco la nostra offerta.</p></div>');
  // The warning appears as it is typed.
  await expect(warnings).toContainText('I layout flexbox o grid non sono supportati');
  await expect(panel.getByTestId('email-template-preview-html')).toBeVisible();
  await panel.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Modello salvato, con avvisi di compatibilità')).toBeVisible();
  await expect(list.getByRole('button', { name: /Offerta estate/ })).toContainText('Avvisi: 1');

  // In English from here on.
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/email');
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible();
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  const picker = dialog.getByLabel('Template');
  await expect(
    picker.locator('optgroup[label="Professional"] option', { hasText: 'Offerta estate' }),
  ).toHaveCount(1);
  await picker.selectOption({ label: 'Offerta estate' });
  // The template is Italian: no client chosen, so the Italian "Valued Customer".
  await expect(dialog.getByLabel('Subject')).toHaveValue('Offerta estate per Cliente');
  await expect(dialog.getByTestId('compose-body')).toContainText('Salve Cliente,');
  await expect(dialog.getByTestId('compose-body')).toContainText('ecco la nostra offerta.');
  await axe();

  // A system template over what is written: asked first.
  await picker.selectOption({ label: 'Professional message' });
  const confirm = page.getByRole('dialog', { name: 'Replace what you wrote?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog.getByLabel('Subject')).toHaveValue(`A message from ${companyName}`);
  await expect(dialog.getByTestId('compose-body')).toContainText('Dear Valued Customer,');
});
