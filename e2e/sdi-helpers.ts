import { ImapFlow } from 'imapflow';
import type { Page } from '@playwright/test';
import type { TSdiState } from '../src/shared/invoicing/sdi.ts';
import type { Dovecot } from '../test/helpers/dovecot.ts';
import { pecEnvelope, sdiNotification } from '../test/helpers/pec.ts';
import { baseUrlOf, expect, registerUser } from './fixtures.ts';
import { onboardViaApi } from './helpers.ts';
import { createCompanyClient, createDraftInvoice, issueInvoice, issuingBusiness } from './records.ts';

/**
 * A new signed-in owner whose business has everything the e-invoice needs, a company client with VAT number,
 * address and SDI code, and one invoice issued to it (all through the API, as the screens do); answers the
 * invoice's id and number.
 */
export async function businessWithIssuedInvoice(page: Page, name: string) {
  await registerUser(page, { name });
  await onboardViaApi(page, issuingBusiness());
  const clientId = await createCompanyClient(page, { companyName: 'Cliente Verdi S.p.A.' });
  const invoiceId = await createDraftInvoice(page, clientId);
  return { invoiceId, number: await issueInvoice(page, invoiceId) };
}

/**
 * The user's PEC mailbox on the journeys' Dovecot, its SMTP the test server: connected through the API with "PEC"
 * ticked, as Settings → Mail accounts does; `syncNow` asks for a sync, as the "Sync now" button does.
 */
export async function addPecAccount(
  page: Page,
  dovecot: Dovecot,
  who: { name: string; username: string; password: string; smtpPort: number },
) {
  const headers = { Origin: baseUrlOf(page) };
  const server = { host: dovecot.host, port: dovecot.port, security: 'none', username: who.username };
  const emailAddress = `${who.username}@pec.officina.example`;
  const res = await page.request.post('/api/v1/mail/accounts', {
    headers,
    data: {
      emailAddress,
      displayName: who.name,
      imap: server,
      smtp: { ...server, port: who.smtpPort },
      password: who.password,
      isPec: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const syncNow = async () => {
    const sync = await page.request.post(`/api/v1/mail/accounts/${id}/sync`, { headers });
    expect(sync.status(), await sync.text()).toBe(202);
  };
  return { id, emailAddress, syncNow };
}

/** The invoice's exchange with the SDI as the API answers it. */
export async function sdiStateOf(page: Page, invoiceId: string): Promise<TSdiState> {
  const res = await page.request.get(`/api/v1/invoices/${invoiceId}/sdi`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TSdiState;
}

/**
 * An SDI notification (built from the official example of its type) for the file `invoiceFileName`, delivered
 * into the PEC mailbox's Inbox in its certified envelope, from `from` (an address of the SDI's domain).
 */
export async function deliverSdiNotification(
  dovecot: Dovecot,
  mailbox: { username: string; password: string; emailAddress: string },
  type: Parameters<typeof sdiNotification>[0],
  options: { invoiceFileName: string; sdiId: string; from: string },
) {
  const file = sdiNotification(type, { invoiceFileName: options.invoiceFileName, sdiId: options.sdiId });
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: mailbox.username, pass: mailbox.password },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', await pecEnvelope({ from: options.from, to: mailbox.emailAddress, file }));
  await client.logout();
  return file;
}
