import type { Page } from '@playwright/test';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { addDays, utcToZoned } from '../src/shared/dates/dates.ts';
import { baseUrlOf, expect, newUser, registerUser, signIn, test } from './fixtures.ts';
import { DEMO_USER, onboardViaApi, openDashboard, uniqueCompany } from './helpers.ts';

/**
 * The dashboard's business figures in Italian: on the demo business the KPIs, chart and lists are there, the
 * period is kept in the address and each KPI opens the list behind it; on a new business everything starts at
 * zero with plain empty states, today's live figures follow a new notification without a reload, and an entry in
 * the ledger shows up in the cash balance. A member with the viewer role ("Sola lettura") sees the figures and no
 * action; the open dashboard follows a payment and a ledger entry made elsewhere (DASHBOARD_UPDATE over the live
 * channel) without a reload; the events card lists today and the next seven days, not the eighth. axe on each.
 */

/** Today in a new organization's time zone (Europe/Rome), as the dashboard counts it. */
const todayInRome = () => utcToZoned(new Date(), 'Europe/Rome').date;

function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

/** A request of the signed-in user of the page, as the web app makes it (with its Origin); answers the JSON. */
async function call(page: Page, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await page.request[method](url, {
    ...(data === undefined ? {} : { data }),
    headers: { Origin: baseUrlOf(page), 'Accept-Language': 'it' },
  });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

/**
 * A fresh business that can issue invoices, signed in on the page, with a client and one invoice of 1.220,00 €
 * (1.000,00 + 22% VAT) issued ten days ago and due five days ago: overdue, nothing collected yet.
 */
async function businessWithOverdueInvoice(page: Page, name: string) {
  await registerUser(page, { name });
  await onboardViaApi(page, {
    companyName: uniqueCompany('Impianti'),
    partitaIva: randomPartitaIva(),
    taxRegime: 'RF01',
    address: {
      street: 'Via Marconi 3',
      city: 'Bologna',
      state: 'BO',
      province: 'BO',
      zipCode: '40122',
      country: 'IT',
    },
  });
  const clientName = 'Officine Verdi S.r.l.';
  const client = await call(page, 'post', '/api/v1/clients', {
    type: 'company',
    companyName: clientName,
    email: 'amministrazione@officineverdi.example.com',
    vatNumber: randomPartitaIva(),
    sdiCode: 'M5UXCR1',
    address: 'Corso Buenos Aires 1',
    city: 'Milano',
    postalCode: '20124',
    province: 'MI',
    country: 'IT',
  });
  const today = todayInRome();
  const draft = await call(page, 'post', '/api/v1/invoices', {
    clientId: client.id,
    issueDate: addDays(today, -10),
    dueDate: addDays(today, -5),
    lines: [
      {
        description: 'Manutenzione impianto',
        quantity: '1',
        unit: 'h',
        unitPriceCents: 100_000,
        discountPercent: '0',
        vatRate: 22,
      },
    ],
  });
  await call(page, 'post', `/api/v1/invoices/${String(draft.id)}/issue`);
  return { invoiceId: String(draft.id), clientName, today };
}
test('dashboard: indicatori, periodo e collegamenti sul demo', async ({ page, axe }) => {
  await signIn(page, DEMO_USER);
  await page.goto('/dashboard');
  await expect(page.getByTestId('kpi-invoiced')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fatturato e incassato' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fatture da sollecitare' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In arrivo' })).toBeVisible();
  await axe();

  await page.getByTestId('dashboard-period').selectOption('year');
  await expect(page).toHaveURL(/period=year/);
  await expect(page.getByTestId('kpi-invoiced')).toBeVisible();

  // A reminder straight from the list of invoices to chase; the toast tells the mail's true state (the test
  // server has no mail server, so the message is kept, not sent).
  const first = page.getByTestId('overdue-invoice').first();
  await first.getByRole('button', { name: /Invia un sollecito per la fattura/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Sollecitare il pagamento della fattura/ })).toBeVisible();
  await expect(dialog.getByLabel('Sollecito')).toHaveValue(/overdue|final/);
  await axe();
  await dialog.getByRole('button', { name: 'Invia', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Messaggio per \S+ NON inviato: nessun server di posta/)).toBeVisible();

  await page.getByTestId('kpi-overdue').click();
  await expect(page).toHaveURL(/\/invoices\?status=overdue/);
});

test('dashboard: una nuova attività parte da zero e vede la cassa cambiare', async ({ page, axe }) => {
  await registerUser(page, { name: 'Lucia Gallo' });
  const org = await page.request.post('/api/v1/organizations', {
    data: { name: `Studio Gallo ${Date.now().toString(36)}` },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(org.status(), await org.text()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('kpi-cash-value')).toHaveText(/^0,00\s€$/);
  await expect(page.getByText('Nessuna fattura è scaduta.')).toBeVisible();
  await expect(page.getByText('Nessun articolo è sotto la scorta minima.')).toBeVisible();
  await expect(page.getByTestId('activity-card').getByText(/Ancora niente/)).toBeVisible();
  await axe();

  // Today's live figures come over the live channel and follow a change without a reload.
  const live = page.getByTestId('live-figures');
  await expect(live.getByTestId('live-figures-status')).toHaveText(/^In tempo reale · aggiornati alle/);
  await expect(live.getByTestId('live-invoiced-value')).toHaveText(/^0,00\s€$/);
  await expect(live.getByTestId('live-unread-value')).toHaveText('0');
  const notice = await page.request.post('/api/v1/notifications/test', {
    headers: { Origin: baseUrlOf(page) },
  });
  expect(notice.status()).toBe(202);
  await expect(live.getByTestId('live-unread-value')).toHaveText('1');

  const today = new Date().toISOString().slice(0, 10);
  const entry = await page.request.post('/api/v1/transactions', {
    data: { occurredOn: today, direction: 'income', amount: '250,00' },
    headers: { Origin: baseUrlOf(page) },
  });
  expect(entry.status(), await entry.text()).toBe(201);
  await page.reload();
  await expect(page.getByTestId('kpi-cash-value')).toHaveText(/^250,00\s€$/);
  // The team's recent activity names the entry and who made it, and opens the ledger.
  const activity = page.getByTestId('activity-card');
  await expect(activity.getByRole('link', { name: /Movimento .*Lucia Gallo/ })).toBeVisible();
  await activity.getByRole('link', { name: /Movimento/ }).click();
  await expect(page).toHaveURL(/\/transactions/);
});

test('dashboard: chi ha il ruolo «Sola lettura» vede le cifre e nessuna azione', async ({ page, axe }) => {
  test.setTimeout(120_000);
  const { clientName } = await businessWithOverdueInvoice(page, 'Elena Marini');
  const colleague = newUser({ name: 'Carlo Bassi' });
  await call(page, 'post', '/api/v1/organization/invitations', { email: colleague.email, role: 'viewer' });
  // The invitation's link, from the message in the outbox (the e2e server has no mail server).
  const outbox = (await call(page, 'get', '/api/v1/outbox?pageSize=50')) as {
    items: { id: string; toAddresses: string[] }[];
  };
  const mail = outbox.items.find((m) => m.toAddresses.includes(colleague.email));
  expect(mail, `an invitation to ${colleague.email} in the outbox`).toBeDefined();
  const { textBody } = (await call(page, 'get', `/api/v1/outbox/${mail!.id}`)) as { textBody: string };
  const token = /\/invite\/([A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43})/.exec(textBody)?.[1];
  expect(token, `an invitation link in:\n${textBody}`).toBeDefined();
  // The colleague creates an account (the page is now theirs) and accepts: the organization becomes active.
  await registerUser(page, colleague);
  await call(page, 'post', `/api/v1/team-invitations/${token!}/accept`);

  await openDashboard(page, 'Carlo');
  await expect(page.getByText('Sola lettura', { exact: true }).first()).toBeVisible();
  // The figures are there…
  await expect(page.getByTestId('kpi-overdue-value')).toHaveText(/^1\.?220,00\s€$/);
  await expect(page.getByTestId('kpi-outstanding-value')).toHaveText(/^1\.?220,00\s€$/);
  const overdue = page.getByTestId('overdue-invoice');
  await expect(overdue).toHaveCount(1);
  await expect(overdue).toContainText(clientName);
  await expect(overdue).toContainText(/1\.?220,00\s€/);
  // …and no action: no reminder on the invoice to chase, and the figures whose report the role cannot open
  // (receivables, VAT) are not links to a closed door; the invoices behind the overdue figure are open to it.
  await expect(overdue.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Invia un sollecito/ })).toHaveCount(0);
  // The profile is not complete (no website, employees or description): the progress is shown, and who can
  // complete it, without a button the role could not use.
  const setup = page.getByTestId('setup-progress');
  await expect(setup).toContainText("Solo un amministratore dell'organizzazione può completare il profilo.");
  await expect(setup.getByRole('link')).toHaveCount(0);
  await expect(page.locator('a[data-testid="kpi-outstanding"]')).toHaveCount(0);
  await expect(page.locator('a[data-testid="kpi-vat"]')).toHaveCount(0);
  await expect(page.getByTestId('kpi-vat')).toBeVisible();
  await expect(page.locator('a[data-testid="kpi-overdue"]')).toHaveAttribute(
    'href',
    '/invoices?status=overdue',
  );
  await axe();
});

test('dashboard: un incasso e un movimento registrati altrove aggiornano la pagina aperta senza ricaricarla', async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const { invoiceId, today } = await businessWithOverdueInvoice(page, 'Bruno Fontana');
  await openDashboard(page, 'Bruno');
  // The live channel is open: today's figures came over it.
  await expect(page.getByTestId('live-figures-status')).toHaveText(/^In tempo reale · aggiornati alle/);
  await expect(page.getByTestId('kpi-collected-value')).toHaveText(/^0,00\s€$/);
  await expect(page.getByTestId('kpi-cash-value')).toHaveText(/^0,00\s€$/);
  await expect(page.getByTestId('kpi-overdue-value')).toHaveText(/^1\.?220,00\s€$/);
  // A mark on the window, which a reload would wipe.
  await page.evaluate(() => {
    (window as unknown as { stillOpen?: boolean }).stillOpen = true;
  });

  // 500,00 € collected on the invoice, recorded through the API (another tab, a colleague, the phone).
  await call(page, 'post', `/api/v1/invoices/${invoiceId}/payments`, {
    paidOn: today,
    amountCents: 50_000,
    method: 'bank_transfer',
  });
  await expect(page.getByTestId('kpi-collected-value')).toHaveText(/^500,00\s€$/);
  await expect(page.getByTestId('kpi-overdue-value')).toHaveText(/^720,00\s€$/);
  // The payment is in the ledger too; then an expense of 120,00 €: 500,00 − 120,00 = 380,00.
  await expect(page.getByTestId('kpi-cash-value')).toHaveText(/^500,00\s€$/);
  await call(page, 'post', '/api/v1/transactions', {
    occurredOn: today,
    direction: 'expense',
    amount: '120,00',
  });
  await expect(page.getByTestId('kpi-cash-value')).toHaveText(/^380,00\s€$/);

  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
  await axe();
});

test('dashboard: «In arrivo» elenca oggi e i prossimi sette giorni, non l’ottavo', async ({ page, axe }) => {
  await registerUser(page, { name: 'Marta Gentile' });
  await onboardViaApi(page);
  const today = todayInRome();
  for (const [title, startDate] of [
    ['Sopralluogo in cantiere', today],
    ['Consegna del preventivo', addDays(today, 7)],
    ['Fiera di settore', addDays(today, 8)],
  ] as const) {
    await call(page, 'post', '/api/v1/events', { title, startDate, startTime: '09:00', endTime: '10:00' });
  }
  await openDashboard(page, 'Marta');
  const card = page.getByTestId('events-card');
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('link', { name: /Sopralluogo in cantiere\s*Oggi/ })).toBeVisible();
  await expect(card.getByRole('link', { name: /Consegna del preventivo/ })).toBeVisible();
  await expect(card.getByText('Fiera di settore')).toHaveCount(0);
  await axe();
});
