import { z } from 'zod';
import path from 'node:path';
import type { S3StoreConfig } from './storage/s3.ts';

/**
 * The only reader of process.env. Every setting the app understands is here, validated once;
 * README.md lists them in a table.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `S3_BUCKET=` in an env file means unset. */
function unsetIfEmpty(value: unknown) {
  return value === '' ? undefined : value;
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.url().optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Gestionale <no-reply@localhost>'),
  DEMO_DATA: booleanFlag.optional(),
  MARKETING_CLAIMS: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  MAIL_REPLAY_BASE_DELAY_MS: z.coerce.number().int().min(0).default(60_000),
  DOCUMENT_MAX_FILE_MB: z.coerce.number().int().min(1).max(2048).default(50),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  DB_TEMPLATE_DIR: z.string().default('./dist/db-template'),
  // Server mode's file store; all of the first four or none (an empty value counts as unset).
  S3_ENDPOINT: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_BUCKET: z.preprocess(unsetIfEmpty, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(unsetIfEmpty, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
  S3_FORCE_PATH_STYLE: z.preprocess(unsetIfEmpty, booleanFlag.default(true)),
  // Several app instances: live updates cross them through Redis pub/sub (an empty value counts as unset).
  REDIS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'REDIS_URL must start with redis:// or rediss://')
      .refine((v) => URL.canParse(v), 'REDIS_URL is not a valid URL')
      .optional(),
  ),
});

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  trustedOrigins: string[];
  dataDir: string;
  /** PostgreSQL URL in server mode; undefined means embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** In-memory PGlite (tests only). */
  inMemoryDatabase: boolean;
  /** Undefined: read or create `dataDir/auth-secret` (embedded mode). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  marketingClaims: boolean;
  logLevel: string;
  authRateLimit: { max: number; windowMs: number };
  webDistDir: string;
  /** Built by `npm start`: migrated empty PGlite folders a fresh data folder starts from. */
  dbTemplateDir: string;
  /**
   * The first retry of a mail change the IMAP server refused waits this long, each next one four times longer;
   * the journeys set 0 to reach a given-up change in a few runs.
   */
  mailReplayBaseDelayMs: number;
  /** Mail dispatcher poll interval; tests shorten it. */
  mailPollMs: number;
  /** The largest file the documents area accepts (DOCUMENT_MAX_FILE_MB, 50 by default). */
  documentMaxFileMb: number;
  /** Scheduled work (automatic reminders, quote expiry); off in tests, which call the jobs themselves. */
  backgroundJobs: boolean;
  /** The S3-compatible bucket files go to; undefined: the local folder `dataDir/files`. */
  s3: S3StoreConfig | undefined;
  /**
   * REDIS_URL: live updates go through Redis pub/sub to every app instance; undefined: in-process. Channels start
   * with `channelPrefix` (tests give each file its own).
   */
  redis: { url: string; channelPrefix: string } | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET: required in server mode (DATABASE_URL set)',
    );
  }
  // The bucket's settings go together: a partial set is a mistake to report, not a reason to fall back to disk.
  const s3Problems = e.S3_ENDPOINT
    ? S3_REQUIRED.filter((name) => !e[name]).map((name) => `  ${name}: required when S3_ENDPOINT is set`)
    : S3_REQUIRED.filter((name) => e[name]).map(
        (name) => `  S3_ENDPOINT: required when ${name} is set (the S3_ variables go together)`,
      );
  if (s3Problems.length) throw new ConfigError(`Invalid configuration:\n${s3Problems.join('\n')}`);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Without APP_URL the app is opened on this machine by whichever loopback name the user types.
  const loopbackOrigins = e.APP_URL
    ? []
    : [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`];
  const extraOrigins = (e.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const devOrigins = e.NODE_ENV === 'production' ? [] : ['http://localhost:5173'];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    trustedOrigins: [...new Set([appUrl, ...loopbackOrigins, ...devOrigins, ...extraOrigins])],
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    inMemoryDatabase: false,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    // Demo data by default in the embedded mode only; a PostgreSQL deployment starts empty.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    marketingClaims: e.MARKETING_CLAIMS,
    logLevel: e.LOG_LEVEL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    mailReplayBaseDelayMs: e.MAIL_REPLAY_BASE_DELAY_MS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    dbTemplateDir: path.resolve(e.DB_TEMPLATE_DIR),
    // Every send wakes the dispatcher of its own process, and a scheduled or retried message sets its timer, so
    // the embedded default (one process) polls only as a safety net; app instances sharing PostgreSQL poll often,
    // for mail another instance queued.
    mailPollMs: e.DATABASE_URL ? 2000 : 60_000,
    documentMaxFileMb: e.DOCUMENT_MAX_FILE_MB,
    backgroundJobs: e.NODE_ENV !== 'test',
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, channelPrefix: 'gestionale:live:' } : undefined,
  };
}

/** Environment variables read by tests and scripts (kept here so nothing else reads process.env). */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
