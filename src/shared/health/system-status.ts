import { z } from 'zod';
import { HEALTH_STATES } from './health-score.ts';
import { RECOVERY_ERROR_TYPES, RECOVERY_LEVELS, SYSTEM_MODES } from './recovery.ts';

/**
 * GET /api/v1/system-status (issue 18): what the monitor found, for the /system-status screen and the shell's mode
 * banner. Texts are codes with numbers, so the web says them in the reader's language.
 */
export const MONITORED_SUBSYSTEMS = ['database', 'storage', 'mail', 'redis', 'jobs'] as const;
export type MonitoredSubsystem = (typeof MONITORED_SUBSYSTEMS)[number];

/** Why a subsystem is in its state; the web has a sentence for each. */
export const SUBSYSTEM_CODES = [
  'ok',
  'slow',
  'no_answer',
  'quota_high',
  'probe_failed',
  'no_smtp',
  'smtp_unreachable',
  'smtp_refused',
  'queue_stuck',
  'send_failures',
  'accounts_failing',
  'accounts_auth',
  'redis_unreachable',
  'not_configured',
  'jobs_stuck',
  'not_checked',
] as const;
export type SubsystemCode = (typeof SUBSYSTEM_CODES)[number];

export const ZSubsystemStatus = z.object({
  status: z.enum(HEALTH_STATES),
  code: z.enum(SUBSYSTEM_CODES),
  latencyMs: z.number().int().optional(),
  /** Storage: share of the data folder's disk in use, 0–100. */
  usedPercent: z.number().int().optional(),
  /** Mail: accounts failing; jobs: stuck jobs; mail queue: messages waiting. */
  count: z.number().int().optional(),
});
export type TSubsystemStatus = z.infer<typeof ZSubsystemStatus>;

export const ZSubsystems = z.object({
  database: ZSubsystemStatus,
  storage: ZSubsystemStatus,
  mail: ZSubsystemStatus,
  /** Only when REDIS_URL is set. */
  redis: ZSubsystemStatus.optional(),
  jobs: ZSubsystemStatus,
});
export type TSubsystems = z.infer<typeof ZSubsystems>;

export const ZHistoryPoint = z.object({
  at: z.string(),
  score: z.number(),
  status: z.enum(HEALTH_STATES),
  states: z.record(z.string(), z.enum(HEALTH_STATES)),
});

export const ZIncident = z.object({
  id: z.string(),
  subsystem: z.enum(MONITORED_SUBSYSTEMS),
  status: z.enum(HEALTH_STATES),
  code: z.enum(SUBSYSTEM_CODES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TIncident = z.infer<typeof ZIncident>;

export const ZRecovery = z.object({
  id: z.string(),
  errorType: z.enum(RECOVERY_ERROR_TYPES),
  level: z.enum(RECOVERY_LEVELS),
  /** done: the action ran; scheduled: a delayed step waiting; failed: the action threw; noted: fallback/emergency. */
  outcome: z.enum(['done', 'scheduled', 'failed', 'noted']),
  proactive: z.boolean(),
  at: z.string(),
});
export type TRecovery = z.infer<typeof ZRecovery>;

const ZQueueCounts = z.object({ pending: z.number().int(), failed: z.number().int() });
export const ZJobQueue = z.object({
  outbox: ZQueueCounts,
  documentReadings: ZQueueCounts,
  reportRuns: ZQueueCounts,
  /** The organization's mail accounts whose sync is syncing or due (pending) and in error (failed). */
  mailSync: ZQueueCounts,
});
export type TJobQueue = z.infer<typeof ZJobQueue>;

export const ZSystemStatus = z.object({
  /** Null until the monitor's first check. */
  checkedAt: z.string().nullable(),
  status: z.enum(HEALTH_STATES),
  score: z.number(),
  mode: z.enum(SYSTEM_MODES),
  subsystems: ZSubsystems.nullable(),
  /** Connected accounts of this organization failing to reach their provider. */
  providerFailures: z.number().int(),
  /** Last 24 h, the worst check of each 5 minutes, oldest first. */
  history: z.array(ZHistoryPoint),
  incidents: z.array(ZIncident),
  recoveries: z.array(ZRecovery),
  /** Only for who may manage the organization (admins). */
  queue: ZJobQueue.optional(),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

/** GET /api/v1/system-status/mode: what the shell's banner needs, polled. */
export const ZSystemMode = z.object({ mode: z.enum(SYSTEM_MODES), checkedAt: z.string().nullable() });
export type TSystemMode = z.infer<typeof ZSystemMode>;
