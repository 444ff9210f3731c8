import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      trustedOrigins: [
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://[::1]:3000',
        'http://localhost:5173',
      ],
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      inMemoryDatabase: false,
      authSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Gestionale <no-reply@localhost>',
      demoData: true,
      marketingClaims: false,
      logLevel: 'info',
      authRateLimit: { max: 10, windowMs: 60_000 },
      mailReplayBaseDelayMs: 60_000,
      webDistDir: path.resolve('./dist/web'),
      dbTemplateDir: path.resolve('./dist/db-template'),
      mailPollMs: 60_000,
      documentMaxFileMb: 50,
      backgroundJobs: true,
      s3: undefined,
      redis: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '4100',
      HOST: '0.0.0.0',
      APP_URL: 'https://app.example.test/',
      TRUSTED_ORIGINS: 'https://a.example.test, https://b.example.test,',
      DATA_DIR: '/tmp/gestionale-data',
      DATABASE_URL: 'postgresql://u@db/x',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://mail.example.test:465',
      MAIL_FROM: 'Shop <shop@example.test>',
      DEMO_DATA: 'yes',
      MARKETING_CLAIMS: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '5',
      AUTH_RATE_LIMIT_WINDOW_MS: '1000',
      MAIL_REPLAY_BASE_DELAY_MS: '0',
      WEB_DIST_DIR: '/tmp/web',
      DB_TEMPLATE_DIR: '/tmp/templates',
    });
    expect(config).toMatchObject({
      env: 'test',
      port: 4100,
      host: '0.0.0.0',
      appUrl: 'https://app.example.test',
      trustedOrigins: [
        'https://app.example.test',
        'http://localhost:5173',
        'https://a.example.test',
        'https://b.example.test',
      ],
      dataDir: '/tmp/gestionale-data',
      databaseUrl: 'postgresql://u@db/x',
      authSecret: 'x'.repeat(32),
      smtpUrl: 'smtps://mail.example.test:465',
      mailFrom: 'Shop <shop@example.test>',
      demoData: true,
      marketingClaims: true,
      logLevel: 'warn',
      authRateLimit: { max: 5, windowMs: 1000 },
      webDistDir: '/tmp/web',
      dbTemplateDir: '/tmp/templates',
      // Instances sharing PostgreSQL poll for mail another one queued; the embedded default barely polls.
      mailPollMs: 2000,
    });
  });

  it('derives the app URL from PORT when APP_URL is not set', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
  });

  it('trusts every loopback name of the port when APP_URL is not set, and only APP_URL when it is', () => {
    expect(loadConfig({ PORT: '8080' }).trustedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']),
    );
    expect(loadConfig({ PORT: '8080', APP_URL: 'http://localhost:8080' }).trustedOrigins).not.toContain(
      'http://127.0.0.1:8080',
    );
  });

  it('trusts no development origin in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://app.example.test' });
    expect(config.trustedOrigins).toEqual(['https://app.example.test']);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with a ConfigError naming the field', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toMatch(/^ {2}PORT: /m);
  });

  it('lists every invalid field at once', () => {
    const err = configError({ PORT: 'abc', LOG_LEVEL: 'loud', NODE_ENV: 'staging' });
    for (const field of ['PORT', 'LOG_LEVEL', 'NODE_ENV'])
      expect(err.message).toMatch(new RegExp(`^ {2}${field}: `, 'm'));
  });

  it('requires DATABASE_URL to be a PostgreSQL URL', () => {
    const err = configError({ DATABASE_URL: 'mysql://root@localhost/app' });
    expect(err.message).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
  });

  it('refuses a short AUTH_SECRET and a non-SMTP SMTP_URL', () => {
    expect(configError({ AUTH_SECRET: 'short' }).message).toContain('AUTH_SECRET');
    expect(configError({ SMTP_URL: 'http://mail' }).message).toContain('SMTP_URL');
  });

  it('requires AUTH_SECRET in production server mode', () => {
    const err = configError({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' });
    expect(err.message).toContain('AUTH_SECRET');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'y'.repeat(32) }),
    ).not.toThrow();
  });

  it('reads the S3 bucket settings all together, with their defaults, or none', () => {
    const bucket = {
      S3_ENDPOINT: 'https://s3.example.test',
      S3_BUCKET: 'documents',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
    };
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: 'https://s3.example.test',
      bucket: 'documents',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-key',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...bucket, S3_REGION: 'eu-south-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject(
      {
        region: 'eu-south-1',
        forcePathStyle: false,
      },
    );
    // Empty values are unset: the local folder.
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();

    const missing = configError({ S3_ENDPOINT: 'https://s3.example.test', S3_BUCKET: 'documents' }).message;
    expect(missing).toContain('S3_ACCESS_KEY_ID: required when S3_ENDPOINT is set');
    expect(missing).toContain('S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT is set');
    expect(missing).not.toContain('S3_BUCKET');
    expect(configError({ S3_BUCKET: 'documents' }).message).toContain(
      'S3_ENDPOINT: required when S3_BUCKET is set',
    );
    expect(configError({ ...bucket, S3_ENDPOINT: 'ftp://s3.example.test' }).message).toMatch(
      /^ {2}S3_ENDPOINT: /m,
    );
    expect(configError({ ...bucket, S3_FORCE_PATH_STYLE: 'sometimes' }).message).toContain(
      'S3_FORCE_PATH_STYLE',
    );
    // Never the secret itself in the message.
    expect(configError({ ...bucket, S3_BUCKET: '' }).message).not.toContain('secret-key');
  });

  it('reads REDIS_URL (redis:// or rediss://), never echoing a refused one', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      channelPrefix: 'gestionale:live:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example.test:6380/2' }).redis?.url).toBe(
      'rediss://:pw@cache.example.test:6380/2',
    );
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined();
    const refused = configError({ REDIS_URL: 'http://:hunter22@cache.example.test' }).message;
    expect(refused).toContain('REDIS_URL must start with redis:// or rediss://');
    expect(refused).not.toContain('hunter22');
  });

  it('turns demo data on by default in the embedded mode and off in server mode', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(configError({ DEMO_DATA: 'maybe' }).message).toContain('DEMO_DATA');
  });
});
