import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppConfig } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db.ts';
import { createAuth, type Auth } from './platform/auth.ts';
import { CLIENT_IP_HEADER } from './platform/audit.ts';
import { createMailPort, type MailPort } from './platform/mail.ts';
import { createInProcessHub, type RealtimeHub } from './platform/realtime.ts';
import { createRedisHub } from './platform/realtime-redis.ts';
import { errorHandler, notFoundHandler } from './platform/errors.ts';
import { registerSecurity } from './platform/security.ts';
import { registerAccessGuard } from './platform/request-context.ts';
import { registerRequestHardening, rewriteRequestUrl } from './platform/request-hardening.ts';
import { loggerOptions } from './platform/logging.ts';
import { closeLiveSockets, registerShutdown, type Shutdown } from './platform/shutdown.ts';
import { registerAdmissionGate } from './platform/admission.ts';
import { createForeground, registerForeground } from './platform/foreground.ts';
import { registerChangeAnnouncer } from './platform/change-announcer.ts';
import { resolveAuthSecret } from './platform/secret.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createHealthService } from './modules/health/service.ts';
import { createHealthMonitor, type HealthMonitor } from './modules/health/monitor.ts';
import { createRedisProbe } from './modules/health/redis-probe.ts';
import { systemStatusRoutes } from './modules/health/status-routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { outboxRoutes } from './modules/mail/routes.ts';
import { senderSettingsRoutes } from './modules/mail/sender-settings-routes.ts';
import { organizationSenders } from './modules/mail/sender-settings-service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { publicConfigRoutes } from './modules/accounts/routes.ts';
import { businessProfileRoutes } from './modules/business-profiles/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { analyticsRoutes } from './modules/reports/analytics-routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createScheduleRunner } from './modules/reports/schedule-jobs.ts';
import { reportScheduleRoutes } from './modules/reports/schedules-routes.ts';
import { pnlCashFlowRoutes } from './modules/reports/pnl-cash-flow-routes.ts';
import { revenueReportRoutes } from './modules/reports/revenue-routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import {
  invoiceRoutes,
  sdiRoutes,
  applySdiMail,
  documentFiles,
  invoicingRoutes,
  quoteRoutes,
  startInvoiceJobs,
  startQuoteJobs,
  templateValuesFor,
} from './modules/invoicing/index.ts';
import { purchaseRoutes, receiveMailedInvoices, supplierRoutes } from './modules/purchases/index.ts';
import {
  createReadingRunner,
  documentRoutes,
  importNewMailAttachments,
  keepMailedInvoices,
  startDocumentTrashSweep,
} from './modules/documents/index.ts';
import { emailTemplateRoutes } from './modules/email-templates/routes.ts';
import { renderEmailTemplate } from './modules/email-templates/index.ts';
import { startCalendarJobs } from './modules/calendar/jobs.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { applyCalendarReply } from './modules/calendar/replies.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { stepUpRoutes } from './modules/security/step-up-routes.ts';
import { securityAuthHooks } from './modules/security/auth-audit.ts';
import { resetPasswordMail } from './modules/accounts/mails.ts';
import { accountSecurityRoutes } from './modules/security/account-security-routes.ts';
import { auditRoutes } from './modules/security/audit-routes.ts';
import { teamRoutes } from './modules/organizations/team-routes.ts';
import { settingsBackupRoutes } from './modules/backups/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import {
  createEncryptedFileStore,
  createLocalFileStore,
  createS3FileStore,
  type FileStore,
} from './platform/storage.ts';
import { createSealedBox, type SealedBox } from './platform/sealed-box.ts';
import { MAIL_CREDENTIALS_PURPOSE } from './modules/mailbox/credentials.ts';
import { MAIL_CONTENT_PURPOSE } from './modules/mailbox/confidential.ts';
import { startUploadSweep } from './modules/mailbox/compose-attachments.ts';
import { mailAccountRoutes } from './modules/mailbox/accounts-routes.ts';
import { mailSyncRoutes } from './modules/mailbox/sync-routes.ts';
import { createIdleWatcher, createSyncRunner } from './modules/mailbox/sync/sync-jobs.ts';
import { attachmentRoutes } from './modules/mailbox/attachments-routes.ts';
import { folderRoutes } from './modules/mailbox/folders-routes.ts';
import { labelRoutes } from './modules/mailbox/labels-routes.ts';
import { messageRoutes } from './modules/mailbox/messages-routes.ts';
import { composeRoutes } from './modules/mailbox/compose-routes.ts';
import { draftRoutes } from './modules/mailbox/drafts-routes.ts';
import { createMailAnalyzer, recordAppSentMail } from './modules/mailbox/local-mailbox-service.ts';
import { accountTransports, appendSentCopy, publishDelivery } from './modules/mailbox/outgoing-service.ts';
import { linkMailboxCopy } from './platform/outbox-repository.ts';
import { publishNewMessage } from './modules/mailbox/messages-service.ts';
import { DEMO_CREDENTIALS, seedDemoData } from './seed/demo.ts';

export type AppServices = {
  database: DatabaseHandle;
  auth: Auth;
  mail: MailPort;
  hub: RealtimeHub;
  files: FileStore;
  /** Seals the passwords of connected mail accounts (issue 15). */
  mailCredentials: SealedBox;
};
declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    shutdown: Shutdown;
    /** Health monitoring and recovery (issue 18); tests call its checkNow(). */
    healthMonitor: HealthMonitor;
  }
}

/** API requests that reach PGlite at once; the rest wait in arrival order. */
const PGLITE_CONCURRENT_REQUESTS = 4;
/** Messages the mail sync stores per transaction on PGlite, whose one connection the transaction holds. */
const PGLITE_SYNC_TRANSACTION_SIZE = 10;

/** Paths of better-auth that are rate limited (sign-in, sign-up, password reset). */
const RATE_LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  // Wrong two-factor codes are rate limited (issue 7); better-auth also locks the second factor.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/enable',
];

/** `logStream`: where the log goes instead of stdout (tests read it back). */
export async function buildApp(
  config: AppConfig,
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Routing, guards and rate limits see the path the handlers will read (platform/request-hardening.ts).
    rewriteUrl: rewriteRequestUrl,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.env === 'production',
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerRequestHardening(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : config.inMemoryDatabase
        ? { kind: 'pglite-memory', templateDir: config.dbTemplateDir }
        : { kind: 'pglite', dataDir: config.dataDir, templateDir: config.dbTemplateDir },
  );
  const secret = resolveAuthSecret({
    configured: config.authSecret,
    dataDir: config.inMemoryDatabase ? undefined : config.dataDir,
  });
  // Several instances share live updates through Redis pub/sub (REDIS_URL); one instance needs none.
  const hub = config.redis
    ? createRedisHub(config.redis.url, app.log, { channelPrefix: config.redis.channelPrefix })
    : createInProcessHub();
  // Files at rest: the S3-compatible bucket when S3_* is set, else the data folder; encrypted either way.
  const files = createEncryptedFileStore(
    config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(path.join(config.dataDir, 'files')),
    secret,
  );
  const mailCredentials = createSealedBox(secret, MAIL_CREDENTIALS_PURPOSE);
  // Confidential mail's content, raw copy and waiting wire form (issue 16).
  const mailContent = createSealedBox(secret, MAIL_CONTENT_PURPOSE);
  const mail = createMailPort({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pollMs: config.mailPollMs,
    log: app.log,
    emlDir: path.join(config.dataDir, 'outbox'),
    files,
    // Mail composed in the mailbox leaves through the account it was written from (issue 16).
    accounts: accountTransports({ db: database.db, mailCredentials }),
    // The app's own mail leaves from each organization's sender, through its own server when it has one.
    senders: organizationSenders({ db: database.db, mailCredentials }),
    contentBox: mailContent,
  });
  const auth = createAuth({
    db: database.db,
    config,
    secret,
    mail,
    log: app.log,
    hooks: { resetPasswordMail, ...securityAuthHooks(database.db) },
  });
  const outgoingDeps = { db: database.db, hub, files, mailCredentials, mailContent, log: app.log };
  // The app's own mail sent on a user's behalf (quotes, invoices, reminders…) appears in that user's local Sent,
  // with the state of its delivery.
  mail.onStored(async (stored) => {
    const id = await recordAppSentMail({ db: database.db, files, mailContent }, stored);
    await linkMailboxCopy(database.db, stored.outboxId, id);
    await publishNewMessage(outgoingDeps, { orgId: stored.organizationId, userId: stored.userId }, id);
  });
  // Composed mail accepted by its account's server is filed in the account's IMAP Sent folder.
  mail.onDelivered((outboxId) =>
    appendSentCopy(outgoingDeps, outboxId).catch((err: unknown) =>
      app.log.warn({ err, mailId: outboxId }, 'the sent copy could not be filed in the IMAP Sent folder'),
    ),
  );
  mail.onAttempted((outboxId) => publishDelivery(outgoingDeps, outboxId));
  app.decorate('services', { database, auth, mail, hub, files, mailCredentials });
  // Background work (the mail sync) gives way while API requests are answered, those waiting for PGlite included.
  const foreground = createForeground();
  registerForeground(app, foreground);
  // One PGlite connection: a few API requests at a time, in arrival order (platform/admission.ts).
  if (database.kind === 'pglite') registerAdmissionGate(app, PGLITE_CONCURRENT_REQUESTS);
  registerChangeAnnouncer(app, hub);
  // Background jobs stop first, so a run in flight never meets a closed database.
  const jobs: { stop(): unknown }[] = [];
  const stopBackgroundWork = () => Promise.all([...jobs.map((job) => job.stop()), mail.stop()]);
  app.decorate('shutdown', registerShutdown(app, stopBackgroundWork));
  app.addHook('onClose', async () => {
    await stopBackgroundWork();
    await hub.close();
    await database.close();
  });

  if (config.demoData) await seedDemoData({ db: database.db, auth, log: app.log, files });

  await registerSecurity(app, config.trustedOrigins, path.join(config.webDistDir, 'index.html'));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: closeLiveSockets });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gestionale API',
        version: '1',
        description:
          'REST API of the business suite. Sign in through /api/auth (better-auth); every /api/v1 route is scoped to the active organization of the session.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'gestionale.session_token' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, { routePrefix: '/api/docs', configuration: { url: '/api/openapi.json' } });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );

  registerAccessGuard(app, { auth, db: database.db });

  // better-auth: a Fetch handler mounted under /api/auth.
  const authHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.appUrl);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const headers = fromNodeHeaders(request.headers);
    // The client's address as Fastify sees it (proxy headers trusted only in production), for sessions and audit.
    headers.set(CLIENT_IP_HEADER, request.ip);
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    if (response.status === 404 && !response.body) return notFoundHandler(request, reply);
    reply.status(response.status);
    const cookies = response.headers.getSetCookie();
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.send(response.body ? await response.text() : null);
  };
  for (const suffix of RATE_LIMITED_AUTH_PATHS) {
    app.post(`/api/auth${suffix}`, {
      schema: { hide: true },
      config: {
        access: 'public',
        rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs },
      },
      handler: authHandler,
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { access: 'public' },
    handler: authHandler,
  });

  const check = createHealthService({ ping: database.ping, dataDir: config.dataDir, mail });
  await app.register(healthRoutes, { check });
  await app.register(publicConfigRoutes, {
    demo: config.demoData ? DEMO_CREDENTIALS : null,
    marketingClaims: config.marketingClaims,
    mailMode: mail.mode,
  });
  await app.register(organizationRoutes, { db: database.db, auth });
  await app.register(outboxRoutes, { db: database.db, mail });
  await app.register(senderSettingsRoutes, {
    db: database.db,
    mailCredentials,
    installationFrom: config.mailFrom,
    installationSmtpUrl: config.smtpUrl,
  });
  await app.register(businessProfileRoutes, { db: database.db, auth, files });
  await app.register(importRoutes);
  await app.register(clientRoutes, { db: database.db });
  await app.register(reportRoutes, { db: database.db });
  // Scheduled reports: "Run now" wakes the runner, which runs only where background jobs are on.
  const scheduleRunner = createScheduleRunner({ db: database.db, mail, hub, files, log: app.log });
  await app.register(reportScheduleRoutes, { db: database.db, mail, hub, files, wake: scheduleRunner.wake });
  await app.register(pnlCashFlowRoutes, { db: database.db });
  await app.register(revenueReportRoutes, { db: database.db });
  await app.register(analyticsRoutes, { db: database.db });
  await app.register(transactionRoutes, { db: database.db });
  await app.register(inventoryRoutes, { db: database.db, hub });
  await app.register(invoicingRoutes, { db: database.db });
  await app.register(emailTemplateRoutes, { db: database.db, templateValues: templateValuesFor });
  await app.register(invoiceRoutes, { db: database.db, mail, files });
  await app.register(quoteRoutes, {
    db: database.db,
    mail,
    files,
    hub,
    appUrl: config.appUrl,
    publicRateLimit: config.authRateLimit,
  });
  const calendarDeps = {
    db: database.db,
    mail,
    hub,
    appUrl: config.appUrl,
    mailFrom: config.mailFrom,
    log: app.log,
  };
  await app.register(calendarRoutes, { ...calendarDeps, publicRateLimit: config.authRateLimit });
  const securityDeps = { db: database.db, auth, mail, hub, files, config, authSecret: secret };
  await app.register(stepUpRoutes, securityDeps);
  await app.register(accountSecurityRoutes, securityDeps);
  await app.register(teamRoutes, securityDeps);
  await app.register(auditRoutes, securityDeps);
  await app.register(settingsBackupRoutes, securityDeps);
  await app.register(privacyRoutes, securityDeps);
  await app.register(notificationRoutes, { db: database.db, hub });
  const mailboxDeps = { db: database.db, hub, files, mailContent };
  await app.register(folderRoutes, { ...mailboxDeps, mailCredentials });
  await app.register(messageRoutes, mailboxDeps);
  await app.register(composeRoutes, {
    ...mailboxDeps,
    mail,
    // Invoices' and quotes' files attached from the composer (issue 16).
    documentFiles: (orgId, documents) => documentFiles({ db: database.db, files }, orgId, documents),
    // A template named in a send replaces subject and content (spec §5); Italian unless it says otherwise.
    renderTemplate: (scope, { id, ...input }) =>
      renderEmailTemplate(
        { db: database.db, templateValues: templateValuesFor },
        { ...scope, id, input, fallbackLanguage: 'it' },
      ),
  });
  await app.register(sdiRoutes, { ...mailboxDeps, mail });
  await app.register(purchaseRoutes, { db: database.db, files });
  await app.register(supplierRoutes, { db: database.db });
  // Documents (issue 17): uploads are read (text layer, OCR) by one background reader per instance.
  const documentReader = createReadingRunner({
    db: database.db,
    files,
    hub,
    log: app.log,
  });
  const mailDocumentsDeps = {
    db: database.db,
    files,
    wakeReader: () => documentReader.wake(),
    maxFileBytes: config.documentMaxFileMb * 1024 * 1024,
    log: app.log,
  };
  await app.register(documentRoutes, {
    db: database.db,
    files,
    wakeReader: () => documentReader.wake(),
    readingCancelled: (id) => documentReader.cancelled(id),
    maxFileBytes: config.documentMaxFileMb * 1024 * 1024,
  });
  await app.register(labelRoutes, mailboxDeps);
  await app.register(attachmentRoutes, mailboxDeps);
  await app.register(realtimeRoutes, { auth, db: database.db, hub, trustedOrigins: config.trustedOrigins });
  // Mail sync (issue 15): "Sync now" wakes the runner, which runs only where background jobs are on.
  const mailSync = createSyncRunner(
    {
      db: database.db,
      files,
      hub,
      mailCredentials,
      analyze: createMailAnalyzer(),
      log: app.log,
      giveWay: (pacedWorkMs) => foreground.giveWay({ pacedWorkMs }),
      // Guests' answers from their calendar apps update the invitations (issue 16).
      calendarReply: (reply) => applyCalendarReply(calendarDeps, reply),
      // The SDI's answers to e-invoices sent by PEC update those invoices (issue 16).
      // Suppliers' e-invoices delivered to a PEC account are recorded as received invoices (issue 16).
      // A folder may import the attachments of its new mail into documents (issue 17).
      newAttachments: (input) => importNewMailAttachments(mailDocumentsDeps, input),
      xmlFiles: async (mailed) => {
        await applySdiMail({ db: database.db, hub, log: app.log }, mailed);
        const invoices = await receiveMailedInvoices({ db: database.db, files, hub, log: app.log }, mailed);
        // The documents keep them too, linked to the received invoice (issue 17).
        await keepMailedInvoices(mailDocumentsDeps, { ...mailed, files: invoices });
      },
    },
    {
      sync: {
        replayBaseDelayMs: config.mailReplayBaseDelayMs,
        ...(database.kind === 'pglite'
          ? { transactionSize: PGLITE_SYNC_TRANSACTION_SIZE, oneConnection: true }
          : {}),
      },
    },
  );
  await app.register(mailSyncRoutes, { db: database.db, sync: mailSync });
  // Drafts (issue 16): a save of an account's draft wakes the runner once the typing pauses (IMAP Drafts).
  await app.register(draftRoutes, { ...mailboxDeps, draftsSaved: () => mailSync.draftsSaved() });
  await app.register(mailAccountRoutes, {
    db: database.db,
    box: mailCredentials,
    files,
    wakeSync: () => mailSync.wake(),
  });

  // Health monitoring and recovery (issue 18): checks every 30 s where background jobs run; recovery wakes the
  // sync runner, the dispatcher and the documents reader. /system-status reads what it recorded.
  const redisProbe = config.redis ? createRedisProbe(config.redis.url) : undefined;
  const healthMonitor = createHealthMonitor({
    db: database.db,
    ping: database.ping,
    files,
    localFilesDir: config.s3 ? null : config.dataDir,
    mail,
    redisPing: redisProbe?.ping,
    actions: {
      wakeSync: () => mailSync.wake(),
      drainOutbox: () => mail.dispatchDue(),
      wakeReader: () => documentReader.wake(),
    },
    log: app.log,
  });
  app.decorate('healthMonitor', healthMonitor);
  if (redisProbe) app.addHook('onClose', () => redisProbe.close());
  await app.register(systemStatusRoutes, {
    db: database.db,
    bucketStore: !!config.s3,
    smtpConfigured: !!config.smtpUrl,
  });

  registerWebApp(app, config.webDistDir);
  mail.start();
  if (config.backgroundJobs) {
    jobs.push(
      startInvoiceJobs({ db: database.db, mail, files, log: app.log }),
      startQuoteJobs({ db: database.db, log: app.log }),
      scheduleRunner.start(),
      startCalendarJobs({
        db: database.db,
        mail,
        appUrl: config.appUrl,
        mailFrom: config.mailFrom,
        log: app.log,
      }),
      mailSync.start(),
      documentReader.start(),
      healthMonitor.start(),
      startDocumentTrashSweep({ db: database.db, files, log: app.log }),
      // Files of composers closed without sending (issue 16).
      startUploadSweep({ db: database.db, files, log: app.log }),
      createIdleWatcher({
        db: database.db,
        hub,
        mailCredentials,
        log: app.log,
        onInboxChange: (accountId) => mailSync.syncInbox(accountId),
      }).start(),
    );
  }
  return app;
}

/** The API's own paths: `/api` and below it, not `/api-reference` (a page of the app). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The built web app, with the SPA fallback for client-side routes; /api stays JSON. */
function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFoundHandler(request, reply);
  });
}
