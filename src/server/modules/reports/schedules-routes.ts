import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '@shared/ids/uuid.ts';
import { ZSchedule, ZScheduleInput, ZScheduleList } from '@shared/reports/schedules.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import {
  createReportSchedule,
  deleteReportSchedule,
  lastScheduledFile,
  listReportSchedules,
  runReportScheduleNow,
  scheduleRecipients,
  updateReportSchedule,
  type ScheduleDeps,
} from './schedules-service.ts';

const ZIdParams = z.object({ id: z.string().max(64) });
const idOf = (params: { id: string }) => {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  return params.id;
};

/**
 * /api/v1/reports/schedules: reports e-mailed weekly or monthly to members. A schedule sends the organization's
 * figures as a file, so it needs what exporting needs: view_analytics, access_reports and export_financial_data.
 */
export const reportScheduleRoutes: FastifyPluginAsyncZod<ScheduleDeps> = async (app, deps) => {
  const config = { permissions: ['view_analytics', 'access_reports', 'export_financial_data'] } as const;
  const tags = ['reports'];

  app.get(
    '/api/v1/reports/schedules',
    {
      config,
      schema: {
        tags,
        summary: 'Scheduled reports of the organization, with their next run and the outcome of the last one',
        response: { 200: ZScheduleList },
      },
    },
    async (request) => ({ items: await listReportSchedules(deps, { orgId: scopeOf(request).orgId }) }),
  );

  app.get(
    '/api/v1/reports/schedules/recipients',
    {
      config,
      schema: {
        tags,
        summary: 'The members a scheduled report can be sent to',
        response: {
          200: z.object({
            items: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
          }),
        },
      },
    },
    async (request) => ({ items: await scheduleRecipients(deps, { orgId: scopeOf(request).orgId }) }),
  );

  app.post(
    '/api/v1/reports/schedules',
    {
      config,
      schema: {
        tags,
        summary: 'Schedules a report: kind, format, weekly (weekday) or monthly (day) and member recipients',
        body: ZScheduleInput,
        response: { 201: ZSchedule },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const schedule = await createReportSchedule(deps, { orgId, userId, values: request.body });
      return reply.status(201).send(schedule);
    },
  );

  app.put(
    '/api/v1/reports/schedules/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Changes a schedule (pause it with active: false); its next run is planned again',
        params: ZIdParams,
        body: ZScheduleInput,
        response: { 200: ZSchedule },
      },
    },
    async (request) =>
      updateReportSchedule(deps, {
        orgId: scopeOf(request).orgId,
        id: idOf(request.params),
        values: request.body,
      }),
  );

  app.delete(
    '/api/v1/reports/schedules/:id',
    {
      config,
      schema: { tags, summary: 'Deletes a schedule', params: ZIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteReportSchedule(deps, { orgId: scopeOf(request).orgId, id: idOf(request.params) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/reports/schedules/:id/run',
    {
      config,
      schema: {
        tags,
        summary: 'Queues a run now; its progress comes as REPORT_STATUS_UPDATE on the live channel',
        params: ZIdParams,
        response: { 202: ZSchedule },
      },
    },
    async (request, reply) => {
      const { orgId, userId } = scopeOf(request);
      const schedule = await runReportScheduleNow(deps, { orgId, userId, id: idOf(request.params) });
      return reply.status(202).send(schedule);
    },
  );

  app.get(
    '/api/v1/reports/schedules/:id/file',
    {
      config,
      schema: {
        tags,
        summary: 'The file of the last successful run',
        params: ZIdParams,
        response: { 200: z.string().meta({ format: 'binary', description: 'CSV, XLSX or PDF file' }) },
      },
    },
    async (request, reply) => {
      const file = await lastScheduledFile(deps, { orgId: scopeOf(request).orgId, id: idOf(request.params) });
      return (reply as FastifyReply)
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
