import { baseUrlOf, expect, test } from './fixtures.ts';
import { expectSettled, newOnboardedUser, openDashboard } from './helpers.ts';

/**
 * A notification pushed by the server over /api/ws: sent from a second tab (Settings → Notifiche), it shows
 * up on the first tab's bell without a reload; mark all read clears the badge.
 */
test('a test notification sent from another tab appears in the bell', async ({ page, context, axe }) => {
  await newOnboardedUser(page, { name: 'Marta Greco' });
  await openDashboard(page, 'Marta');

  const bell = page.getByTestId('notification-bell');
  const badge = page.getByTestId('notification-badge');
  await expect(bell).toHaveAccessibleName('Notifiche');
  await expect(badge).toHaveCount(0);
  await axe();

  // The first tab's live channel is up before anything is sent (the panel shows its state).
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifiche' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Aggiornamenti in tempo reale attivi')).toBeVisible();
  await expect(panel.getByText('Nessuna notifica', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Second tab, same session: send the test notification.
  const other = await context.newPage();
  await other.goto('/settings');
  await expect(other.getByRole('heading', { level: 1, name: 'Impostazioni' })).toBeVisible();
  await other.getByRole('tab', { name: 'Notifiche' }).click();
  await expect(other).toHaveURL(/\/settings\?tab=notifications$/);
  await expect(other.getByText('Aggiornamenti in tempo reale attivi')).toBeVisible();
  await expectSettled(other);
  const send = other.getByRole('button', { name: 'Invia una notifica di prova' });
  await expect(send).toBeVisible();
  await axe({ page: other });
  await send.click();
  await expect(other.getByText('Notifica di prova inviata')).toBeVisible();

  // The first tab, never reloaded: badge 1, the bell's name carries the count. Checked before any slower
  // step: an unread notification turns read by itself 30 s after its timestamp.
  await expect(badge).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notifiche, 1 non letta');

  await bell.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByText('1 non letta')).toBeVisible();
  const item = panel.getByRole('button', { name: /^Notifica di prova/ });
  await expect(item).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('button', { name: 'Rimuovi la notifica «Notifica di prova»' })).toBeVisible();
  await expect(item).toContainText('Le notifiche in tempo reale funzionano.');
  await expect(item).toContainText('(non letta)');
  await expect(item).toContainText('adesso');
  await axe();

  await panel.getByRole('button', { name: 'Segna tutte come lette' }).click();
  await expect(badge).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifiche');
  await expect(panel.getByText('Nessuna notifica da leggere')).toBeVisible();
  await expect(item).not.toContainText('(non letta)');
  await expect(panel.getByRole('button', { name: 'Segna tutte come lette' })).toBeDisabled();
  await axe();

  // The second tab after sending (its toast shown, the notification arrived there too).
  await axe({ page: other });

  // Notifications are kept on the server: one sent while no page is open waits in the bell of the next
  // page load, and the read state of the first survives.
  await page.close();
  await other.goto('about:blank');
  const sent = await other.request.post('/api/v1/notifications/test', {
    headers: { Origin: baseUrlOf(other) },
  });
  expect(sent.status()).toBe(202);
  const later = await context.newPage();
  await openDashboard(later, 'Marta');
  const laterBadge = later.getByTestId('notification-badge');
  await expect(laterBadge).toHaveText('1');
  await later.getByTestId('notification-bell').click();
  const laterPanel = later.getByRole('dialog', { name: 'Notifiche' });
  await expect(laterPanel.getByRole('listitem')).toHaveCount(2);
  await expect(laterPanel.getByText('1 non letta')).toBeVisible();
  await axe({ page: later });
});
