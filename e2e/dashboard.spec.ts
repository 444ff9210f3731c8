import { baseUrlOf, expect, registerUser, signIn, test } from './fixtures.ts';
import { DEMO_USER } from './helpers.ts';

/**
 * The dashboard's business figures in Italian: on the demo business the KPIs, chart and lists are there, the
 * period is kept in the address and each KPI opens the list behind it; on a new business everything starts at
 * zero with plain empty states, today's live figures follow a new notification without a reload, and an entry in
 * the ledger shows up in the cash balance. axe on both.
 */
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
