import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  ZBulkAction,
  ZCorrespondent,
  ZDocument,
  ZDocumentPage,
  ZDocumentQuery,
  ZDocumentTag,
  ZDocumentUpdate,
  ZLinkInput,
  ZMailImport,
  ZMailImportInput,
  ZRule,
  ZRuleInput,
  ZTagInput,
  ZUploadResult,
} from '@shared/documents/contracts.ts';
import { ZTransactionInput } from '@shared/transactions/contracts.ts';
import { AppError } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/request-context.ts';
import * as service from './service.ts';
import type { DocumentDeps } from './service.ts';
import * as tagsRules from './tags-rules.ts';
import { storeUpload } from './upload.ts';
import { listMailImports, removeMailImport, saveMailAttachment, setMailImport } from './mail-imports.ts';
import { zipStream } from './zip.ts';

const tags = ['documents'];
const ZId = z.object({ id: z.string().max(64) });
const ZNoContent = z.null().meta({ description: 'No content' });
const ZCount = z.object({ count: z.number().int() });

/** A file name in a Content-Disposition header: ASCII fallback plus the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Documents (issue 17): upload (multipart, one file per request, streamed), list and full-text search, filing,
 * links, trash, bulk actions, zip download, an expense from a receipt, tags and matching rules.
 * view_financial_data reads, manage_financial_data changes.
 */
export const documentRoutes: FastifyPluginAsyncZod<DocumentDeps & { maxFileBytes: number }> = async (
  app,
  deps,
) => {
  const view = { permissions: ['view_financial_data'] } as const;
  const manage = { permissions: ['manage_financial_data'] } as const;
  await app.register(multipart, {
    // preservePath: the name as sent, so one with path separators is refused rather than silently cut.
    preservePath: true,
    limits: { files: 1, fields: 5, fieldSize: 1000, fileSize: deps.maxFileBytes + 1, parts: 8 },
  });

  app.post(
    '/api/v1/documents',
    {
      config: manage,
      bodyLimit: deps.maxFileBytes + 1024 * 1024,
      schema: {
        tags,
        summary:
          'Upload one file (multipart/form-data, field `file`; optional fields documentType, allowDuplicate)',
        response: { 200: ZUploadResult, 201: ZUploadResult },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
      const part = await request.file();
      if (!part) throw new AppError('FILE_REQUIRED');
      const field = (name: string) => {
        const f = part.fields[name];
        return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
      };
      const documentType = field('documentType');
      if (documentType !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', [
          { path: 'documentType', message: 'documents.errors.typeInvalid' },
        ]);
      }
      const { orgId, userId } = scopeOf(request);
      const result = await storeUpload(deps, {
        orgId,
        userId,
        fileName: part.filename,
        stream: part.file,
        maxBytes: deps.maxFileBytes,
        documentType: documentType as (typeof DOCUMENT_TYPES)[number] | undefined,
        allowDuplicate: field('allowDuplicate') === 'true',
      });
      return reply.status(result.status === 'created' ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/v1/documents',
    { config: view, schema: { tags, querystring: ZDocumentQuery, response: { 200: ZDocumentPage } } },
    async (request) => service.listDocuments(deps, scopeOf(request).orgId, request.query),
  );

  app.get(
    '/api/v1/documents/correspondents',
    {
      config: view,
      schema: {
        tags,
        summary: 'Clients and suppliers by name, for the correspondent picker',
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: z.object({ items: z.array(ZCorrespondent) }) },
      },
    },
    async (request) => ({
      items: await service.findCorrespondents(deps, scopeOf(request).orgId, request.query.q),
    }),
  );

  app.get(
    '/api/v1/documents/:id',
    { config: view, schema: { tags, params: ZId, response: { 200: ZDocument } } },
    async (request) => service.getDocument(deps, scopeOf(request).orgId, request.params.id),
  );

  app.patch(
    '/api/v1/documents/:id',
    { config: manage, schema: { tags, params: ZId, body: ZDocumentUpdate, response: { 200: ZDocument } } },
    async (request) => service.updateDocument(deps, scopeOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/documents/:id/file',
    {
      config: view,
      schema: {
        tags,
        params: ZId,
        querystring: z.object({ download: z.enum(['1', 'true']).optional() }),
        response: { 200: z.string().meta({ format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await service.documentFile(deps, scopeOf(request).orgId, request.params.id);
      // Only images and PDFs are shown in the page; anything else is always a download (never rendered as HTML).
      const inline =
        !request.query.download && /^(image\/(jpeg|png|webp|tiff)|application\/pdf)$/.test(file.mimeType);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream as unknown as string);
    },
  );

  app.delete(
    '/api/v1/documents/:id',
    {
      config: manage,
      schema: { tags, summary: 'Move to the trash', params: ZId, response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      const n = await service.trashDocuments(deps, scopeOf(request).orgId, [request.params.id]);
      if (n === 0) {
        // Already in the trash, or not a document of this organization.
        await service.getDocument(deps, scopeOf(request).orgId, request.params.id);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/documents/:id/restore',
    { config: manage, schema: { tags, params: ZId, response: { 200: ZDocument } } },
    async (request) => {
      const { orgId } = scopeOf(request);
      await service.restoreDocuments(deps, orgId, [request.params.id]);
      return service.getDocument(deps, orgId, request.params.id);
    },
  );

  app.delete(
    '/api/v1/documents/:id/permanent',
    { config: manage, schema: { tags, params: ZId, response: { 204: ZNoContent } } },
    async (request, reply) => {
      await service.deletePermanently(deps, scopeOf(request).orgId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/documents/:id/reading/cancel',
    { config: manage, schema: { tags, params: ZId, response: { 200: ZDocument } } },
    async (request) => service.cancelReading(deps, scopeOf(request).orgId, request.params.id),
  );

  app.post(
    '/api/v1/documents/:id/reading/retry',
    { config: manage, schema: { tags, params: ZId, response: { 200: ZDocument } } },
    async (request) => service.retryReading(deps, scopeOf(request).orgId, request.params.id),
  );

  app.post(
    '/api/v1/documents/:id/links',
    { config: manage, schema: { tags, params: ZId, body: ZLinkInput, response: { 200: ZDocument } } },
    async (request) => {
      const scope = scopeOf(request);
      await service.getDocument(deps, scope.orgId, request.params.id);
      await service.addLink(deps, scope, [request.params.id], request.body);
      return service.getDocument(deps, scope.orgId, request.params.id);
    },
  );

  app.delete(
    '/api/v1/documents/:id/links/:linkId',
    {
      config: manage,
      schema: { tags, params: ZId.extend({ linkId: z.string().max(64) }), response: { 200: ZDocument } },
    },
    async (request) =>
      service.removeLink(deps, scopeOf(request).orgId, request.params.id, request.params.linkId),
  );

  app.post(
    '/api/v1/documents/bulk',
    { config: manage, schema: { tags, body: ZBulkAction, response: { 200: ZCount } } },
    async (request) => ({ count: await service.bulkAction(deps, scopeOf(request), request.body) }),
  );

  app.post(
    '/api/v1/documents/download',
    {
      config: view,
      schema: {
        tags,
        summary: 'The files of the chosen documents as one zip',
        body: z.object({ ids: z.array(z.uuid()).min(1).max(200) }),
        response: { 200: z.string().meta({ format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const entries = await service.filesForZip(deps, scopeOf(request).orgId, request.body.ids);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', disposition('attachment', 'documenti.zip'))
        .header('cache-control', 'no-store')
        .send(zipStream(deps.files, entries) as unknown as string);
    },
  );

  app.post(
    '/api/v1/documents/:id/expense',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save the checked expense of a receipt and link it to the document',
        params: ZId,
        body: ZTransactionInput,
        response: { 201: z.object({ transactionId: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createExpense(deps, scopeOf(request), request.params.id, request.body)),
  );

  // ------------------------------------------------------------ mail
  app.post(
    '/api/v1/documents/from-mail',
    {
      config: manage,
      schema: {
        tags,
        summary: "Save an attachment of the user's own mail as a document",
        body: z.object({ attachmentId: z.string().max(64) }),
        response: { 200: ZUploadResult, 201: ZUploadResult },
      },
    },
    async (request, reply) => {
      const result = await saveMailAttachment(deps, scopeOf(request), request.body.attachmentId);
      return reply.status(result.status === 'created' ? 201 : 200).send(result);
    },
  );
  app.get(
    '/api/v1/documents/mail-imports',
    {
      config: view,
      schema: {
        tags,
        summary: "The user's mail folders whose new mail's attachments become documents",
        response: { 200: z.object({ items: z.array(ZMailImport) }) },
      },
    },
    async (request) => ({ items: await listMailImports(deps, scopeOf(request)) }),
  );
  app.put(
    '/api/v1/documents/mail-imports/:folderId',
    {
      config: manage,
      schema: {
        tags,
        params: z.object({ folderId: z.string().max(64) }),
        body: ZMailImportInput,
        response: { 200: ZMailImport },
      },
    },
    async (request) => setMailImport(deps, scopeOf(request), request.params.folderId, request.body),
  );
  app.delete(
    '/api/v1/documents/mail-imports/:folderId',
    {
      config: manage,
      schema: { tags, params: z.object({ folderId: z.string().max(64) }), response: { 204: ZNoContent } },
    },
    async (request, reply) => {
      await removeMailImport(deps, scopeOf(request), request.params.folderId);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ tags
  app.get(
    '/api/v1/document-tags',
    { config: view, schema: { tags, response: { 200: z.object({ items: z.array(ZDocumentTag) }) } } },
    async (request) => ({ items: await tagsRules.listTags(deps, scopeOf(request).orgId) }),
  );
  app.post(
    '/api/v1/document-tags',
    { config: manage, schema: { tags, body: ZTagInput, response: { 201: ZDocumentTag } } },
    async (request, reply) =>
      reply.status(201).send(await tagsRules.createTag(deps, scopeOf(request).orgId, request.body)),
  );
  app.patch(
    '/api/v1/document-tags/:id',
    { config: manage, schema: { tags, params: ZId, body: ZTagInput, response: { 200: ZDocumentTag } } },
    async (request) => tagsRules.updateTag(deps, scopeOf(request).orgId, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/document-tags/:id',
    { config: manage, schema: { tags, params: ZId, response: { 204: ZNoContent } } },
    async (request, reply) => {
      await tagsRules.deleteTag(deps, scopeOf(request).orgId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ matching rules
  app.get(
    '/api/v1/document-rules',
    { config: view, schema: { tags, response: { 200: z.object({ items: z.array(ZRule) }) } } },
    async (request) => ({ items: await tagsRules.listRules(deps, scopeOf(request).orgId) }),
  );
  app.post(
    '/api/v1/document-rules',
    { config: manage, schema: { tags, body: ZRuleInput, response: { 201: ZRule } } },
    async (request, reply) =>
      reply.status(201).send(await tagsRules.createRule(deps, scopeOf(request).orgId, request.body)),
  );
  app.put(
    '/api/v1/document-rules/:id',
    { config: manage, schema: { tags, params: ZId, body: ZRuleInput, response: { 200: ZRule } } },
    async (request) => tagsRules.updateRule(deps, scopeOf(request).orgId, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/document-rules/:id',
    { config: manage, schema: { tags, params: ZId, response: { 204: ZNoContent } } },
    async (request, reply) => {
      await tagsRules.deleteRule(deps, scopeOf(request).orgId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
