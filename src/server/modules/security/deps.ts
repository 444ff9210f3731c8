import type { AppConfig } from '../../platform/config.ts';
import type { Auth } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import type { MailPort } from '../../platform/mail.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import type { FileStore } from '../../platform/storage.ts';

/** What the team, security, backup and privacy routes receive. */
export interface SecurityModuleDeps {
  db: Db;
  auth: Auth;
  mail: MailPort;
  hub: RealtimeHub;
  /** Stored files (the logo): removed with a deleted organization. */
  files: FileStore;
  config: AppConfig;
  /** better-auth's secret: decrypts two-factor secrets for step-up. */
  authSecret: string;
}
