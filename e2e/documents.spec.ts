import fs from 'node:fs';
import type { Page } from '@playwright/test';
import type { TDocument } from '../src/shared/documents/contracts.ts';
import { makeSample } from '../test/helpers/ocr-samples.ts';
import { expect, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser } from './helpers.ts';
import { createCompanyClient, createDraftInvoice } from './records.ts';

/**
 * The documents area of issue 17 as a person uses it. On a phone, in Italian: a receipt photographed with "Scatta
 * foto" is read on the server while the row shows it, "Crea spesa" opens the expense with the total and the date
 * read from the photo, and once saved the expense is in the ledger and linked to the document. On a desktop, in
 * English: a word printed only on the receipt (not in its title or file name) finds it, highlighted; the document
 * is linked to an invoice, and the invoice's page lists it. The photos are the OCR test set's (test/helpers/ocr-samples.ts), their fields known.
 * axe runs on the list, the detail (its preview an image), the dialogs and the invoice with its documents.
 */

/** The document as the API answers it. */
async function documentOf(page: Page, id: string): Promise<TDocument> {
  const res = await page.request.get(`/api/v1/documents/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TDocument;
}

/** The id in the upload row's "Apri" / "Open" link (/documents/:id). */
async function uploadedId(page: Page, open: string): Promise<string> {
  const href = await page.getByTestId('upload-row').getByRole('link', { name: open }).getAttribute('href');
  const id = /^\/documents\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
  expect(id, `the upload row links to the document (${href})`).toBeTruthy();
  return id!;
}

test.describe('sul telefono', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('fotografa uno scontrino, la spesa è già compilata con totale e data letti, poi salvata', async ({
    page,
    axe,
  }, testInfo) => {
    const sample = await makeSample({ kind: 'receipt', language: 'it', quality: 'photo' }, 1701);
    const photo = testInfo.outputPath('scontrino.jpg');
    fs.writeFileSync(photo, sample.image);
    await newOnboardedUser(page, { name: 'Giulia Neri' });

    await page.goto('/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documenti' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nessun documento' })).toBeVisible();
    await axe();

    // "Scatta foto" opens the phone's camera (a file input with capture): the photo taken is sent.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Scatta foto' }).click();
    await (await chooser).setFiles(photo);
    const row = page.getByTestId('upload-row');
    await expect(row).toContainText('scontrino.jpg');
    // Sent, then read on the server: the row follows the reading live and ends "Archiviato".
    await expect(row).toHaveAttribute('data-phase', 'done', { timeout: 45_000 });
    await expect(row).toContainText('Archiviato');
    await expect(row).not.toContainText('non è stato letto');
    const id = await uploadedId(page, 'Apri');
    const card = page.getByTestId('document-card').filter({ visible: true });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Letto');
    await expectSettled(page);
    await axe();

    await row.getByRole('link', { name: 'Apri' }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'scontrino' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Anteprima di scontrino' })).toBeVisible();
    await expectSettled(page);
    await axe();

    // On a phone "Crea spesa" is at the top of the page (the suggestions further down have it too).
    await page.getByRole('button', { name: 'Crea spesa' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Crea spesa dal documento' });
    await expect(dialog).toBeVisible();
    const total = (sample.fields.totalCents! / 100).toLocaleString('it-IT', { minimumFractionDigits: 2 });
    await expect(dialog.getByLabel('Importo', { exact: true })).toHaveValue(total);
    await expect(dialog.getByLabel('Data', { exact: true })).toHaveValue(sample.fields.date);
    const description = await dialog.getByLabel('Descrizione', { exact: true }).inputValue();
    expect(description, 'the issuer read from the receipt').not.toBe('');
    await axe();

    await dialog.getByRole('button', { name: 'Salva spesa' }).click();
    await expect(page.getByText('Spesa registrata e collegata al documento')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The document shows the expense among its links, and no longer offers a first one.
    await expect(page.getByTestId('document-links')).toContainText(`Movimento: ${description}`);
    await expect(page.getByText('Una spesa è già collegata a questo documento.')).toBeVisible();

    // In the ledger (the receipt is dated in an earlier year: every period).
    await page.goto('/transactions?period=all');
    const entry = page.getByTestId('transaction-row').filter({ visible: true });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(description);
    await expect(entry).toContainText(new RegExp(`−${total.replace('.', '\\.')}\\s€`));
  });
});

test('searches a word only the OCR read, highlighted, and links the receipt to an invoice (English)', async ({
  page,
  axe,
}, testInfo) => {
  const sample = await makeSample({ kind: 'receipt', language: 'en', quality: 'photo' }, 1702);
  const photo = testInfo.outputPath('receipt-photo.jpg');
  fs.writeFileSync(photo, sample.image);
  await newOnboardedUser(page, { name: 'Laura Conti' });
  const clientId = await createCompanyClient(page, { companyName: 'Trattoria Blu S.r.l.' });
  const invoiceId = await createDraftInvoice(page, clientId);

  await page.goto('/documents');
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  // Uploaded from the desktop's "Upload" button (the page header's; the empty list offers one too).
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await (await chooser).setFiles(photo);
  const row = page.getByTestId('upload-row');
  await expect(row).toHaveAttribute('data-phase', 'done', { timeout: 45_000 });
  await expect(row).toContainText('Filed');
  const id = await uploadedId(page, 'Open');

  // A word of the receipt's items that the reading found, and that neither its title nor its file name has.
  const doc = await documentOf(page, id);
  const items = sample.text.slice(sample.text.indexOf('ITEM'), sample.text.indexOf('TOTAL'));
  const word = [...new Set(items.match(/\b[A-Za-z]{6,}\b/g) ?? [])].find(
    (w) =>
      new RegExp(`\\b${w}\\b`, 'i').test(doc.content ?? '') &&
      !`${doc.title} ${doc.fileName}`.toLowerCase().includes(w.toLowerCase()),
  );
  expect(word, `an item word read by the OCR in:\n${doc.content}`).toBeTruthy();

  await page.getByRole('searchbox', { name: 'Search documents' }).fill(word!.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word!.toLowerCase()}`));
  const found = page.getByTestId('document-row').filter({ visible: true });
  await expect(found).toHaveCount(1);
  await expect(found.getByRole('link', { name: 'receipt-photo' })).toBeVisible();
  await expect(found.locator('mark').first()).toHaveText(new RegExp(`^${word}$`, 'i'));
  await expectSettled(page);
  await axe();

  // A word printed nowhere finds nothing.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('zanzibar');
  await expect(page.getByRole('heading', { name: 'No documents found' })).toBeVisible();

  // Linked to the draft invoice from the document's page; its chip names the draft by its id.
  await page.goto(`/documents/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'receipt-photo' })).toBeVisible();
  await expect(page.getByText('Not linked to clients, invoices or other records.')).toBeVisible();
  await expectSettled(page);
  await axe();
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Link to a record' });
  await dialog.getByLabel('Record type').selectOption({ label: 'Invoice' });
  await dialog.getByRole('searchbox', { name: 'Search the record' }).fill('Trattoria');
  const choice = dialog.getByRole('radio', { name: /Trattoria Blu S\.r\.l\./ });
  await expect(choice).toHaveCount(1);
  await choice.check();
  await axe();
  await dialog.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('Document linked')).toBeVisible();
  await expect(dialog).toBeHidden();
  const chip = page.getByTestId('document-links').getByRole('link', {
    name: `Invoice: #${invoiceId.slice(0, 8)}`,
  });
  await expect(chip).toHaveAttribute('href', `/invoices/${invoiceId}`);
  expect((await documentOf(page, id)).links).toEqual([
    expect.objectContaining({ recordType: 'invoice', recordId: invoiceId }),
  ]);

  // The chip leads to the invoice, whose "Documents" card lists the receipt and leads back to it.
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
  const card = page.getByRole('region', { name: 'Documents' });
  const linked = card.getByRole('link', { name: 'receipt-photo' });
  await expect(linked).toHaveAttribute('href', `/documents/${id}`);
  await expectSettled(page);
  await axe();
  await linked.click();
  await expect(page.getByRole('heading', { level: 1, name: 'receipt-photo' })).toBeVisible();
});
