import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCsv, CSV_DELIMITERS } from '@shared/imports/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { MAX_IMPORT_ROWS, XLSX_TYPE, readXlsx } from './spreadsheets.ts';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

const ZParsedFile = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  format: z.enum(['csv', 'xlsx']),
});

/**
 * Turns an uploaded CSV or XLSX file into a header row and text rows; each import screen (clients,
 * items, bank statements) then maps columns and posts the mapped rows to its own import route.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    ['text/csv', XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/api/v1/imports/parse',
    {
      config: { permissions: ['manage_financial_data'] },
      bodyLimit: MAX_FILE_BYTES,
      schema: {
        tags: ['imports'],
        summary: 'Read an uploaded CSV (text/csv) or XLSX file as the raw body into headers and rows',
        querystring: z.object({
          delimiter: z.enum(['comma', 'semicolon', 'tab']).optional(),
          skipLines: z.coerce.number().int().min(0).max(50).optional(),
        }),
        response: { 200: ZParsedFile },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length === 0)
        throw new AppError('VALIDATION_ERROR', [{ path: 'file', message: 'imports.errors.emptyFile' }]);
      const type = request.headers['content-type']?.split(';')[0]?.trim();
      let parsed: { headers: string[]; rows: string[][] };
      if (type === XLSX_TYPE) {
        try {
          parsed = await readXlsx(body);
        } catch {
          throw new AppError('VALIDATION_ERROR', [
            { path: 'file', message: 'imports.errors.unreadableFile' },
          ]);
        }
      } else {
        const delimiter = request.query.delimiter
          ? CSV_DELIMITERS[['comma', 'semicolon', 'tab'].indexOf(request.query.delimiter)]
          : undefined;
        parsed = parseCsv(body.toString('utf8'), { delimiter, skipLines: request.query.skipLines });
      }
      if (parsed.headers.length === 0) {
        throw new AppError('VALIDATION_ERROR', [{ path: 'file', message: 'imports.errors.emptyFile' }]);
      }
      if (parsed.rows.length > MAX_IMPORT_ROWS) {
        throw new AppError('VALIDATION_ERROR', [{ path: 'file', message: 'imports.errors.tooManyRows' }]);
      }
      return {
        headers: parsed.headers,
        rows: parsed.rows,
        format: type === XLSX_TYPE ? 'xlsx' : 'csv',
      } as const;
    },
  );
};
