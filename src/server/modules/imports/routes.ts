import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_FILE_MAX_BYTES, XLSX_TYPE, ZParseQuery, ZParsedFile } from '@shared/imports/contracts.ts';
import { parseImportFile } from './service.ts';

/**
 * Turns an uploaded CSV or XLSX file into a header row and text rows; each import screen (clients, items, bank
 * statements) then maps columns and posts the mapped rows to its own import route.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['text/csv', XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit: IMPORT_FILE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/imports/parse',
    {
      config: { permissions: ['manage_financial_data'] },
      bodyLimit: IMPORT_FILE_MAX_BYTES,
      schema: {
        tags: ['imports'],
        summary: 'Read an uploaded CSV (text/csv) or XLSX file as the raw body into headers and rows',
        querystring: ZParseQuery,
        response: { 200: ZParsedFile },
      },
    },
    (request) =>
      parseImportFile(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers['content-type'],
        request.query,
      ),
  );
};
