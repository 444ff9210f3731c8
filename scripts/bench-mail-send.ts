// Figures of issue 16 ("Figures"): compose-to-sent of a message with a 5 MB attachment through a local SMTP test
// server, and the time from an SDI notification reaching the PEC Inbox to the invoice's status changing, with the
// mailbox open (IMAP IDLE). The app's own server process (embedded PGlite), a real Dovecot and smtp-server, the
// mailbox open in Debian's Chromium. Called by scripts/bench.ts (section `mail-send`).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { dovecotUnavailable, startDovecot } from '../test/helpers/dovecot.ts';
import { piva } from '../test/helpers/italian-ids.ts';
import { pecEnvelope, sdiNotification } from '../test/helpers/pec.ts';
import { startSmtpServer } from '../test/helpers/smtp.ts';

export const MAIL_SEND_RUNS = 5;
const ATTACHMENT_BYTES = 5 * 1024 * 1024;
const IMAP_PASSWORD = 'Bench-imap-2026';
const USER_PASSWORD = 'Bench-password-2026';
const SDI = 'sdi01@sdi.bench.test';

type ServerLike = { url: string; stop: () => Promise<void> };
export type MailSendDeps = {
  tmpRoot: string;
  log: (msg: string) => void;
  startServer: (options: { dataDir: string }) => Promise<ServerLike>;
};

export type MailSendBench = {
  /** Upload of the 5 MB file (the composer does it when the file is attached). */
  uploadMs: number[];
  /** From the send request to the SMTP server having the whole message. */
  sendToReceivedMs: number[];
  /** From the send request to the API answering "sent" (the state the composer shows). */
  sendToSentStateMs: number[];
  /** From the APPEND of the SDI's receipt to the PEC Inbox to the invoice's SDI status "delivered". */
  notificationToStatusMs: number[];
  notes: string[];
};

/** Polls `check` every 20 ms until it answers true; the time it took, or Infinity after `limitMs`. */
async function timeUntil(check: () => Promise<boolean> | boolean, limitMs: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if (await check()) return performance.now() - t0;
    await sleep(20);
  }
  return Number.POSITIVE_INFINITY;
}

export async function mailSendBench(deps: MailSendDeps): Promise<MailSendBench> {
  const result: MailSendBench = {
    uploadMs: [],
    sendToReceivedMs: [],
    sendToSentStateMs: [],
    notificationToStatusMs: [],
    notes: [],
  };
  const unavailable = dovecotUnavailable();
  if (unavailable) return { ...result, notes: [unavailable] };
  if (!fs.existsSync(CHROMIUM_PATH)) return { ...result, notes: [`${CHROMIUM_PATH} is missing`] };

  const dovecot = await startDovecot({ pec: IMAP_PASSWORD });
  const smtp = await startSmtpServer();
  const server = await deps.startServer({ dataDir: path.join(deps.tmpRoot, 'mail-send') });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const imapClient = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: 'pec', pass: IMAP_PASSWORD },
    logger: false,
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const request = context.request;
    const headers = { origin: server.url };
    const ok = async (res: Awaited<ReturnType<typeof request.get>>, what: string) => {
      if (res.status() >= 300) throw new Error(`${what} answered ${res.status()}: ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    await ok(
      await request.post('/api/auth/sign-up/email', {
        data: { name: 'Bench Mail', email: `bench-send-${Date.now()}@example.test`, password: USER_PASSWORD },
        headers,
      }),
      'sign-up',
    );
    await ok(
      await request.post('/api/v1/organizations', { data: { name: 'Bench Invio' }, headers }),
      'organization',
    );
    await ok(
      await request.put('/api/v1/business-profile', {
        data: {
          companyName: 'Officina Bench S.r.l.',
          businessType: 'llc',
          industry: 'manufacturing',
          phone: '+39 0543 123456',
          vatNumber: piva(1234567),
          taxRegime: 'RF01',
          street: 'Via Emilia 12',
          city: 'Forlì',
          province: 'FC',
          postalCode: '47121',
          country: 'IT',
          email: 'amministrazione@officinabench.example.com',
        },
        headers,
      }),
      'business profile',
    );
    const emailAddress = 'pec@pec.officinabench.test';
    const imap = { host: dovecot.host, port: dovecot.port, security: 'none', username: 'pec' };
    const account = await ok(
      await request.post('/api/v1/mail/accounts', {
        data: {
          emailAddress,
          displayName: 'Officina Bench',
          imap,
          smtp: { ...imap, port: smtp.port },
          password: IMAP_PASSWORD,
          isPec: true,
        },
        headers,
      }),
      'mail account',
    );
    const accountId = account.id as string;
    const settings = await ok(await request.get('/api/v1/invoicing/settings'), 'settings');
    await ok(
      await request.put('/api/v1/invoicing/settings', { data: { ...settings, sdiPecAddress: SDI }, headers }),
      'settings',
    );

    // (1) compose to sent, 5 MB attached, no undo window.
    const file = randomBytes(ATTACHMENT_BYTES);
    for (let i = 0; i < MAIL_SEND_RUNS; i++) {
      const t0 = performance.now();
      const upload = await ok(
        await request.post('/api/v1/mail/uploads', {
          data: file,
          headers: { ...headers, 'content-type': 'application/octet-stream' },
        }),
        'upload',
      );
      result.uploadMs.push(performance.now() - t0);
      const before = smtp.received.length;
      const t1 = performance.now();
      const sent = await ok(
        await request.post('/api/v1/mail/send', {
          data: {
            accountId,
            to: ['cliente@example.test'],
            subject: `Listino ${i + 1}`,
            html: '<p>In allegato il listino.</p>',
            attachments: [
              { uploadId: upload.uploadId, filename: 'listino.pdf', contentType: 'application/pdf' },
            ],
            undoSeconds: 0,
          },
          headers,
        }),
        'send',
      );
      const messageId = sent.messageId as string;
      let received = Number.NaN;
      const waited = await timeUntil(async () => {
        if (Number.isNaN(received) && smtp.received.length > before) received = performance.now() - t1;
        const m = await ok(await request.get(`/api/v1/mail/messages/${messageId}`), 'message');
        return (m.delivery as { status: string } | null)?.status === 'sent';
      }, 60_000);
      // Both from the send request (the click), which itself answers once the message is queued.
      const state = Number.isFinite(waited) ? performance.now() - t1 : waited;
      result.sendToReceivedMs.push(Number.isNaN(received) ? state : received);
      result.sendToSentStateMs.push(state);
      deps.log(
        `mail-send: run ${i + 1}: SMTP received ${received.toFixed(0)} ms, "sent" ${state.toFixed(0)} ms`,
      );
    }

    // (2) SDI notification → invoice status, the mailbox open (the server keeps an IDLE connection for it).
    const client = await ok(
      await request.post('/api/v1/clients', {
        data: {
          type: 'company',
          companyName: 'Cliente Bench S.p.A.',
          email: 'fatture@cliente.example.com',
          address: 'Corso Buenos Aires 1',
          city: 'Milano',
          postalCode: '20124',
          province: 'MI',
          country: 'IT',
          vatNumber: piva(7654321),
          sdiCode: 'M5UXCR1',
        },
        headers,
      }),
      'client',
    );
    const page = await context.newPage();
    await page.goto('/email');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await sleep(3000); // the IDLE connection opens once the page subscribes
    await imapClient.connect();
    for (let i = 0; i < MAIL_SEND_RUNS; i++) {
      const draft = await ok(
        await request.post('/api/v1/invoices', {
          data: {
            clientId: client.id,
            issueDate: new Date().toISOString().slice(0, 10),
            lines: [
              {
                description: `Manutenzione ${i + 1}`,
                quantity: '1',
                unit: 'h',
                unitPriceCents: 100_000,
                discountPercent: '0',
                vatRate: 22,
              },
            ],
          },
          headers,
        }),
        'invoice',
      );
      await ok(await request.post(`/api/v1/invoices/${draft.id}/issue`, { headers }), 'issue');
      const sdi = await ok(
        await request.post(`/api/v1/invoices/${draft.id}/sdi`, { data: { accountId }, headers }),
        'SDI',
      );
      const fileName = (sdi.transmissions as { fileName: string }[])[0]!.fileName;
      const rc = sdiNotification('RC', { invoiceFileName: fileName, sdiId: String(9000 + i) });
      await imapClient.append(
        'INBOX',
        await pecEnvelope({ from: 'sdi07@sdi.bench.test', to: emailAddress, file: rc }),
      );
      const ms = await timeUntil(async () => {
        const s = await ok(await request.get(`/api/v1/invoices/${draft.id}/sdi`), 'SDI state');
        return (s.transmissions as { status: string }[])[0]?.status === 'delivered';
      }, 60_000);
      result.notificationToStatusMs.push(ms);
      deps.log(`mail-send: SDI receipt ${i + 1}: status changed in ${ms.toFixed(0)} ms`);
    }
    await context.close();
  } catch (err) {
    result.notes.push(`not measured: ${(err as Error).message.split('\n')[0]}`);
  } finally {
    await imapClient.logout().catch(() => imapClient.close());
    await browser.close();
    await server.stop();
    await smtp.close();
    await dovecot.close();
  }
  return result;
}
