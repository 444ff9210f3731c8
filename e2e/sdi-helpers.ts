import { ImapFlow } from 'imapflow';
import type { Page } from '@playwright/test';
import { partitaIvaCheckDigit } from '../src/shared/business-profile/italian-tax-ids.ts';
import { isoDateIn } from '../src/shared/dates/dates.ts';
import type { TSdiState } from '../src/shared/invoicing/sdi.ts';
import type { Dovecot } from '../test/helpers/dovecot.ts';
import { pecEnvelope, sdiNotification } from '../test/helpers/pec.ts';
import { baseUrlOf, expect, registerUser } from './fixtures.ts';
import { onboardViaApi, uniqueCompany } from './helpers.ts';

/** A valid Partita IVA no other run has used. */
function randomPartitaIva(): string {
  const first = `${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}037`;
  return first + partitaIvaCheckDigit(first);
}

/**
 * A new signed-in owner whose business has everything the e-invoice needs, a company client with VAT number,
 * address and SDI code, and one invoice issued to it (all through the API, as the screens do); answers the
 * invoice's id and number.
 */
export async function businessWithIssuedInvoice(page: Page, name: string) {
  const headers = { Origin: baseUrlOf(page) };
  await registerUser(page, { name });
  await onboardViaApi(page, {
    companyName: uniqueCompany('Officina'),
    partitaIva: randomPartitaIva(),
    taxRegime: 'RF01',
    address: {
      street: 'Via Emilia 12',
      city: 'Forlì',
      state: 'FC',
      province: 'FC',
      zipCode: '47121',
      country: 'IT',
    },
  });
  const client = await page.request.post('/api/v1/clients', {
    headers,
    data: {
      type: 'company',
      companyName: 'Cliente Verdi S.p.A.',
      vatNumber: randomPartitaIva(),
      sdiCode: 'M5UXCR1',
      address: 'Corso Buenos Aires 1',
      city: 'Milano',
      postalCode: '20124',
      province: 'MI',
      country: 'IT',
      preferredLanguage: 'it',
    },
  });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = ((await client.json()) as { id: string }).id;
  const draft = await page.request.post('/api/v1/invoices', {
    headers,
    data: {
      clientId,
      issueDate: isoDateIn('Europe/Rome'),
      lines: [
        {
          description: 'Manutenzione impianto',
          quantity: '1',
          unit: 'h',
          unitPriceCents: 50_000,
          discountPercent: '0',
          vatRate: 22,
        },
      ],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as { id: string };
  const issued = await page.request.post(`/api/v1/invoices/${id}/issue`, { headers, data: {} });
  expect(issued.status(), await issued.text()).toBe(200);
  return { invoiceId: id, number: ((await issued.json()) as { number: string }).number };
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
