import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HEALTH_STATES } from '@shared/health/health-score.ts';
import type { HealthReport } from './service.ts';

const ZSubsystem = z.object({
  status: z.enum(HEALTH_STATES),
  latencyMs: z.number().optional(),
  detail: z.string().optional(),
});
const ZMailSubsystem = ZSubsystem.extend({
  /** The outgoing queue: messages waiting, how long the oldest has waited, failures of the last 24 h. */
  queue: z
    .object({
      waiting: z.number().int(),
      oldestWaitingSeconds: z.number().int().nullable(),
      failedLastDay: z.number().int(),
      lastErrorCode: z.string().nullable(),
    })
    .optional(),
});
const ZHealth = z.object({
  status: z.enum(HEALTH_STATES),
  score: z.number(),
  usable: z.boolean(),
  checkedAt: z.string(),
  subsystems: z.object({ database: ZSubsystem, storage: ZSubsystem, mail: ZMailSubsystem }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ check: () => Promise<HealthReport> }> = async (
  app,
  { check },
) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/health',
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Status of database, storage and mail with the overall score',
      response: { 200: ZHealth, 503: ZHealth },
    },
    handler: async (_request, reply) => {
      const report = await check();
      reply.header('cache-control', 'no-store');
      return reply.status(report.usable ? 200 : 503).send(report);
    },
  });
};
