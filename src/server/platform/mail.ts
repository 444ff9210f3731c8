import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import type { TStoredAttachment } from '../db/schema/mail.ts';
import {
  claimDueMessages,
  countByStatus,
  insertOutboxMessage,
  markFailedAttempt,
  markSent,
} from '../modules/mail/repository.ts';

export type OutgoingMail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
};

export type MailContext = { organizationId?: string | null; userId?: string | null };

/** Retry schedule for SMTP failures: 1, 2, 4, 8, 16 s, then hourly; gives up after 10 attempts. */
export const MAX_SEND_ATTEMPTS = 10;
export function retryDelayMs(attempt: number): number {
  if (attempt >= 6) return 60 * 60 * 1000;
  return 1000 * 2 ** (attempt - 1);
}

export type MailPort = {
  mode: 'outbox' | 'smtp';
  /** Writes the message to the durable outbox; with SMTP the dispatcher sends it. Returns the id. */
  send(mail: OutgoingMail, context?: MailContext): Promise<string>;
  /** Sends what is due now (the dispatcher calls it on a timer; tests call it directly). */
  dispatchDue(): Promise<number>;
  /** For /api/health: healthy, degraded (outbox mode or failures) or offline (SMTP unreachable). */
  probe(): Promise<{ status: 'healthy' | 'degraded' | 'offline'; detail: string }>;
  start(): void;
  stop(): Promise<void>;
};

export function createMailPort(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Outbox mode also writes each message as an .eml file here (readable by whoever runs the machine). */
  emlDir: string;
}): MailPort {
  const { db, smtpUrl, from, log } = options;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  // Without SMTP, nodemailer still composes the exact message it would send, as an .eml file: a user
  // who is signed out (a password reset) can be helped by whoever runs the installation.
  const composer = transport ? null : nodemailer.createTransport({ streamTransport: true, buffer: true });

  async function writeEml(id: string, mail: OutgoingMail) {
    const info = await composer!.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments,
    });
    await fs.mkdir(options.emlDir, { recursive: true });
    await fs.writeFile(path.join(options.emlDir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
  }
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function sendOne(row: Awaited<ReturnType<typeof claimDueMessages>>[number]) {
    try {
      const info = await transport!.sendMail({
        from: row.fromAddress,
        to: row.toAddresses,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: row.headers,
        attachments: row.attachments.map((a: TStoredAttachment) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
      await markSent(db, row.id, info.messageId ?? null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt =
        row.attempts < MAX_SEND_ATTEMPTS ? new Date(Date.now() + retryDelayMs(row.attempts)) : null;
      await markFailedAttempt(db, row.id, message.slice(0, 500), retryAt);
      log.warn({ mailId: row.id, attempts: row.attempts, willRetry: !!retryAt }, 'mail send failed');
    }
  }

  async function dispatchOnce(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const batch = await claimDueMessages(db, 10);
      if (batch.length === 0) return sent;
      for (const row of batch) await sendOne(row);
      sent += batch.length;
    }
  }

  function dispatchDue(): Promise<number> {
    // One dispatch at a time per process; a caller during a run waits for it.
    if (!running) running = dispatchOnce().finally(() => (running = null));
    return running;
  }

  function schedule() {
    if (stopped || !transport) return;
    timer = setTimeout(async () => {
      try {
        await dispatchDue();
      } catch (err) {
        log.error({ err }, 'mail dispatcher failed');
      }
      schedule();
    }, options.pollMs);
    timer.unref();
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail, context = {}) {
      const id = await insertOutboxMessage(db, {
        organizationId: context.organizationId ?? null,
        userId: context.userId ?? null,
        fromAddress: from,
        toAddresses: Array.isArray(mail.to) ? mail.to : [mail.to],
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString('base64'),
        })),
        headers: mail.headers ?? {},
        status: transport ? 'queued' : 'stored',
      });
      if (transport) {
        log.info({ mailId: id }, 'mail queued');
        void dispatchDue().catch((err) => log.error({ err }, 'mail dispatch failed'));
      } else {
        try {
          await writeEml(id, mail);
        } catch (err) {
          log.warn({ err, mailId: id }, 'could not write the .eml copy of an outbox message');
        }
        log.info(
          { mailId: id, folder: options.emlDir },
          'mail stored in the outbox (no SMTP_URL configured)',
        );
      }
      return id;
    },
    dispatchDue,
    async probe() {
      const counts = Object.fromEntries((await countByStatus(db)).map((r) => [r.status, Number(r.n)]));
      if (!transport) return { status: 'degraded', detail: 'outbox: no SMTP server configured' };
      try {
        await transport.verify();
      } catch {
        return { status: 'offline', detail: 'SMTP server not reachable; messages stay queued' };
      }
      if ((counts.failed ?? 0) > 0) return { status: 'degraded', detail: `${counts.failed} messages failed` };
      return { status: 'healthy', detail: 'smtp' };
    },
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => undefined);
      transport?.close();
    },
  };
}
