import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { localeFromAcceptLanguage } from '@shared/errors/error-codes.ts';
import { ZDeleteAccountRequest, ZDeleteAccountResult, ZDeletionPlan } from '@shared/privacy/contracts.ts';
import { auditFromRequest, originOf } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { topics } from '../../platform/realtime.ts';
import { scopeOf, userOf } from '../../platform/request-context.ts';
import { requireStepUp } from '../../platform/step-up.ts';
import type { SecurityModuleDeps } from '../security/deps.ts';
import { deleteAccount, deletionPlan } from './account-deletion.ts';
import { organizationExportPlan, writeOrganizationExport } from './organization-export.ts';
import { writePersonalExport } from './personal-export.ts';
import { streamZip, type ZipWriter } from './zip-writer.ts';

const ZIP_RESPONSE = z.string().meta({ format: 'binary', description: 'ZIP archive of JSON files' });
/** Exports read a lot: a few per user and window are plenty. */
const EXPORT_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

function day(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** The organization export is for its super admins only (not a permission of the matrix: a role rule). */
async function requireSuperAdmin(request: FastifyRequest) {
  if (scopeOf(request).role !== 'super_admin') throw new AppError('FORBIDDEN');
}

/** Sends the archive that `produce` writes, as a download; a failure half-way is logged and breaks it. */
function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  produce: (zip: ZipWriter) => Promise<void>,
) {
  const stream = streamZip(produce, (error) => request.log.error({ err: error }, 'export failed'));
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * GDPR (issue 7): the user's personal data as a zip, account deletion with its plan, and the organization's
 * data as a zip for its super admin. Each behind a recent step-up, each audited.
 */
export const privacyRoutes: FastifyPluginAsyncZod<SecurityModuleDeps> = async (app, deps) => {
  const tags = ['privacy'];

  app.get(
    '/api/v1/privacy/my-data',
    {
      config: { access: 'user', rateLimit: EXPORT_RATE_LIMIT },
      preHandler: requireStepUp(deps.db, 'export_data'),
      schema: {
        tags,
        summary:
          'Everything the app keeps about the signed-in user, as JSON files in a ZIP with a README ' +
          '(no password hash, two-factor secret or session token)',
        response: { 200: ZIP_RESPONSE },
      },
    },
    async (request, reply) => {
      const signedIn = userOf(request);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      await auditFromRequest(deps.db, request, {
        action: 'personal_data_exported',
        organizationId: null,
        targetUserId: signedIn.id,
      });
      const now = new Date();
      const fileName = `${locale === 'it' ? 'dati-personali' : 'personal-data'}-${day(now)}.zip`;
      return sendZip(request, reply, fileName, (zip) =>
        writePersonalExport(deps, {
          zip,
          userId: signedIn.id,
          currentSessionId: signedIn.sessionId,
          locale,
          now,
        }),
      );
    },
  );

  app.get(
    '/api/v1/privacy/organization-export',
    {
      config: { rateLimit: EXPORT_RATE_LIMIT },
      preHandler: [requireSuperAdmin, requireStepUp(deps.db, 'export_data')],
      schema: {
        tags,
        summary:
          "All of the active organization's data (super admin only): one JSON file per table with an " +
          'organization_id column, in a ZIP with a README and a manifest',
        response: { 200: ZIP_RESPONSE },
      },
    },
    async (request, reply) => {
      const { orgId } = scopeOf(request);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const plan = await organizationExportPlan(deps, { orgId });
      await auditFromRequest(deps.db, request, {
        action: 'organization_data_exported',
        organizationId: orgId,
        details: { tables: plan.tables },
      });
      const now = new Date();
      const fileName = `${plan.organization.slug}-${locale === 'it' ? 'dati' : 'data'}-${day(now)}.zip`;
      return sendZip(request, reply, fileName, (zip) =>
        writeOrganizationExport(deps, { zip, orgId, locale, now }),
      );
    },
  );

  app.get(
    '/api/v1/privacy/delete-account/plan',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'What deleting the account would mean: the organizations the user is the only super admin of ' +
          '(each needs a transfer or a deletion, with the members who can take over) and those simply left',
        response: { 200: ZDeletionPlan },
      },
    },
    async (request) => deletionPlan(deps, { user: userOf(request) }),
  );

  app.post(
    '/api/v1/privacy/delete-account',
    {
      config: { access: 'user', rateLimit: { max: 10, timeWindow: 10 * 60_000 } },
      preHandler: requireStepUp(deps.db, 'delete_account'),
      schema: {
        tags,
        summary:
          'Deletes the signed-in account after the typed confirmation (the e-mail address); each ' +
          'organization it is the only super admin of is transferred to another member or deleted. Signs out.',
        body: ZDeleteAccountRequest,
        response: { 200: ZDeleteAccountResult },
      },
    },
    async (request, reply) => {
      const signedIn = userOf(request);
      const { result, endedSessionIds, fileKeys } = await deleteAccount(deps, {
        user: signedIn,
        request: request.body,
        origin: originOf(request),
      });
      // The account's other devices hear that their session ended; this one is signing itself out and says so
      // itself (told too, it showed "closed from another device" when the message beat its own navigation).
      for (const sessionId of endedSessionIds.filter((id) => id !== signedIn.sessionId)) {
        await deps.hub.publish(topics.session(sessionId), { type: 'SESSION_REVOKED' });
      }
      // The rows are gone for good; a file that cannot be removed now is logged, never a failed deletion.
      for (const key of fileKeys) {
        await deps.files
          .remove(key)
          .catch((err: unknown) => request.log.warn({ err, key }, 'file not removed'));
      }
      // The session row is gone; this clears the browser's cookies.
      const signedOut = await deps.auth.api.signOut({
        headers: fromNodeHeaders(request.headers),
        returnHeaders: true,
      });
      const cookies = signedOut.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return result;
    },
  );
};
