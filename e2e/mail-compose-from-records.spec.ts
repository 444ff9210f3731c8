import type { Page } from '@playwright/test';
import { expect, registerUser, test } from './fixtures.ts';
import { expectSettled, onboardViaApi } from './helpers.ts';
import { createCompanyClient, createDraftInvoice, issueInvoice, issuingBusiness } from './records.ts';

/**
 * Writing to a client from its page and from its invoice (issue 16: "a composer opened … from a client, quote or
 * invoice"): "Scrivi un'e-mail" opens the mailbox's composer with To filled; from the invoice also its subject and
 * its PDF attached. The link's parameters leave the URL (Back does not open it again), a reload of the link opens
 * it again, a client without an address says why it cannot be written to, and the message sent from the
 * organization's sender (no account connected, no mail server in the journeys) shows its true state, never "sent".
 */
const CLIENT = 'Officine Verdi S.p.A.';
const ADDRESS = 'amministrazione@officineverdi.example';

/** A business able to issue, a client with an address, one without, and an invoice issued to the first. */
async function businessWithClients(page: Page) {
  await registerUser(page, { name: 'Anna Bianchi' });
  await onboardViaApi(page, issuingBusiness());
  const clientId = await createCompanyClient(page, { companyName: CLIENT, email: ADDRESS });
  const noAddressId = await createCompanyClient(page, { companyName: 'Ferramenta Neri S.n.c.' });
  const invoiceId = await createDraftInvoice(page, clientId);
  const number = await issueInvoice(page, invoiceId);
  return { clientId, noAddressId, invoiceId, number };
}

test("Scrivi un'e-mail da un cliente e da una fattura: destinatario, oggetto e PDF, stato vero", async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const { clientId, noAddressId, invoiceId, number } = await businessWithClients(page);

  // From the client: the composer with its name and address in To; the link's parameters leave the URL.
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
  const write = page.getByRole('link', { name: "Scrivi un'e-mail" });
  await expect(write).toHaveAttribute('href', `/email?compose=new&clientId=${clientId}`);
  await write.focus();
  await page.keyboard.press('Enter');
  let dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByLabel('A', { exact: true })).toHaveValue(`${CLIENT} <${ADDRESS}>`);
  await expect(page).toHaveURL(/\/email$/);
  await expectSettled(page);
  await axe();

  // Back returns to the client; the composer does not open again on the way.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}$`));
  await expect(page.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();

  // A client without an address: the button is there, says why, and does not lead anywhere.
  await page.goto(`/clients/${noAddressId}`);
  const disabled = page.getByRole('button', { name: "Scrivi un'e-mail" });
  await expect(disabled).toHaveAttribute('aria-disabled', 'true');
  await expect(disabled).toHaveAccessibleDescription(/non ha un indirizzo e-mail/);
  await disabled.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Questo cliente non ha un indirizzo e-mail/).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/clients/${noAddressId}$`));

  // A reload of the link opens the composer as the click did.
  await page.goto(`/email?compose=new&clientId=${clientId}&invoiceId=${invoiceId}`);
  dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByLabel('Oggetto')).toHaveValue(`Fattura ${number}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // From the invoice: To, the subject "Fattura N/YYYY" and its PDF attached.
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByRole('link', { name: "Scrivi un'e-mail" }).click();
  dialog = page.getByRole('dialog', { name: 'Nuovo messaggio' });
  await expect(dialog.getByLabel('A', { exact: true })).toHaveValue(`${CLIENT} <${ADDRESS}>`);
  await expect(dialog.getByLabel('Oggetto')).toHaveValue(`Fattura ${number}`);
  const files = dialog.getByRole('list', { name: 'Allegati' }).getByRole('listitem');
  await expect(files).toHaveCount(1);
  await expect(files).toContainText(`Fattura ${number}.pdf`);
  await expect(page).toHaveURL(/\/email$/);
  await expectSettled(page);
  await axe();

  // Sent from the organization's sender: its true state (kept, or queued), never "sent".
  await dialog.getByTestId('compose-body').click();
  await page.keyboard.type('Buongiorno, in allegato la fattura del mese.');
  await dialog.getByLabel('Annullabile per').selectOption('0');
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(new RegExp(`^Messaggio per ${CLIENT} <${ADDRESS}> (NON inviato|in coda)`)).first(),
  ).toBeVisible();
  await expect(page.getByText(/è stato inviato/)).toHaveCount(0);

  // The copy in Sent carries the invoice's PDF and the same state.
  await page
    .getByRole('navigation', { name: 'Cartelle ed etichette' })
    .getByRole('button', { name: /^Inviata/ })
    .first()
    .click();
  await page
    .getByTestId('mail-list')
    .getByRole('button', { name: new RegExp(`Fattura ${number}`) })
    .click();
  const view = page.getByRole('article');
  await expect(view.getByTestId('mail-delivery')).toHaveAttribute('data-status', /^(stored|queued)$/);
  await expect(view.getByText(/\.pdf/).first()).toBeVisible();
});
