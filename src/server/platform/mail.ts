import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import type { FileStore } from './storage.ts';
import { recordAudit } from './audit.ts';
import { isSealedBytes, type SealedBox } from './sealed-box.ts';
import type { TStoredAttachment } from '../db/schema/mail.ts';
import { addressOf, fromHeader } from '@shared/mail/addresses.ts';
import {
  classifySmtpError,
  isOutage,
  isRetryable,
  MAX_SEND_ATTEMPTS,
  outageCheckDelayMs,
  retryDelayMs,
  type MailErrorCode,
  type SmtpFailure,
} from '@shared/mail/delivery.ts';
import {
  claimDueMessages,
  insertOutboxMessage,
  markFailedAttempt,
  markSent,
  nextDueAt,
  queueStats,
  releaseUnsent,
  senderOf,
  holdForLimit,
  sendingLimitReached,
} from './outbox-repository.ts';

export type OutgoingMail = {
  to: string | string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  headers?: Record<string, string>;
};

export type MailContext = {
  organizationId?: string | null;
  userId?: string | null;
  /** Not before this time (a scheduled send, or the undo window of mail composed in the mailbox). */
  sendAt?: Date;
  /** The user chose the time: shown as scheduled (changeable, cancellable) until then. */
  scheduled?: boolean;
  /** Confidential (spec §5): kept only sealed while it waits, and recorded sealed in the sender's Sent. */
  confidential?: boolean;
};

/** A message the outbox stored on behalf of a user of an organization (the mailbox records it in the user's Sent). */
export type StoredMail = {
  outboxId: string;
  organizationId: string;
  userId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  sentAt: Date;
  confidential?: boolean;
};

/**
 * The SMTP of a connected mail account (issue 16), opened for one send: mail with an account_id leaves through it.
 * Null when the account is gone or its password cannot be read. The mailbox module supplies it.
 */
export type AccountTransports = {
  open(account: { accountId: string; orgId: string; userId: string }): Promise<Transporter | null>;
};

/**
 * The organization's own sender (Settings → Email sending; issue 16): its name, address and reply-to for the app's
 * own mail, and its own SMTP server when it has one (opened for one send). The mail module supplies it.
 */
export type OrganizationSenders = {
  identity(orgId: string): Promise<{
    name: string | null;
    address: string | null;
    replyTo: string | null;
    ownSmtp: boolean;
  } | null>;
  open(orgId: string): Promise<Transporter | null>;
};

export { addressOf, fromHeader } from '@shared/mail/addresses.ts';

/** A waiting message older than this makes mail health degraded: the queue is not moving. */
export const STUCK_QUEUE_MS = 60_000;
/** Failed messages of the last day make mail health degraded. */
export const FAILED_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a check of the SMTP server (a connection and login) is trusted by the health probe. */
const SERVER_CHECK_TTL_MS = 30_000;
const SERVER_CHECK_TIMEOUT_MS = 2_500;

export type MailHealth = {
  status: 'healthy' | 'degraded' | 'offline' | 'unhealthy';
  detail: string;
  queue?: {
    waiting: number;
    oldestWaitingSeconds: number | null;
    failedLastDay: number;
    lastErrorCode: string | null;
  };
};

export type MailPort = {
  mode: 'outbox' | 'smtp';
  /** Writes the message to the durable outbox; with SMTP the dispatcher sends it. Returns the id. */
  send(mail: OutgoingMail, context?: MailContext): Promise<string>;
  /** Sends what is due now (the dispatcher calls it on a timer; tests call it directly). */
  dispatchDue(): Promise<number>;
  /** For /api/health: the queue (oldest waiting message, recent failures) and what the server last said. */
  probe(): Promise<MailHealth>;
  /** Called with the outbox id of each message the SMTP server accepted (a document becomes "sent" then). */
  onDelivered(listener: (outboxId: string) => Promise<void>): void;
  /** Called after every attempt's outcome (sent, queued again for a retry, failed): a screen showing it updates. */
  onAttempted(listener: (outboxId: string) => Promise<void>): void;
  /**
   * Called once the outbox holds a message sent on behalf of a user in an organization (app.ts wires the mailbox
   * to it: the app's own mail appears in the user's Sent). A failing listener is logged; the send goes on.
   */
  onStored(listener: (mail: StoredMail) => Promise<unknown>): void;
  start(): void;
  stop(): Promise<void>;
};

type ServerState = {
  /** ok: it accepted a connection and login; unreachable: no connection; refused: it refused the login. */
  status: 'unknown' | 'ok' | 'unreachable' | 'refused';
  code: MailErrorCode | null;
  /** When this status began, and when the server was last heard from or tried. */
  since: number;
  checkedAt: number;
};

function failureOf(err: unknown): { code: MailErrorCode; error: string } {
  const failure = (err ?? {}) as SmtpFailure;
  const text = err instanceof Error ? err.message : String(err);
  return { code: classifySmtpError({ ...failure, message: text }), error: text.slice(0, 500) };
}

export function createMailPort(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Outbox mode also writes each message as an .eml file here (readable by whoever runs the machine). */
  emlDir: string;
  /** Where composed mail keeps its wire form (outbox rows with raw_key). */
  files?: FileStore;
  /** The SMTP of connected accounts, for mail composed in the mailbox (issue 16). */
  accounts?: AccountTransports;
  /** Organizations' own senders and servers, for the app's own mail (issue 16). */
  senders?: OrganizationSenders;
  /** The box confidential mail waits in (sealed wire forms); without it such mail waits readable, logged HIGH. */
  contentBox?: SealedBox;
}): MailPort {
  const { db, smtpUrl, from, log } = options;
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  // Without SMTP, nodemailer still composes the exact message it would send, as an .eml file: a user
  // who is signed out (a password reset) can be helped by whoever runs the installation.
  const composer = transport ? null : nodemailer.createTransport({ streamTransport: true, buffer: true });

  async function writeEml(id: string, fromAddress: string, mail: OutgoingMail) {
    const info = await composer!.sendMail({
      from: fromAddress,
      to: mail.to,
      cc: mail.cc,
      bcc: mail.bcc,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments,
    });
    await fs.mkdir(options.emlDir, { recursive: true });
    await fs.writeFile(path.join(options.emlDir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
  }

  /**
   * An organization's mail is from its sender: the name and address set in Settings → Email sending, else the
   * business's name at the installation's address; replies go to the reply-to set there, else the business's
   * e-mail. `ownSmtp`: the organization's own server sends it.
   */
  async function senderFor(
    context: MailContext,
  ): Promise<{ from: string; replyTo: string | null; ownSmtp: boolean }> {
    if (!context.organizationId) return { from, replyTo: null, ownSmtp: false };
    const [business, own] = await Promise.all([
      senderOf(db, context.organizationId),
      options.senders?.identity(context.organizationId),
    ]);
    const name = own?.name || business?.companyName?.trim() || business?.orgName?.trim();
    const address = own?.address || addressOf(from);
    return {
      from: name ? fromHeader(name, address) : own?.address ? address : from,
      replyTo: own?.replyTo || business?.email?.trim() || null,
      ownSmtp: !!own?.ownSmtp,
    };
  }

  /**
   * The wire form of a confidential message, sealed in the file store, so the outbox row keeps nothing readable.
   * When it cannot be sealed (no box, no file store, a crypto error) it is logged HIGH and waits readable: the
   * spec says sending continues.
   */
  async function sealedWireForm(
    sender: { from: string },
    mail: OutgoingMail,
    context: MailContext,
  ): Promise<{ id: string; key: string } | null> {
    try {
      if (!options.contentBox || !options.files)
        throw new Error('no key or file store for confidential mail');
      const info = await (
        composer ?? nodemailer.createTransport({ streamTransport: true, buffer: true })
      ).sendMail({
        from: sender.from,
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        attachments: mail.attachments,
      });
      const id = randomUUID();
      const key = `outbox-sealed/${context.organizationId ?? 'installation'}/${id}.eml`;
      await options.files.put(key, options.contentBox.sealBytes(info.message as Buffer));
      return { id, key };
    } catch (err) {
      log.error(
        { severity: 'HIGH', reason: err instanceof Error ? err.message : 'unknown' },
        'confidential mail could not be encrypted; it is sent as it is',
      );
      await recordAudit(db, {
        action: 'mail_encryption_failed',
        organizationId: context.organizationId ?? null,
        userId: context.userId ?? null,
        details: { reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown' },
      }).catch(() => undefined);
      return null;
    }
  }

  const deliveredListeners: ((outboxId: string) => Promise<void>)[] = [];
  const attemptedListeners: ((outboxId: string) => Promise<void>)[] = [];
  const storedListeners: ((mail: StoredMail) => Promise<unknown>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let running: Promise<number> | null = null;
  let stopped = true;
  const server: ServerState = { status: 'unknown', code: null, since: Date.now(), checkedAt: 0 };
  /** While the server is unreachable: how many checks failed, and when the next one is due. */
  let outage: { checks: number; nextCheckAt: number } | null = null;

  function setServer(status: ServerState['status'], code: MailErrorCode | null) {
    const now = Date.now();
    if (server.status !== status) {
      server.since = now;
      if (status === 'ok' && server.status !== 'unknown') log.info('SMTP server reachable again');
    }
    server.status = status;
    server.code = code;
    server.checkedAt = now;
  }

  /** The server cannot be reached: hold the queue and check again after a short, growing delay. */
  function enterOutage(code: MailErrorCode) {
    if (!outage) log.warn({ code }, 'SMTP server not reachable; messages stay queued');
    const checks = (outage?.checks ?? 0) + 1;
    outage = { checks, nextCheckAt: Date.now() + outageCheckDelayMs(checks) };
    setServer('unreachable', code);
    wakeAt(outage.nextCheckAt);
  }

  function noteServerAnswered(code: MailErrorCode | null) {
    outage = null;
    setServer(code === 'AUTH_ERROR' ? 'refused' : 'ok', code === 'AUTH_ERROR' ? code : null);
  }

  /** Checks the server (connection and login) without sending; callers at the same moment share one check. */
  let checking: Promise<void> | null = null;
  function checkServer(): Promise<void> {
    if (!checking) checking = runServerCheck().finally(() => (checking = null));
    return checking;
  }

  async function runServerCheck(): Promise<void> {
    try {
      await Promise.race([
        transport!.verify(),
        new Promise((_, reject) =>
          setTimeout(
            () => reject(Object.assign(new Error('SMTP check timed out'), { code: 'ETIMEDOUT' })),
            SERVER_CHECK_TIMEOUT_MS,
          ).unref(),
        ),
      ]);
      noteServerAnswered(null);
    } catch (err) {
      const { code } = failureOf(err);
      if (isOutage(code)) enterOutage(code);
      else noteServerAnswered(code);
    }
  }

  type OutboxRow = Awaited<ReturnType<typeof claimDueMessages>>[number];

  /** What nodemailer sends: the stored wire form of composed mail, else the message built from the columns. */
  async function wireMessage(row: OutboxRow): Promise<SendMailOptions> {
    if (row.rawKey) {
      const stored = await options.files?.get(row.rawKey);
      // Confidential mail waits sealed (isSealedBytes); other stored messages are read as they are.
      const raw = stored && isSealedBytes(stored) ? (options.contentBox?.openBytes(stored) ?? null) : stored;
      if (!raw) throw Object.assign(new Error('the stored message is missing'), { code: 'EMESSAGE' });
      const to = [...row.toAddresses, ...row.ccAddresses, ...row.bccAddresses].map(addressOf);
      return { envelope: { from: addressOf(row.fromAddress), to }, raw };
    }
    return {
      from: row.fromAddress,
      to: row.toAddresses,
      cc: row.ccAddresses.length > 0 ? row.ccAddresses : undefined,
      bcc: row.bccAddresses.length > 0 ? row.bccAddresses : undefined,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      headers: row.headers,
      attachments: row.attachments.map((a: TStoredAttachment) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    };
  }

  async function notify(listeners: ((outboxId: string) => Promise<void>)[], id: string) {
    for (const listener of listeners) {
      await listener(id).catch((err: unknown) => log.error({ err, mailId: id }, 'an outbox listener failed'));
    }
  }

  /**
   * Sends one claimed message; answers false when the installation's server could not be reached (nothing was
   * sent). A connected account's server being down is that message's failed attempt, retried as any other: it
   * says nothing about the installation's server or the other accounts.
   */
  async function sendOne(row: OutboxRow): Promise<boolean> {
    // Its own server: a connected account's, or the organization's; else the installation's.
    const viaAccount = row.accountId !== null || row.viaOrganizationSmtp;
    let via: Transporter | null = viaAccount ? null : transport;
    try {
      if (row.accountId !== null) {
        via =
          row.organizationId && row.userId
            ? ((await options.accounts?.open({
                accountId: row.accountId,
                orgId: row.organizationId,
                userId: row.userId,
              })) ?? null)
            : null;
        if (!via) throw Object.assign(new Error('the mail account cannot be used'), { code: 'EAUTH' });
      } else if (row.viaOrganizationSmtp) {
        via = row.organizationId ? ((await options.senders?.open(row.organizationId)) ?? null) : null;
        if (!via)
          throw Object.assign(new Error("the organization's mail server is not set"), { code: 'EAUTH' });
      }
      const info = await via!.sendMail(await wireMessage(row));
      if (!viaAccount) noteServerAnswered(null);
      await markSent(db, row.id, info.messageId ?? null);
      await notify(attemptedListeners, row.id);
      await notify(deliveredListeners, row.id);
      return true;
    } catch (err) {
      const failure = failureOf(err);
      if (!viaAccount && isOutage(failure.code)) {
        enterOutage(failure.code);
        return false;
      }
      if (!viaAccount) noteServerAnswered(failure.code);
      // Spec §9: a retryable failure is tried again after 1 s, 2 s, 4 s (≤ 30 s, plus jitter), at most 3
      // times; any other class (a refused login, an unknown recipient) fails at once and says why.
      const retry =
        (isRetryable(failure.code) || (viaAccount && isOutage(failure.code))) &&
        row.attempts < MAX_SEND_ATTEMPTS;
      const retryAt = retry ? new Date(Date.now() + retryDelayMs(row.attempts)) : null;
      await markFailedAttempt(db, row.id, failure, retryAt);
      if (retryAt) wakeAt(retryAt.getTime());
      log.warn(
        { mailId: row.id, attempts: row.attempts, code: failure.code, willRetry: retry },
        'mail send failed',
      );
      await notify(attemptedListeners, row.id);
      return true;
    } finally {
      if (viaAccount) via?.close();
    }
  }

  /**
   * A connected account's provider limits (issue 16): a message over them goes back to the queue until its window
   * opens, untried, and says so (QUOTA_EXCEEDED with the time it leaves).
   */
  async function heldForLimit(row: OutboxRow): Promise<boolean> {
    if (row.accountId === null) return false;
    const hold = await sendingLimitReached(db, row.accountId);
    if (!hold) return false;
    await holdForLimit(db, row.id, hold);
    wakeAt(hold.until.getTime());
    await notify(attemptedListeners, row.id);
    return true;
  }

  async function dispatchOnce(): Promise<number> {
    // The installation's server takes its own mail; connected accounts' mail goes whatever that server does.
    let installation = transport !== null;
    if (installation && outage) {
      // Not time to check yet (a timer may fire a millisecond early): wake up again when it is.
      if (Date.now() < outage.nextCheckAt) wakeAt(outage.nextCheckAt);
      else await checkServer();
      if (outage) installation = false;
    }
    if (!installation && !options.accounts && !options.senders) return 0;
    let sent = 0;
    for (;;) {
      const batch = await claimDueMessages(db, 10, { installation });
      if (batch.length === 0) break;
      const held: string[] = [];
      for (const row of batch) {
        // The installation's server went away during this batch: its messages wait, without an attempt spent.
        if (row.accountId === null && !row.viaOrganizationSmtp && outage) held.push(row.id);
        else if (await heldForLimit(row)) continue;
        else if (await sendOne(row)) sent += 1;
        else held.push(row.id);
      }
      if (held.length > 0) {
        await releaseUnsent(
          db,
          held,
          { code: server.code ?? 'CONNECTION_ERROR', error: 'SMTP server not reachable' },
          new Date(),
        );
        installation = false;
        if (!options.accounts && !options.senders) return sent;
      }
    }
    const due = await nextDueAt(db);
    if (due) wakeAt(due.getTime());
    return sent;
  }

  function dispatchDue(): Promise<number> {
    // One dispatch at a time per process; a caller during a run waits for it.
    if (!running) running = dispatchOnce().finally(() => (running = null));
    return running;
  }

  /** Runs the dispatcher at `at` (or at the next poll, whichever comes first). */
  function wakeAt(at: number) {
    if (stopped || (!transport && !options.accounts && !options.senders)) return;
    const when = Math.min(Math.max(at, Date.now()), Date.now() + options.pollMs);
    if (timer && timerAt <= when) return;
    if (timer) clearTimeout(timer);
    timerAt = when;
    timer = setTimeout(
      async () => {
        timer = null;
        timerAt = Infinity;
        try {
          await dispatchDue();
        } catch (err) {
          log.error({ err }, 'mail dispatcher failed');
        }
        wakeAt(Date.now() + options.pollMs);
      },
      Math.max(0, when - Date.now()),
    );
    timer.unref();
  }

  async function probe(): Promise<MailHealth> {
    if (!transport) return { status: 'degraded', detail: 'outbox: no SMTP server configured' };
    const stats = await queueStats(db, new Date(Date.now() - FAILED_WINDOW_MS));
    const oldestMs = stats.oldestWaiting ? Date.now() - stats.oldestWaiting.getTime() : null;
    const queue = {
      waiting: stats.waiting,
      oldestWaitingSeconds: oldestMs === null ? null : Math.max(0, Math.round(oldestMs / 1000)),
      failedLastDay: stats.failed,
      lastErrorCode: server.code ?? stats.lastFailureCode,
    };
    // The dispatcher's own sends and checks say how the server is; ask it only when that is old news.
    if (!outage && Date.now() - server.checkedAt > SERVER_CHECK_TTL_MS) await checkServer();
    const waitingText =
      stats.waiting > 0 ? `; ${stats.waiting} waiting, the oldest for ${queue.oldestWaitingSeconds} s` : '';
    if (server.status === 'unreachable') {
      const since = Math.round((Date.now() - server.since) / 1000);
      return {
        status: 'offline',
        detail: `${server.code}: SMTP server not reachable for ${since} s; messages stay queued${waitingText}`,
        queue,
      };
    }
    if (server.status === 'refused') {
      return {
        status: 'unhealthy',
        detail: `AUTH_ERROR: the SMTP server refused the login; check the user name and password in SMTP_URL${waitingText}`,
        queue,
      };
    }
    if (oldestMs !== null && oldestMs > STUCK_QUEUE_MS) {
      return { status: 'degraded', detail: `queue not moving${waitingText}`, queue };
    }
    if (stats.failed > 0) {
      return {
        status: 'degraded',
        detail: `${stats.failed} messages failed in the last 24 h (last: ${stats.lastFailureCode ?? 'UNKNOWN_ERROR'})`,
        queue,
      };
    }
    return { status: 'healthy', detail: `smtp${waitingText}`, queue };
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(mail, context = {}) {
      const sender = await senderFor(context);
      // Sent by a server (the organization's own, else the installation's), or kept in the app.
      const sends = sender.ownSmtp || !!transport;
      const headers = { ...(mail.headers ?? {}) };
      if (sender.replyTo && !Object.keys(headers).some((h) => h.toLowerCase() === 'reply-to'))
        headers['Reply-To'] = sender.replyTo;
      const sealed = context.confidential
        ? await sealedWireForm(sender, { ...mail, headers }, context)
        : null;
      const id = await insertOutboxMessage(db, {
        ...(sealed ? { id: sealed.id, rawKey: sealed.key } : {}),
        organizationId: context.organizationId ?? null,
        userId: context.userId ?? null,
        fromAddress: sender.from,
        toAddresses: Array.isArray(mail.to) ? mail.to : [mail.to],
        ccAddresses: mail.cc ?? [],
        bccAddresses: mail.bcc ?? [],
        subject: mail.subject,
        textBody: sealed ? '' : mail.text,
        htmlBody: sealed ? null : (mail.html ?? null),
        attachments: (sealed ? [] : (mail.attachments ?? [])).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString('base64'),
        })),
        headers,
        viaOrganizationSmtp: sender.ownSmtp,
        status: !sends ? 'stored' : context.scheduled ? 'scheduled' : 'queued',
        ...(sends && context.sendAt ? { nextAttemptAt: context.sendAt } : {}),
      });
      if (context.organizationId && context.userId) {
        const stored: StoredMail = {
          outboxId: id,
          organizationId: context.organizationId,
          userId: context.userId,
          from: sender.from,
          to: Array.isArray(mail.to) ? mail.to : [mail.to],
          cc: mail.cc ?? [],
          bcc: mail.bcc ?? [],
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          headers,
          attachments: mail.attachments ?? [],
          sentAt: new Date(),
          confidential: !!context.confidential,
        };
        for (const listener of storedListeners) {
          await listener(stored).catch((err: unknown) =>
            log.warn({ err, mailId: id }, 'a listener of stored mail failed'),
          );
        }
      }
      if (sends) {
        log.info({ mailId: id }, 'mail queued');
        void dispatchDue().catch((err) => log.error({ err }, 'mail dispatch failed'));
      } else if (sealed) {
        log.info({ mailId: id }, 'confidential mail kept sealed in the outbox (no .eml copy)');
      } else {
        try {
          await writeEml(id, sender.from, { ...mail, headers });
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
    probe,
    onDelivered(listener) {
      deliveredListeners.push(listener);
    },
    onStored(listener) {
      storedListeners.push(listener);
    },
    onAttempted(listener) {
      attemptedListeners.push(listener);
    },
    start() {
      stopped = false;
      wakeAt(Date.now() + options.pollMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running.catch(() => undefined);
      transport?.close();
    },
  };
}
