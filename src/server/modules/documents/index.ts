export { documentRoutes } from './routes.ts';
export { createReadingRunner, type ReadingRunner } from './reading-jobs.ts';
export { emptyExpiredTrash, startDocumentTrashSweep } from './service.ts';
export { importNewMailAttachments, keepMailedInvoices } from './mail-imports.ts';
