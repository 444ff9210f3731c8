import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { baseUrlOf, expect, registerUser, test } from './fixtures.ts';
import { expectSettled, onboardViaApi, uniqueCompany } from './helpers.ts';

/**
 * The quote-to-cash journey in Italian (the browser's locale is it-IT): a business with P.IVA and regime RF01
 * writes a quote of three lines (22 % with a discount, 10 %, 4 %) in the editor and checks its live totals,
 * sends it, reads the message in Settings → Posta in uscita and opens its link in a fresh browser with no
 * session, where the client accepts with a message; the business sees the notification and the accepted quote,
 * converts it, issues invoice 1/<year>, downloads its PDF and FatturaPA XML, records a partial and a final
 * payment (Pagata in parte → Pagata) and finds both incomes in the transactions. axe runs on every page.
 */

/** A valid Partita IVA that no earlier run has used: 7 random digits, the Bologna office 037, the check digit. */
function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

/** "1.198,94 €" as Intl writes it in Italian (the space before € may be a no-break space). */
const euro = (amount: string) => new RegExp(`^${amount.replace(/\./g, '\\.')}\\s€$`);

async function readDownload(download: Download): Promise<Buffer> {
  const file = await download.path();
  expect(file, `the download ${download.suggestedFilename()} was saved`).toBeTruthy();
  return fs.readFile(file!);
}

/** The status badge next to the page's h1 (data-status, docs/WEB-TEST-HOOKS.md). */
/** The document's status badge under the title (a quote's undelivered e-mail has its own badge after it). */
const headerStatus = (page: Page) => page.locator('h1 + p [data-status]:not([data-testid="mail-delivery"])');

test('preventivo di tre righe → invio → accettazione online → fattura emessa, XML e PDF → incassata', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(180_000);
  const year = new Date().getUTCFullYear();
  const origin = baseUrlOf(page);
  const sellerVat = randomPartitaIva();
  const clientVat = randomPartitaIva();
  const clientEmail = `amministrazione-${Date.now().toString(36)}@ferramenta-bianchi.example.com`;
  const clientName = 'Ferramenta Bianchi S.r.l.';
  const clientMessage = 'Va bene, procediamo. Consegna entro fine mese, grazie.';

  // 1. A business with everything the e-invoice needs, and a client with e-mail and SDI code.
  await registerUser(page, { name: 'Giulia Marchetti' });
  const { companyName } = await onboardViaApi(page, {
    companyName: uniqueCompany('Impianti Marchetti'),
    partitaIva: sellerVat,
    taxRegime: 'RF01',
    address: {
      street: 'Via dell\u2019Indipendenza 12',
      city: 'Bologna',
      state: 'BO',
      province: 'BO',
      zipCode: '40121',
      country: 'IT',
    },
  });
  const created = await page.request.post('/api/v1/clients', {
    data: {
      type: 'company',
      companyName: clientName,
      email: clientEmail,
      vatNumber: clientVat,
      address: 'Via Emilia 45',
      city: 'Modena',
      postalCode: '41121',
      province: 'MO',
      country: 'IT',
      sdiCode: 'M5UXCR1',
      preferredLanguage: 'it',
    },
    headers: { Origin: origin },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The IBAN in Impostazioni → Fatturazione: printed on the invoice and written in the XML.
  await page.goto('/settings?tab=invoicing');
  await expect(page.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fatturazione' })).toHaveAttribute('aria-selected', 'true');
  const iban = page.getByLabel('IBAN', { exact: true });
  await expect(iban).toBeEditable();
  await expect(page.getByTestId('preview-quoteNumberPattern')).toContainText(`P1/${year}`);
  await iban.fill('IT60 X054 2811 1010 0000 0123 456');
  await page.getByLabel('Banca', { exact: true }).fill('Banca di Bologna');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('Impostazioni di fatturazione salvate')).toBeVisible();
  await expectSettled(page);
  await axe();

  // 2. The quote in the editor: three lines, live totals.
  await page.goto('/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Preventivi' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ancora nessun preventivo' })).toBeVisible();
  await axe();
  await page.goto('/quotes/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuovo preventivo' })).toBeVisible();
  await expect(page).toHaveTitle('Nuovo preventivo · Gestionale');

  const client = page.getByRole('combobox', { name: 'Cliente' });
  await client.fill('Bianchi');
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  await expect(page.getByRole('button', { name: `Cambia cliente (${clientName})` })).toBeVisible();
  await expect(page.getByText('Documento in italiano')).toBeVisible();

  const lines = [
    {
      description: 'Progettazione impianto elettrico',
      quantity: '2',
      price: '480,00',
      discount: '15',
      vat: '22',
    },
    { description: 'Manutenzione caldaia', quantity: '1', price: '149,90', discount: '0', vat: '10' },
    { description: 'Manuale tecnico stampato', quantity: '3', price: '12,35', discount: '0', vat: '4' },
  ];
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Aggiungi una riga' }).click();
    const row = page.getByRole('group', { name: `Riga ${i + 1}` });
    await row.getByLabel('Descrizione', { exact: true }).fill(line.description);
    await row.getByLabel('Quantità', { exact: true }).fill(line.quantity);
    await row.getByLabel('Prezzo unitario', { exact: true }).fill(line.price);
    await row.getByLabel('Sconto', { exact: true }).fill(line.discount);
    await row.getByLabel('IVA', { exact: true }).selectOption(line.vat);
  }
  await expect(page.getByTestId('line-row')).toHaveCount(3);

  // 2 × 480,00 − 15 % = 816,00 at 22 % (VAT 179,52); 149,90 at 10 % (14,99); 3 × 12,35 = 37,05 at 4 % (1,482 →
  // 1,48): taxable 1.002,95, VAT 195,99, total 1.198,94.
  await expect(page.getByLabel('Importo della riga 1')).toHaveText(euro('816,00'));
  await expect(page.getByLabel('Importo della riga 2')).toHaveText(euro('149,90'));
  await expect(page.getByLabel('Importo della riga 3')).toHaveText(euro('37,05'));
  const summary = page.getByTestId('vat-summary');
  await expect(summary.getByRole('row', { name: /^22%/ })).toContainText(/816,00\s€.*179,52\s€/);
  await expect(summary.getByRole('row', { name: /^10%/ })).toContainText(/149,90\s€.*14,99\s€/);
  await expect(summary.getByRole('row', { name: /^4%/ })).toContainText(/37,05\s€.*1,48\s€/);
  await expect(page.getByTestId('totals-taxable')).toHaveText(euro('1.002,95'));
  await expect(page.getByTestId('totals-vat')).toHaveText(euro('195,99'));
  await expect(page.getByTestId('totals-total')).toHaveText(euro('1.198,94'));
  await expect(page.getByTestId('totals-amount-due')).toHaveText(euro('1.198,94'));
  await expect(page.getByTestId('editor-amount-due')).toHaveText(euro('1.198,94'));
  await expect(page.getByTestId('totals-stamp-duty')).toHaveCount(0);
  await axe();

  await page.getByRole('button', { name: 'Crea il preventivo' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);
  const quoteNumber = `P1/${year}`;
  await expect(page.getByRole('heading', { level: 1, name: `Preventivo ${quoteNumber}` })).toBeVisible();
  await expect(page.getByText(`Preventivo ${quoteNumber} creato`)).toBeVisible();
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('totals-amount-due')).toHaveText(euro('1.198,94'));
  const quoteUrl = page.url();
  await expectSettled(page);
  await axe();

  // 3. Send it by e-mail; the message waits in the outbox with the quote's link.
  await page.getByRole('button', { name: 'Invia al cliente' }).click();
  const sendDialog = page.getByRole('dialog', { name: `Inviare il preventivo ${quoteNumber}?` });
  await expect(sendDialog).toContainText(clientEmail);
  await axe();
  await sendDialog.getByRole('button', { name: 'Invia al cliente' }).click();
  await expect(sendDialog).toBeHidden();
  // No mail server here: one toast says the message was kept, not sent, and how to fix it; no success toast.
  await expect(page.getByText(`Messaggio per ${clientEmail} NON inviato`)).toBeVisible();
  await expect(page.getByText(`Preventivo inviato a ${clientEmail}`)).toHaveCount(0);
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'sent');
  await expect(headerStatus(page)).toHaveText('Inviato');
  // …and next to "sent", the e-mail's own state: it did not leave.
  await expect(page.locator('h1 + p').getByTestId('mail-delivery')).toHaveText(
    'Non inviata: nessun server di posta',
  );
  const activity = page.getByTestId('email-activity');
  await expect(activity).toContainText('Invio del preventivo');
  await expect(activity.getByTestId('mail-delivery')).toHaveAttribute('data-status', 'stored');
  await expect(activity.getByTestId('mail-delivery')).toHaveText('Non inviata: nessun server di posta');
  await expect(activity.getByTestId('mail-delivery-note')).toContainText('SMTP_URL');
  await expect(page.getByTestId('client-response')).toContainText('In attesa della risposta del cliente.');

  await page.goto('/settings?tab=outbox');
  const outbox = page.getByRole('table', { name: 'Posta in uscita' });
  const subject = `Preventivo ${quoteNumber} da ${companyName}`;
  const row = outbox.getByRole('row').filter({ hasText: clientEmail });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: subject }).click();
  const message = page.getByRole('dialog', { name: subject });
  const text = message.locator('pre');
  await expect(text).toContainText(`Gentile ${clientName},`);
  await expect(text).toContainText(/per un totale di 1\.198,94\s€/);
  await expectSettled(page);
  await axe();
  const body = (await text.textContent()) ?? '';
  const match = body.match(/https?:\/\/\S+\/q\/[^\s/]+/);
  expect(match, `a quote link in the message text:\n${body}`).not.toBeNull();
  const link = new URL(match![0]);
  expect(link.origin).toBe(origin);
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();

  // Back on the quote, with the live channel up before the client answers.
  await page.goto(quoteUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Preventivo ${quoteNumber}` })).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifiche' });
  await expect(panel.getByText('Aggiornamenti in tempo reale attivi')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // 4. The client, in a fresh browser with no session, opens the link and accepts with a message.
  const guestContext = await browser.newContext({ locale: 'it-IT', timezoneId: 'UTC' });
  try {
    const guest = await guestContext.newPage();
    await guest.goto(link.href);
    await expect(guest.getByRole('heading', { level: 1, name: `Preventivo ${quoteNumber}` })).toBeVisible();
    await expect(guest).toHaveTitle(`Preventivo ${quoteNumber} · Gestionale`);
    await expect(guest.getByText(companyName).first()).toBeVisible();
    for (const line of lines) await expect(guest.getByText(line.description).first()).toBeVisible();
    await expect(guest.getByTestId('totals-amount-due')).toHaveText(euro('1.198,94'));
    await axe({ page: guest });

    const pdfDownload = guest.waitForEvent('download');
    await guest.getByRole('link', { name: 'Scarica il PDF' }).click();
    const quotePdf = await pdfDownload;
    expect(quotePdf.suggestedFilename()).toMatch(new RegExp(`^Quote_P1-${year}_\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    expect((await readDownload(quotePdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const accept = guest.getByRole('button', { name: 'Accetto il preventivo' });
    await accept.click();
    await expect(accept).toHaveAttribute('aria-pressed', 'true');
    await guest.getByLabel('Messaggio', { exact: true }).fill(clientMessage);
    await expect(guest.getByText(`Confermi di accettare il preventivo ${quoteNumber}`)).toBeVisible();
    await axe({ page: guest });
    await guest.getByRole('button', { name: "Conferma l'accettazione" }).click();
    const answer = guest.getByTestId('public-quote-answer');
    await expect(answer.getByRole('status')).toContainText('Grazie per la risposta!');
    await expect(answer).toContainText('Hai accettato questo preventivo il');
    // The business's tab, never reloaded, has the notice at once (unread ones turn read after 30 s).
    await expect(page.getByTestId('notification-badge')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifiche, 1 non letta');
    await expect(guest.getByRole('button', { name: 'Accetto il preventivo' })).toHaveCount(0);
    await axe({ page: guest });

    // The link again: the answer is shown, no second answer is offered.
    await guest.reload();
    await expect(guest.getByTestId('public-quote-answer')).toContainText(
      'Hai accettato questo preventivo il',
    );
    await expect(guest.getByRole('button', { name: 'Accetto il preventivo' })).toHaveCount(0);
  } finally {
    await guestContext.close();
  }

  // 5. The business is told over the live channel; the quote is accepted with the client's message.
  await bell.click();
  const notice = panel.getByRole('button', { name: new RegExp(`^Preventivo ${quoteNumber} accettato`) });
  await expect(notice).toContainText(`${clientName} ha accettato il preventivo ${quoteNumber}`);
  await expect(notice).toContainText(clientMessage);
  await axe();
  await notice.click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(quoteUrl);
  await expect(headerStatus(page)).toHaveText('Accettato');
  await expect(page.getByTestId('client-response')).toContainText('Accettato il');
  await expect(page.getByTestId('client-response')).toContainText(clientMessage);
  await expectSettled(page);
  await axe();

  // Convert to a draft invoice, then issue it.
  await page.getByRole('button', { name: 'Converti in fattura' }).click();
  const convertDialog = page.getByRole('dialog', { name: 'Convertire in fattura?' });
  await convertDialog.getByRole('button', { name: 'Converti in fattura' }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bozza di fattura' })).toBeVisible();
  await expect(page.getByText('Bozza di fattura creata dal preventivo')).toBeVisible();
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'draft');
  await expect(page.getByTestId('document-lines')).toContainText(lines[0]!.description);
  await expect(page.getByTestId('totals-amount-due')).toHaveText(euro('1.198,94'));
  // Seller, buyer and IBAN are complete: nothing keeps the draft from its e-invoice (the number comes at issue).
  await expect(page.getByTestId('einvoice-missing')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Preventivo di origine' })).toHaveAttribute(
    'href',
    new URL(quoteUrl).pathname,
  );
  await expectSettled(page);
  await axe();
  const invoiceUrl = page.url();

  await page.getByRole('button', { name: 'Emetti la fattura' }).click();
  const issueDialog = page.getByRole('dialog', { name: 'Emettere la fattura?' });
  await expect(issueDialog).toContainText('non si può più modificare');
  await axe();
  await issueDialog.getByRole('button', { name: 'Emetti la fattura' }).click();
  await expect(issueDialog).toBeHidden();
  const invoiceNumber = `1/${year}`;
  await expect(page.getByRole('heading', { level: 1, name: `Fattura ${invoiceNumber}` })).toBeVisible();
  await expect(page.getByText(`Fattura ${invoiceNumber} emessa`)).toBeVisible();
  await expect(headerStatus(page)).toHaveText('Emessa');
  await expect(page.getByTestId('einvoice-missing')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Emetti la fattura' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Modifica' })).toHaveCount(0);

  // 6. The PDF and the FatturaPA XML.
  const pdfEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica PDF' }).click();
  const pdf = await pdfEvent;
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^Invoice_1-${year}_${year}-\\d{2}-\\d{2}\\.pdf$`));
  const pdfBytes = await readDownload(pdf);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(1000);

  const xmlEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica XML' }).click();
  const xml = await xmlEvent;
  expect(xml.suggestedFilename()).toMatch(new RegExp(`^IT${sellerVat}_[0-9A-Z]{5}\\.xml$`));
  const xmlText = (await readDownload(xml)).toString('utf8');
  expect(xmlText).toContain(`<Numero>${invoiceNumber}</Numero>`);
  expect(xmlText).toContain('<TipoDocumento>TD01</TipoDocumento>');
  expect(xmlText).toContain(`<IdCodice>${sellerVat}</IdCodice>`);
  expect(xmlText).toContain(`<IdCodice>${clientVat}</IdCodice>`);
  expect(xmlText).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
  expect(xmlText).toContain('<RegimeFiscale>RF01</RegimeFiscale>');
  expect(xmlText).toContain('<IBAN>IT60X0542811101000000123456</IBAN>');
  expect(xmlText).toContain('<ImportoTotaleDocumento>1198.94</ImportoTotaleDocumento>');
  await expect(page.getByTestId('einvoice-refused')).toHaveCount(0);
  await expectSettled(page);
  await axe();

  // 7. A partial payment, then the rest.
  await page.getByRole('button', { name: 'Registra un pagamento' }).first().click();
  const paymentDialog = page.getByRole('dialog', { name: 'Registra un pagamento' });
  const amount = paymentDialog.getByLabel('Importo (€)', { exact: true });
  await expect(amount).toHaveValue('1.198,94');
  await axe();
  await amount.fill('600');
  await paymentDialog.getByLabel('Modalità', { exact: true }).selectOption({ label: 'Bonifico bancario' });
  await paymentDialog.getByLabel('Nota', { exact: true }).fill('Acconto');
  await paymentDialog.getByRole('button', { name: 'Registra', exact: true }).click();
  await expect(paymentDialog).toBeHidden();
  await expect(page.getByText('Pagamento registrato')).toBeVisible();
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'partially_paid');
  await expect(headerStatus(page)).toHaveText('Pagata in parte');
  await expect(page.getByTestId('invoice-paid')).toHaveText(euro('600,00'));
  await expect(page.getByTestId('invoice-outstanding')).toHaveText(euro('598,94'));
  await expect(page.getByTestId('payments-list').getByRole('listitem')).toHaveCount(1);
  await axe();

  await page.getByRole('button', { name: 'Registra un pagamento' }).first().click();
  await expect(paymentDialog).toBeVisible();
  await expect(amount).toHaveValue('598,94');
  await paymentDialog.getByLabel('Modalità', { exact: true }).selectOption({ label: 'Bonifico bancario' });
  await paymentDialog.getByRole('button', { name: 'Registra', exact: true }).click();
  await expect(paymentDialog).toBeHidden();
  await expect(headerStatus(page)).toHaveAttribute('data-status', 'paid');
  await expect(headerStatus(page)).toHaveText('Pagata');
  await expect(page.getByTestId('invoice-paid')).toHaveText(euro('1.198,94'));
  await expect(page.getByTestId('invoice-outstanding')).toHaveText(euro('0,00'));
  await expect(page.getByTestId('payments-list').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Registra un pagamento' })).toHaveCount(0);
  await expectSettled(page);
  await axe();

  // The quote now points to its invoice.
  await page.goto(quoteUrl);
  await expect(headerStatus(page)).toHaveText('Convertito');
  await page.getByRole('link', { name: 'Apri la fattura' }).click();
  await expect(page).toHaveURL(invoiceUrl);
  await expect(page.getByRole('heading', { level: 1, name: `Fattura ${invoiceNumber}` })).toBeVisible();

  // 8. Both payments are incomes in the ledger.
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transazioni' })).toBeVisible();
  const incomes = page.getByRole('row', { name: new RegExp(`Incasso fattura ${invoiceNumber}`) });
  await expect(incomes).toHaveCount(2);
  await expect(incomes.filter({ hasText: /600,00\s€/ })).toHaveCount(1);
  await expect(incomes.filter({ hasText: /598,94\s€/ })).toHaveCount(1);
  await expect(page.getByTestId('total-income')).toHaveText(euro('1.198,94'));
  await expectSettled(page);
  await axe();
});
