import type { Page } from '@playwright/test';
import type { Dovecot } from '../test/helpers/dovecot.ts';
import { baseUrlOf, expect, registerUser } from './fixtures.ts';

/**
 * A new user with an organization of their own and a mail account on the journeys' Dovecot (SMTP on a local port
 * nobody answers), added through the API as Settings → Mail accounts does; `syncNow` asks for a sync, as the
 * button does.
 */
export async function connectDovecotAccount(
  page: Page,
  dovecot: Dovecot,
  who: { name: string; organization: string; username: string; password: string; smtpPort?: number },
) {
  await registerUser(page, { name: who.name });
  const headers = { Origin: baseUrlOf(page) };
  const org = await page.request.post('/api/v1/organizations', {
    data: { name: `${who.organization} ${Date.now().toString(36)}` },
    headers,
  });
  expect(org.status(), await org.text()).toBe(201);
  const server = { host: dovecot.host, port: dovecot.port, security: 'none', username: who.username };
  const account = await page.request.post('/api/v1/mail/accounts', {
    data: {
      emailAddress: `${who.username}@example.test`,
      displayName: who.name,
      imap: server,
      smtp: { ...server, port: who.smtpPort ?? 2525 },
      password: who.password,
    },
    headers,
  });
  expect(account.status(), await account.text()).toBe(201);
  const { id } = (await account.json()) as { id: string };
  const syncNow = async () => {
    const res = await page.request.post(`/api/v1/mail/accounts/${id}/sync`, { headers });
    expect(res.status(), await res.text()).toBe(202);
  };
  await syncNow();
  return { id, headers, syncNow };
}
