import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSystemMode, ZSystemStatus } from '@shared/health/system-status.ts';
import { scopeOf } from '../../platform/request-context.ts';
import { systemModeOf, systemStatus, type StatusDeps } from './status-service.ts';

/** The system status (issue 18): every member sees the subsystems, history, incidents and recoveries. */
export const systemStatusRoutes: FastifyPluginAsyncZod<StatusDeps> = async (app, deps) => {
  const tags = ['health'];
  app.get(
    '/api/v1/system-status',
    {
      schema: {
        tags,
        summary:
          'State of each subsystem from the monitor’s latest check, the last 24 h (worst check of each 5 minutes), ' +
          'recent incidents and recoveries; with manage_organization also the organization’s job queue',
        response: { 200: ZSystemStatus },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return systemStatus(deps, scopeOf(request));
    },
  );
  app.get(
    '/api/v1/system-status/mode',
    {
      schema: {
        tags,
        summary: 'The mode the app announces: normal, provider_issues, offline or emergency (spec §8)',
        response: { 200: ZSystemMode },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return systemModeOf(deps, scopeOf(request));
    },
  );
};
